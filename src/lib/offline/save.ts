import type { OfflineBook } from './schema.ts';
import { META_KEY, OFFLINE_PAGE, PAGE_KEY, READER_MARK, SHELL_CACHE, assetReferences, bookCacheName, bookOfCache, isSavedBook, type SavedBook } from './rules.ts';

/*
 * Saving an open book for offline reading, in Cache Storage: one bucket per book holding its
 * reader page, its files (at the addresses the reader asks for them) and its navigation; the
 * reader's scripts go to the shell bucket. The facts the saved-books list shows are written last,
 * and any failure or abort deletes the book's bucket: a book is saved whole or not at all.
 * public/sw-offline.js (in the service worker) serves what is kept here.
 */

/** Bytes saved so far out of the book's total. */
export interface SaveProgress {
  done: number;
  total: number;
}

/** True where this browser can keep books (Cache Storage in a secure context). */
export function canSaveOffline(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'caches' in window;
}

/** Headers to keep with a stored answer: its body is stored decoded, so no encoding or length. */
function storedHeaders(response: Response): Headers {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.delete('set-cookie');
  return headers;
}

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', signal, cache: 'no-store' });
  if (!response.ok || response.redirected) throw new Error(`${url} could not be fetched (${response.status}).`);
  return response;
}

/** Runs `task` over `items`, `limit` at a time; the first failure rejects. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The build assets a page needs (its scripts and styles, the chunks they import; for the reader,
 * the reading engines and the pdf.js worker), fetched into the shell bucket when not there yet.
 * A name that turns out not to be an asset (a 404) is skipped; a failed connection fails the save.
 */
async function keepPageAssets(html: string, signal: AbortSignal): Promise<void> {
  const shell = await caches.open(SHELL_CACHE);
  await walkAssets(html, new Set(), async (url) => {
    const kept = await shell.match(url);
    if (kept) return kept;
    const fetched = await fetch(url, { credentials: 'same-origin', signal });
    if (!fetched.ok) return null;
    await shell.put(url, fetched.clone());
    return fetched;
  });
}

/**
 * Follows the assets `html` refers to, and those their scripts and styles refer to, adding each
 * to `seen`; `open` gives an asset's answer (null when there is none to read).
 */
async function walkAssets(html: string, seen: Set<string>, open: (url: string) => Promise<Response | null | undefined>): Promise<void> {
  let queue = assetReferences(html);
  while (queue.length > 0) {
    const found: string[] = [];
    await eachLimited(queue, 4, async (url) => {
      if (seen.has(url)) return;
      seen.add(url);
      const response = await open(url);
      if (response && /\.(m?js|css)$/.test(url)) found.push(...assetReferences(await response.text()));
    });
    queue = found.filter((url) => !seen.has(url));
  }
}

/**
 * Keeps the shell bucket from growing without end (every build brings new asset names): drops
 * the assets that neither the offline page nor a saved book's reader page needs. Pages fetched
 * later add theirs again as they load.
 */
export async function pruneShell(): Promise<void> {
  if (!canSaveOffline() || !(await caches.has(SHELL_CACHE))) return;
  const shell = await caches.open(SHELL_CACHE);
  const pages: string[] = [];
  const offline = await shell.match(OFFLINE_PAGE);
  if (offline) pages.push(await offline.text());
  for (const name of await caches.keys()) {
    if (!bookOfCache(name)) continue;
    const page = await (await caches.open(name)).match(PAGE_KEY);
    if (page) pages.push(await page.text());
  }
  const needed = new Set<string>();
  for (const html of pages) await walkAssets(html, needed, (url) => shell.match(url));
  for (const request of await shell.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/_astro/') && !needed.has(path)) await shell.delete(request);
  }
}

/**
 * Saves `book` (as webhook/offline-book describes it) for reading offline, reporting progress in
 * bytes. On any failure or abort the book's bucket is deleted and the error rethrown.
 */
