import type { HttpClient } from '../http/http.ts';
import type { Notification, NotificationListMeta, NotificationListQuery } from './schema.ts';

/* The notification calls: a page of them with the unread count, and marking them read (spec 02 §7). */

/** GET webhook/notifications: a page, with the total and unread counts in `meta`. */
export function getNotifications(http: HttpClient, params: NotificationListQuery): Promise<{ data: Notification[]; meta: NotificationListMeta }> {
  return http.get('webhook/notifications', { ...params });
}

/** PUT webhook/notification: marks one read; answers it (with its link). */
export async function markNotificationRead(http: HttpClient, notificationId: string): Promise<Notification> {
  return (await http.put<{ data: Notification }>('webhook/notification', { notification_id: notificationId })).data;
}
