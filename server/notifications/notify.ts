import type { Queryable } from '../db/client.ts';
import type { NotificationType } from '../../src/lib/domain/notifications.ts';
import { insertNotification } from './notifications.repository.ts';

export type { NotificationType } from '../../src/lib/domain/notifications.ts';

/** What a feature tells a user. The text is `notifications.events.<event>` with `params`, made in the UI. */
export interface NotificationInput {
  userId: string;
  type: NotificationType;
  /** One of NOTIFICATION_EVENTS (src/lib/domain/notifications.ts). */
  event: string;
  params?: Record<string, string | number>;
  /** The app path opening the notification leads to. */
  link: string;
  /** Makes the notification at most once per user and key (e.g. `follow:<follow id>`). */
  dedupeKey?: string;
  /** What it is about (a FEED item, a BOOK, an EPUSTAKA, a USER) and who caused it, as the API names them. */
  object?: { type: string; id: string };
  senderId?: string;
}

/** A notification just stored. */
export interface StoredNotification {
  id: string;
  userId: string;
  type: NotificationType;
  event: string;
  params: Record<string, string | number>;
  link: string;
  createdAt: string;
}

type Listener = (n: StoredNotification) => void;
const listeners = new Set<Listener>();

/**
 * Notifies a user, in the caller's transaction (pass the transaction so the notification stands or
 * falls with the change it reports). With a dedupeKey it happens exactly once per user and key:
 * a second call with the same key changes nothing and tells no listener.
 */
export async function notify(db: Queryable, input: NotificationInput): Promise<void> {
  const row = await insertNotification(db, {
    userId: input.userId,
    type: input.type,
    event: input.event,
    params: input.params ?? {},
    link: input.link,
    dedupeKey: input.dedupeKey,
    object: input.object,
    senderId: input.senderId,
  });
  if (!row) return;
  const stored: StoredNotification = {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    event: row.event,
    params: row.params ?? {},
    link: row.link,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
  };
  for (const listener of listeners) {
    try {
      listener(stored);
    } catch (error) {
      console.warn('[notifications] a listener failed', error);
    }
  }
}

/**
 * Calls `listener` after each notification is stored (web push uses it). Answers the function
 * that stops the calls.
 */
export function onNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
