import { z } from 'zod';
import { NOTIFICATION_MAX_AGE_DAYS, NOTIFICATION_PAGE, type NotificationType } from './rules.ts';
import { limitParam, offsetParam, uuidField } from '../contract/params.ts';
import { LANGUAGES } from '../contract/lang.ts';

/* The notifications' contract: the list query, one notification and the marking of them as read (spec 02 §3, §4.2, §7). */

/** GET webhook/notifications: newest first, at most `max_age` days old. */
export const notificationListQuerySchema = z.object({
  limit: limitParam(NOTIFICATION_PAGE, 500),
  offset: offsetParam,
  max_age: z.coerce
    .number({ error: 'invalid_max_age' })
    .int({ error: 'invalid_max_age' })
    .min(1, { error: 'invalid_max_age' })
    .max(3650, { error: 'invalid_max_age' })
    .default(NOTIFICATION_MAX_AGE_DAYS),
  /** The language of each notification's `title` and `message`. */
  lang: z.enum(LANGUAGES, { error: 'invalid_lang' }).default('id'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** PUT webhook/notification: marks one of the caller's notifications read. */
export const notificationReadSchema = z.object({
  notification_id: uuidField('invalid_notification_id'),
  lang: z.enum(LANGUAGES, { error: 'invalid_lang' }).default('id'),
});
export type NotificationReadInput = z.infer<typeof notificationReadSchema>;

/** One notification as the API answers it. */
export interface Notification {
  id: string;
  type: NotificationType;
  /** One of NOTIFICATION_EVENTS; the text is `notifications.events.<event>` with `params`. */
  event: string;
  params: Record<string, string | number>;
  /** Where opening it leads (an app path). */
  link: string;
  is_read: boolean;
  created_at: string;
  /** What it is about (FEED, BOOK, EPUSTAKA or USER) and its id; null for notifications stored before these were kept. */
  object_type: string | null;
  object_id: string | null;
  /** Who caused it; null for what a library announces itself. */
  sender: { id: string; name: string; avatar_url: string | null } | null;
  /** Its title and text in the requested language (`lang`), as its push says them. */
  title: string;
  message: string;
}

/** `meta` of GET webhook/notifications. */
export interface NotificationListMeta {
  total: number;
  unread: number;
  limit: number;
  offset: number;
}
