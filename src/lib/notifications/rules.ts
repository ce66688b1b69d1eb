/*
 * Notifications (spec 02 §3 "Notification", §4.2): their types, the events that create them and
 * where opening one leads. Plain values, so islands can use them without the schemas.
 */
import { formatDate } from '../contract/format.ts';

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
  'payment_paid',
  'payment_failed',
  'payment_expired',
  'order_shipped',
  'order_received',
  'school_join_request',
  'school_join_approved',
  'school_join_declined',
  'schedule_material',
  'schedule_assignment_due',
  'schedule_grade',
  'schedule_changed',
  'event_invitation',
  'class_recommend',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Page size of the notifications list and of each 'more' (spec 02 §2.6). */
export const NOTIFICATION_PAGE = 25;
/** Only notifications at most this many days old are listed (`max_age`, spec 02 §7). */
export const NOTIFICATION_MAX_AGE_DAYS = 100;

/** Params holding a time (ISO), shown as a date and time in WIB. */
const TIME_PARAMS = new Set(['deadline', 'due']);

/**
 * The params of a notification ready for its text: times become "Senin, 1 Desember 2026 pukul
 * 10.15 WIB" in the reader's language, the rest stays as stored.
 */
export function notificationTextParams(params: Record<string, string | number>, lang: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (TIME_PARAMS.has(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      out[key] = formatDate(value, lang, 'full');
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The icon of a notification's type (names of src/components/shell/icons.ts). */
export const NOTIFICATION_ICONS: Record<NotificationType, string> = {
  FEED: 'timeline',
  PERSONAL_EVENT: 'user',
  TRANSACTION: 'donation',
  EPUSTAKA: 'library',
  BOOK: 'book',
  SCHEDULE: 'compass',
};

/** True for a link a notification may lead to: a path of this site, never another origin. */
export function isSafeNotificationLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}
