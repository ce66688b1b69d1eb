/* The site's service worker. Push notifications: public/sw-push.js. */
importScripts('/sw-push.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
