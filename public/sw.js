/* The site's service worker: offline reading (public/sw-offline.js) and push notifications (public/sw-push.js). */
importScripts('/sw-offline.js', '/sw-push.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
