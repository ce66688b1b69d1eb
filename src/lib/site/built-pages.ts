import { PUBLIC_AUTH_ROUTES } from '../auth/routes.ts';

/**
 * The pages this site has. Menus, quick links and every component that links to a page of the
 * product ask here first, so a link to a page that is not built yet cannot be shown: an entry
 * appears as soon as its page is added to this list.
 *
 * A pattern is a path; `*` stands for one path segment, and a trailing `**` for any number of
 * further segments (none included).
 */
export const BUILT_PAGES: readonly string[] = [
  '/',
  '/books',
  '/book/*/**',
  '/search',
  '/shelf',
  '/shelf/**',
  '/more-book-shelf',
  '/more-book-queue',
  '/more-book-history',
  '/more-book-review',
  '/book-history-list',
  '/setting',
  '/notifications-detail',
  '/timeline',
  '/timeline/detail/*',
  '/profile',
  '/profil/user/*',
  '/books-profile',
  '/friendship',
  '/more-history-video',
  '/more-history-audio',
  '/more-article-history',
  '/read',
  '/read-book',
  '/read-book-epub',
  '/more-epustaka',
  '/membership',
  '/epustaka/*',
  '/epustaka-book-category',
  '/article',
  '/article/*/**',
  '/list-article-epustaka',
  '/help',
  '/error',
  '/offline',
  '/qr/*/**',
  '/qr-codes',
  '/qr-codes/*/print',
  '/qr-codes/*/sheet.svg',
  '/help/doc/*',
  '/video',
  '/video/*/**',
  '/list-video-epustaka',
  '/audio',
  '/audio/*/**',
  '/list-audio-epustaka',
  '/more-history-video',
  '/more-history-audio',
  '/more-article-history',
  '/donation',
  '/more-book-donation',
  '/more-edoo-toys',
  '/cart/*/*',
  '/detail-order-box',
  '/detail-order-box/payment',
  '/payment',
  '/transaction',
  '/school',
  '/school/admin',
  '/school/class-reading',
  '/schedule',
  '/detail-schedule/*',
  '/detail-personal-event/*',
  '/tryout',
  '/quiz/detail/*',
  '/quiz/exam/*',
  '/quiz/result/*',
  '/quiz/teacher',
  '/quiz/teacher/new',
  '/quiz/teacher/*',
  '/quiz/teacher/results/*',
  ...PUBLIC_AUTH_ROUTES,
  '/lang',
  '/logout',
];

const PROBE = 'https://site.invalid';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matches(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path);
  for (let i = 0; i < want.length; i += 1) {
    if (want[i] === '**') return i === want.length - 1;
    if (i >= have.length) return false;
    if (want[i] !== '*' && want[i] !== have[i]) return false;
  }
  return have.length === want.length;
}

/**
 * True when `href` leads to a page of this site that exists. Addresses of other sites, fragments
 * and non-page schemes are not this list's business and count as built.
 */
export function isBuiltPage(href: string): boolean {
  if (href.startsWith('#')) return true;
  let url: URL;
  try {
    url = new URL(href, PROBE);
  } catch {
    return false;
  }
  if (url.origin !== PROBE) return true;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  return BUILT_PAGES.some((pattern) => matches(pattern, path));
}

/** `href` when its page exists, else undefined (an `<a>` without href is shown as text, not as a link). */
export function builtHref(href: string): string | undefined {
  return isBuiltPage(href) ? href : undefined;
}

/** The entries whose `url` leads to a built page, in order. */
export function builtEntries<T extends { url: string }>(entries: readonly T[]): T[] {
  return entries.filter((entry) => isBuiltPage(entry.url));
}
