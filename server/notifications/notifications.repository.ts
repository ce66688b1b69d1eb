import type { Queryable } from '../db/client.ts';
import type { NotificationType } from '../../src/lib/notifications/rules.ts';
import type { Notification } from '../../src/lib/notifications/schema.ts';
import { pushPayload } from '../push/push-texts.ts';

/** A notification as stored. */
export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  event: string;
  params: Record<string, string | number>;
  link: string;
  dedupe_key: string | null;
  read_at: string | Date | null;
  created_at: string | Date;
  object_type: string | null;
  object_id: string | null;
  sender_id: string | null;
}

/** A stored notification with its sender, as lists and the API read it. */
export interface NotificationView extends NotificationRow {
  sender_name: string | null;
  sender_avatar_url: string | null;
}

const COLUMNS = 'id, user_id, type, event, params, link, dedupe_key, read_at, created_at, object_type, object_id, sender_id';
const VIEW_COLUMNS = `n.id, n.user_id, n.type, n.event, n.params, n.link, n.dedupe_key, n.read_at, n.created_at, n.object_type, n.object_id, n.sender_id,
  s.name AS sender_name, s.avatar_url AS sender_avatar_url`;

/**
 * Stores a notification; with a dedupe key, only when the user has none with that key yet.
 * Answers the new row, or undefined when the key was already used.
 */
export async function insertNotification(
  db: Queryable,
  row: {
    userId: string;
    type: NotificationType;
    event: string;
    params: Record<string, string | number>;
    link: string;
    dedupeKey?: string;
    now?: Date;
    object?: { type: string; id: string };
    senderId?: string;
  },
): Promise<NotificationRow | undefined> {
  const { rows } = await db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, type, event, params, link, dedupe_key, created_at, object_type, object_id, sender_id)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, COALESCE($7::timestamptz, now()), $8, $9, $10)
     ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      row.userId, row.type, row.event, JSON.stringify(row.params), row.link, row.dedupeKey ?? null, row.now?.toISOString() ?? null,
      row.object?.type ?? null, row.object?.id ?? null, row.senderId ?? null,
    ],
  );
  return rows[0];
}

/** A page of a user's notifications, newest first, created after `since`; with the total and unread counts. */
export async function listNotifications(
  db: Queryable,
  query: { userId: string; since: Date; limit: number; offset: number },
): Promise<{ rows: NotificationView[]; total: number; unread: number }> {
  const counts = await db.query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
       FROM notifications WHERE user_id = $1 AND created_at >= $2`,
    [query.userId, query.since.toISOString()],
  );
  const { rows } = await db.query<NotificationView>(
    `SELECT ${VIEW_COLUMNS} FROM notifications n LEFT JOIN users s ON s.id = n.sender_id
      WHERE n.user_id = $1 AND n.created_at >= $2
      ORDER BY n.created_at DESC, n.id DESC LIMIT $3 OFFSET $4`,
    [query.userId, query.since.toISOString(), query.limit, query.offset],
  );
  return { rows, total: counts.rows[0]!.total, unread: counts.rows[0]!.unread };
}

export async function findNotification(db: Queryable, id: string): Promise<NotificationRow | undefined> {
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [id]);
  return rows[0];
}

/** Marks a notification read (once; a second call keeps the first time); answers it with its sender. */
export async function markNotificationRead(db: Queryable, id: string, now: Date): Promise<NotificationView | undefined> {
  const { rows } = await db.query<NotificationView>(
    `WITH n AS (UPDATE notifications SET read_at = COALESCE(read_at, $2) WHERE id = $1 RETURNING ${COLUMNS})
     SELECT ${VIEW_COLUMNS} FROM n LEFT JOIN users s ON s.id = n.sender_id`,
    [id, now.toISOString()],
  );
  return rows[0];
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The API's shape of a stored notification: the event design (`event`, `params`, `link`) and,
 * beside it, the spec's fields: what it is about, who caused it, and its title and message worded
 * in `lang` (the words push uses).
 */
export function toNotification(row: NotificationView, lang: string): Notification {
  const text = pushPayload(row, lang);
  return {
    id: row.id,
    type: row.type,
    event: row.event,
    params: row.params ?? {},
    link: row.link,
    is_read: row.read_at !== null,
    created_at: iso(row.created_at),
    object_type: row.object_type,
    object_id: row.object_id,
    sender: row.sender_id && row.sender_name !== null ? { id: row.sender_id, name: row.sender_name, avatar_url: row.sender_avatar_url } : null,
    title: text.title,
    message: text.body,
  };
}

/** A user's display name, for the text of the notifications they cause. */
export async function userName(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId]);
  return rows[0]?.name ?? '';
}
