/* The site's service worker. Offline reading: public/sw-offline.js. */
importScripts('/sw-offline.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
