import type { ApiDeps } from '../deps.ts';
import type { Notification, NotificationListMeta } from '../../src/lib/notifications/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { notifyLoansDueSoon } from './loan-due.ts';
import { findNotification, listNotifications, markNotificationRead, toNotification } from './notifications.repository.ts';

const DAY_MS = 86_400_000;

/** A page of the caller's notifications at most `maxAge` days old (texts in `lang`), after announcing loans due soon. */
export async function listForCaller(
  deps: ApiDeps,
  userId: string,
  query: { limit: number; offset: number; max_age: number; lang: string },
): Promise<{ data: Notification[]; meta: NotificationListMeta }> {
  const now = deps.now();
  await notifyLoansDueSoon(deps.db, userId, now);
  const page = await listNotifications(deps.db, { userId, since: new Date(now.getTime() - query.max_age * DAY_MS), limit: query.limit, offset: query.offset });
  return {
    data: page.rows.map((row) => toNotification(row, query.lang)),
    meta: { total: page.total, unread: page.unread, limit: query.limit, offset: query.offset },
  };
}

/**
 * Marks one of the caller's notifications read.
 * @throws ApiError notification_not_found (404), not_your_notification (403).
 */
export async function markRead(deps: ApiDeps, userId: string, id: string, lang: string): Promise<Notification> {
  const row = await findNotification(deps.db, id);
  if (!row) throw notFound('notification_not_found', 'The notification could not be found.');
  if (row.user_id !== userId) throw forbidden('not_your_notification', 'This notification is not yours.');
  return toNotification((await markNotificationRead(deps.db, id, deps.now()))!, lang);
}
