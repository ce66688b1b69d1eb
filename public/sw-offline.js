/*
 * Offline reading, imported by the site's service worker (public/sw.js): the app shell and an
 * offline page without network, and the books a reader saved for offline reading.
 *
 * - Same origin only, GET only: sign-in, reading sync, the DRM stream (POST storage/streamobject)
 *   and every other API call go to the network untouched and are never stored here.
 * - Hashed build assets (/_astro/*) are kept as they are fetched (cache first; their names change
 *   with their content). A few public files and the offline page are kept at install.
 * - A saved book lives in its own bucket, `epustaka-book-<id>`, filled by the page that saved it
 *   (src/lib/offline/save.ts): its reader page, its files and its navigation. Only open books are
 *   ever saved. Their files are served from there, byte ranges cut from the stored file.
 * - A page that cannot be fetched is answered with the offline page; a saved book's reader page
 *   with its saved copy (also when the network is very slow).
 */
const SHELL_CACHE = 'epustaka-shell-v1';
const BOOK_CACHE_PREFIX = 'epustaka-book-';
const OFFLINE_PAGE = '/offline';
const PAGE_KEY = '/__offline__/page';
const PRECACHE = [OFFLINE_PAGE, '/favicon.svg', '/logo.svg', '/brand.css', '/manifest.webmanifest'];
const READER_PATHS = new Set(['/read-book', '/read-book/', '/read-book-epub', '/read-book-epub/']);
const BOOK_FILE = /^\/storage\/books\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How long the reader page of a saved book waits for the network before its saved copy answers. */
const SLOW_NETWORK_MS = 4000;
/** The mark of a reader page that holds its book's reading data (src/lib/reader/early.ts). */
const READER_MARK = 'id="reader-early"';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await Promise.all(
        PRECACHE.map(async (path) => {
          const response = await fetch(path, { credentials: 'same-origin', cache: 'no-cache' });
          if (response.ok && !response.redirected) await cache.put(path, response);
        }),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('epustaka-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event, url));
    return;
  }
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(asset(request));
    return;
  }
  const file = BOOK_FILE.exec(url.pathname);
  if (file) {
    event.respondWith(bookFile(file[1], request, url));
    return;
  }
  if (url.pathname === '/webhook/book-navigation') {
    const bookId = url.searchParams.get('book_id') ?? '';
    if (UUID.test(bookId)) event.respondWith(savedOrNetwork(bookId, request, url.pathname + url.search));
  }
});

/** The bucket of a saved book, or null when the book is not saved. */
async function bookCache(bookId) {
  const name = BOOK_CACHE_PREFIX + bookId;
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** A hashed build asset: from the shell bucket, else fetched and kept. */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic' && !request.headers.has('range')) await cache.put(request, response.clone());
  return response;
}

/** A path inside a book with each segment percent-encoded the one way the saving page wrote it. */
function canonicalPath(pathname) {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** A file of a saved book from its bucket (a byte range cut from it when one is asked for), else the network. */
async function bookFile(bookId, request, url) {
  const cache = await bookCache(bookId);
  const hit = cache ? await cache.match(canonicalPath(url.pathname), { ignoreSearch: true, ignoreVary: true }) : undefined;
  if (!hit) return fetch(request);
  const range = request.headers.get('range');
  return range ? cutRange(hit, range) : hit;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a stored answer, as a 206; 416 for a range outside it. */
async function cutRange(response, header) {
  const body = await response.arrayBuffer();
  const size = body.byteLength;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  let start;
  let end;
  if (match && match[1] !== '') {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  } else if (match && match[2] !== '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  }
  if (start === undefined || !(start <= end) || start >= size) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  headers.set('Content-Length', String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers });
}

/** A saved book's answer for `key` (its navigation), else the network. */
async function savedOrNetwork(bookId, request, key) {
  const cache = await bookCache(bookId);
  const hit = cache ? await cache.match(key) : undefined;
  return hit ?? fetch(request);
}

/**
 * A page: from the network; without one, the offline page. The reader page of a saved book comes
 * from the network too, but its saved copy answers when the network fails or is slower than
 * {@link SLOW_NETWORK_MS} (a weak signal); a reader page fetched meanwhile refreshes the copy.
 */
async function navigate(event, url) {
  const bookId = READER_PATHS.has(url.pathname) ? (url.searchParams.get('book') ?? '') : '';
  const cache = UUID.test(bookId) ? await bookCache(bookId) : null;
  const copy = cache ? await cache.match(PAGE_KEY) : undefined;
  const network = fetch(event.request).then((response) => {
    if (copy && response.ok && response.type === 'basic') event.waitUntil(refreshReaderPage(bookId, response.clone()));
    return response;
  });
  if (copy) {
    event.waitUntil(network.catch(() => undefined));
    const slow = new Promise((resolve) => setTimeout(resolve, SLOW_NETWORK_MS, null));
    const first = await Promise.race([network.catch(() => null), slow]);
    return first ?? markedCopy(copy);
  }
  try {
    return await network;
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** A stored page, marked as the copy kept on this device. */
function markedCopy(response) {
  const headers = new Headers(response.headers);
  headers.set('X-Served-From', 'offline-copy');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Keeps the newest reader page of a saved book (its position and bookmarks), when it holds the book. */
async function refreshReaderPage(bookId, response) {
  const cache = await bookCache(bookId);
  if (!cache) return;
  const html = await response.text();
  if (!html.includes(READER_MARK)) return;
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  await cache.put(PAGE_KEY, new Response(html, { status: 200, headers }));
}
