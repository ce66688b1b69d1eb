import type { Queryable } from '../db/client.ts';
import type { NotificationType } from '../../src/lib/notifications/rules.ts';
import { insertNotification } from './notifications.repository.ts';

export type { NotificationType } from '../../src/lib/notifications/rules.ts';

/** What a feature tells a user. The text is `notifications.events.<event>` with `params`, made in the UI. */
export interface NotificationInput {
  userId: string;
  type: NotificationType;
  /** One of NOTIFICATION_EVENTS (src/lib/notifications/rules.ts). */
  event: string;
  params?: Record<string, string | number>;
  /** The app path opening the notification leads to. */
  link: string;
  /** Makes the notification at most once per user and key (e.g. `follow:<follow id>`). */
  dedupeKey?: string;
  /** What it is about (a FEED item, a BOOK, an EPUSTAKA, a USER), as the API names it. */
  object?: { type: string; id: string };
  /** The person whose action this reports, if any: the API names them, and the hourly cap per sender and recipient applies. */
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

type SenderRule = (db: Queryable, senderId: string, userId: string) => Promise<boolean>;
let mayNotify: SenderRule = async () => true;

/** Sets the rule deciding whether a sender may still notify a recipient (the API sets the hourly cap). */
export function limitNotifications(rule: SenderRule): void {
  mayNotify = rule;
}

/**
 * Notifies a user, in the caller's transaction (pass the transaction so the notification stands or
 * falls with the change it reports). With a dedupeKey it happens exactly once per user and key:
 * a second call with the same key changes nothing and tells no listener.
 */
export async function notify(db: Queryable, input: NotificationInput): Promise<void> {
  // Past the cap the action still happens (the comment is saved), but this recipient hears no more
  // of this sender this hour: no notification row, so no push either.
  if (input.senderId && !(await mayNotify(db, input.senderId, input.userId))) return;
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
