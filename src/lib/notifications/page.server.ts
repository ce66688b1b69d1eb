import type { AstroGlobal } from 'astro';
import { getNotifications, markNotificationRead } from './api.ts';
import type { Notification, NotificationListMeta } from './schema.ts';
import { isBuiltPage } from '../site/built-pages.ts';
import { isSafeNotificationLink, NOTIFICATION_PAGE } from './rules.ts';
import { serverApi } from '../bff/api-client.server.ts';

type Context = Parameters<typeof serverApi>[0];

const unreadPerRequest = new WeakMap<Request, Promise<number | null>>();

/** The signed-in user's unread notifications, for the header's bell (once per request; null when unknown). */
export function unreadNotifications(context: Context): Promise<number | null> {
  const { session } = context.locals;
  if (!session.authenticated || !session.verified) return Promise.resolve(null);
  let pending = unreadPerRequest.get(context.request);
  if (!pending) {
    pending = (async () => {
      try {
        return (await getNotifications(await serverApi(context), { limit: 1 })).meta.unread;
      } catch (error) {
        console.error('The unread notifications could not be counted', error);
        return null;
      }
    })();
    unreadPerRequest.set(context.request, pending);
  }
  return pending;
}

/** The pages of notifications shown: `?page=N` shows the first N × 25. */
export function shownPages(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 20 ? page : 1;
}

export interface NotificationsPage {
  items: Notification[];
  meta: NotificationListMeta | null;
  pages: number;
  /** Where to go after a notification was opened (a POST), or an error to show. */
  redirect?: string;
  failed?: boolean;
}

/**
 * GET lists the first pages; a form POST with `notification_id` marks it read and leads to its
 * link (spec 02 §4.2), so opening a notification works without script.
 */
export async function handleNotificationsPage(Astro: AstroGlobal): Promise<NotificationsPage> {
  const http = await serverApi(Astro);
  const pages = shownPages(Astro.url);
  if (Astro.request.method === 'POST') {
    let id = '';
    try {
      id = String((await Astro.request.formData()).get('notification_id') ?? '');
    } catch {
      // An unreadable form is treated as an unknown notification.
    }
    try {
      const opened = await markNotificationRead(http, id);
      const target = isSafeNotificationLink(opened.link) && isBuiltPage(opened.link) ? opened.link : '/notifications-detail';
      return { items: [], meta: null, pages, redirect: target };
    } catch (error) {
      console.error('A notification could not be opened', error);
      Astro.response.status = 400;
    }
  }
  try {
    const body = await getNotifications(http, { limit: pages * NOTIFICATION_PAGE, offset: 0 });
    return { items: body.data, meta: body.meta, pages, failed: Astro.response.status === 400 };
  } catch (error) {
    console.error('The notifications could not be loaded', error);
    return { items: [], meta: null, pages, failed: true };
  }
}