export async function saveBook(book: OfflineBook, options: { signal: AbortSignal; onProgress?: (progress: SaveProgress) => void }): Promise<SavedBook> {
  // One failed file stops the others at once; so does the caller's abort.
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  let finished = false;
  const onProgress = (progress: SaveProgress) => {
    if (!finished) options.onProgress?.(progress);
  };
  const name = bookCacheName(book.book_id);
  await caches.delete(name);
  const total = book.total_bytes;
  let done = 0;
  try {
    const cache = await caches.open(name);
    onProgress({ done, total });
    const page = await fetchOk(book.reader_url, signal);
    const html = await page.text();
    if (!html.includes(READER_MARK)) throw new Error('The reader page did not open the book.');
    await cache.put(PAGE_KEY, new Response(html, { status: 200, headers: storedHeaders(page) }));
    let pageBytes = new TextEncoder().encode(html).byteLength;

    await eachLimited(book.files, 3, async (file) => {
      const response = await fetchOk(file.url, signal);
      const body = await response.arrayBuffer();
      if (body.byteLength !== file.size) throw new Error(`${file.url} arrived incomplete.`);
      await cache.put(file.url, new Response(body, { status: 200, headers: storedHeaders(response) }));
      done += file.size;
      onProgress({ done, total });
    });

    const navigation = await fetchOk(book.navigation_url, signal);
    const navigationBody = await navigation.arrayBuffer();
    await cache.put(book.navigation_url, new Response(navigationBody, { status: 200, headers: storedHeaders(navigation) }));
    pageBytes += navigationBody.byteLength;
    if (book.cover_url && new URL(book.cover_url, location.origin).origin === location.origin) {
      const cover = await fetch(book.cover_url, { credentials: 'same-origin', signal });
      if (cover.ok) {
        const coverBody = await cover.arrayBuffer();
        await cache.put(book.cover_url, new Response(coverBody, { status: 200, headers: storedHeaders(cover) }));
        pageBytes += coverBody.byteLength;
      }
    }
    await keepPageAssets(html, signal);
    // The offline page lists the saved books: its own scripts are kept too.
    const offlinePage = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offlinePage) await keepPageAssets(await offlinePage.text(), signal);
    signal.throwIfAborted();

    const saved: SavedBook = {
      bookId: book.book_id,
      title: book.book_title,
      author: book.book_author,
      coverUrl: book.cover_url,
      readerUrl: book.reader_url,
      bytes: total + pageBytes,
      savedAt: new Date().toISOString(),
    };
    // Written last: a bucket without it is a save that did not finish.
    await cache.put(META_KEY, new Response(JSON.stringify(saved), { headers: { 'content-type': 'application/json' } }));
    onProgress({ done: total, total });
    finished = true;
    return saved;
  } catch (error) {
    finished = true;
    stop.abort();
    await caches.delete(name);
    throw error;
  }
}

/** Deletes a saved book and everything kept for it. */
export async function removeSavedBook(bookId: string): Promise<void> {
  await caches.delete(bookCacheName(bookId));
}

/**
 * The books saved on this device, newest first. A bucket without its facts (a save cut short by a
 * closed tab) is deleted on the way.
 */
export async function listSavedBooks(): Promise<SavedBook[]> {
  if (!canSaveOffline()) return [];
  const books: SavedBook[] = [];
  for (const name of await caches.keys()) {
    const bookId = bookOfCache(name);
    if (!bookId) continue;
    const meta = await (await caches.open(name)).match(META_KEY);
    const facts: unknown = meta ? await meta.json().catch(() => null) : null;
    if (isSavedBook(facts) && facts.bookId === bookId) books.push(facts);
    else if (!(await isBeingSaved(bookId))) await caches.delete(name);
  }
  return books.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Books whose save runs in this tab now (their buckets have no facts yet and must stay). */
const inProgress = new Set<string>();

/** Marks a book's save as running in this tab, until `done` settles. */
export function trackSave<T>(bookId: string, done: Promise<T>): Promise<T> {
  inProgress.add(bookId);
  return done.finally(() => inProgress.delete(bookId));
}

function isBeingSaved(bookId: string): Promise<boolean> {
  return Promise.resolve(inProgress.has(bookId));
}

/** What this site keeps on the device and how much it may keep (navigator.storage.estimate()), when known. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number' ? { usage: estimate.usage, quota: estimate.quota } : null;
  } catch {
    return null;
  }
}

/** Asks the browser to keep the saved books when space runs short (it may say no). */
export async function askToPersist(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Best effort only.
  }
}
