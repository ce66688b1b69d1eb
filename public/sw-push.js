/*
 * Web Push handlers of the service worker (imported with importScripts('/sw-push.js')). A push
 * carries only { title, body, link }; the notification shows the title and text, and a click opens
 * (or focuses) the link, which must be a page of this site.
 */
const PUSH_FALLBACK_LINK = '/notifications-detail';

function samePageLink(link) {
  if (typeof link !== 'string' || link === '') return PUSH_FALLBACK_LINK;
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(PUSH_FALLBACK_LINK, self.location.origin).href;
  } catch {
    return new URL(PUSH_FALLBACK_LINK, self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'ePustaka';
  const body = typeof data.body === 'string' ? data.body : '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { link: samePageLink(data.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = samePageLink(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
