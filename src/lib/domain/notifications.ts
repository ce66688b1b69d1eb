/*
 * Notifications (spec 02 §3 "Notification", §4.2): their types, the events that create them and
 * where opening one leads. Plain values, so islands can use them without the schemas.
 */

/** The kind of a notification, which decides where opening it leads (spec 02 §4.2). */
export const NOTIFICATION_TYPES = ['FEED', 'PERSONAL_EVENT', 'TRANSACTION', 'EPUSTAKA', 'BOOK', 'SCHEDULE'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What happened. The text is made in the UI from `notifications.events.<event>` with the
 * notification's params, so it follows the reader's language.
 */
export const NOTIFICATION_EVENTS = [
  'follow',
  'like',
  'comment',
  'reply',
  'recommend',
  'queue_offer',
  'loan_due',
  'join_request',
  'join_approved',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Page size of the notifications list and of each 'more' (spec 02 §2.6). */
export const NOTIFICATION_PAGE = 25;
/** Only notifications at most this many days old are listed (`max_age`, spec 02 §7). */
export const NOTIFICATION_MAX_AGE_DAYS = 100;
