/**
 * Offline reading: the names the pages, the saving code and the service worker (public/sw-offline.js)
 * share, and the web app manifest. Plain values only: islands import this module.
 */

/** Cache Storage bucket of the app shell (hashed assets, the offline page). Same name in public/sw-offline.js. */
export const SHELL_CACHE = 'epustaka-shell-v1';
/** Prefix of the bucket of one saved book: `epustaka-book-<book id>`. Same in public/sw-offline.js. */
export const BOOK_CACHE_PREFIX = 'epustaka-book-';
/** Key of a saved book's reader page in its bucket. Same in public/sw-offline.js. */
export const PAGE_KEY = '/__offline__/page';
/** Key of a saved book's facts (title, size, reader address) in its bucket; written last. */
export const META_KEY = '/__offline__/meta';
/** The page shown for a page that cannot be fetched without network. */
export const OFFLINE_PAGE = '/offline';
/** The mark of a reader page that holds its book's reading data (src/lib/reader/early.ts). */
export const READER_MARK = 'id="reader-early"';

/** The bucket of a book. */
export function bookCacheName(bookId: string): string {
  return `${BOOK_CACHE_PREFIX}${bookId}`;
}

/** The book of a bucket name, or null for other buckets. */
export function bookOfCache(name: string): string | null {
  return name.startsWith(BOOK_CACHE_PREFIX) ? name.slice(BOOK_CACHE_PREFIX.length) : null;
}

/** What the saved-books list shows of a saved book (stored in its bucket under {@link META_KEY}). */
export interface SavedBook {
  bookId: string;
  title: string;
  author: string | null;
  coverUrl: string | null;
  readerUrl: string;
  /** Bytes kept for the book (its files and reader page). */
  bytes: number;
  /** ISO time of the save. */
  savedAt: string;
}

/** True for a value read back from a bucket that has the shape of {@link SavedBook}. */
export function isSavedBook(value: unknown): value is SavedBook {
  const v = value as Partial<SavedBook> | null;
  return !!v && typeof v.bookId === 'string' && typeof v.title === 'string' && typeof v.readerUrl === 'string' && typeof v.bytes === 'number';
}

/**
 * Addresses of build assets (`/_astro/<name>`) that `text` (a page, a script or a style sheet)
 * refers to: script and style links, island components and the chunks a script imports. A
 * relative `./name.js` counts only where it is imported (after `from`, or inside a dynamic
 * `import(…)`) or in a style sheet's `url(…)`: other strings that look like file names (a library's default
 * worker name, a WebAssembly import table's keys) name no file of the build.
 */
export function assetReferences(text: string): string[] {
  const found = new Set<string>();
  const asset = String.raw`([\w.~-]+\.(?:m?js|css|woff2?|ttf|otf))(?![\w.~-])`;
  const absolute = new RegExp(String.raw`(?:\/_astro\/|_astro\/)` + asset, 'g');
  const imported = new RegExp(String.raw`(?:\bfrom\s*|\bimport\s*\(?\s*|\burl\(\s*)["'\x60]?\.\/` + asset, 'g');
  for (const pattern of [absolute, imported]) {
    for (const match of text.matchAll(pattern)) found.add(`/_astro/${match[1]}`);
  }
  return [...found];
}

/** The web app manifest in the visitor's language. */
export function webManifest(lang: string, texts: { name: string; description: string }) {
  return {
    id: '/',
    name: texts.name,
    short_name: texts.name,
    description: texts.description,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
