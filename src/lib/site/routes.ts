import { clip } from '../contract/shorten.ts';
import { PUBLIC_AUTH_ROUTES } from '../auth/routes.ts';
import { isBuiltPage } from './built-pages.ts';

export { PUBLIC_AUTH_ROUTES };

/** Pages without header and footer (spec 01 §2.3). */
export const READER_ROUTES: readonly string[] = ['/read-book', '/read', '/read-book-epub'];

/** Lists shown on a white background (spec 01 §2.3). */
export const WHITE_BACKGROUND_ROUTES: readonly string[] = ['/books', '/book-history-list', '/epustaka-book-category'];

/** Pages a signed-in, verified user is sent away from. */
const SIGNED_OUT_ONLY_ROUTES: readonly string[] = ['/login', '/register'];

/** Pages anyone may open, in the public shell when signed out: the front door, the book list, the help centre, the error and offline pages. */
const OPEN_PAGES: readonly RegExp[] = [/^\/$/, /^\/books\/?$/, /^\/help\/?$/, /^\/help\/doc\/[a-z-]+\/?$/, /^\/error\/?$/, /^\/offline\/?$/];

/** True for the pages of {@link OPEN_PAGES}. */
export function isOpenPage(pathname: string): boolean {
  return OPEN_PAGES.some((pattern) => pattern.test(pathname));
}

/** The pages with a version for signed-out visitors (spec 01 §2.2). */
export type PublicVariant = 'qr' | 'book' | 'video' | 'audio' | 'epustaka' | 'article';

export type Session = { authenticated: boolean; verified: boolean };

export type Layout = 'auth' | 'public' | 'default' | 'reader';

export type GuardDecision =
  | { kind: 'allow'; layout: Layout; whiteBackground: boolean }
  | { kind: 'notFound'; layout: Layout }
  | { kind: 'redirect'; location: string };

// One path segment, then how many optional segments may follow; one trailing slash is tolerated.
const PUBLIC_VARIANTS: readonly (readonly [PublicVariant, RegExp])[] = [
  ['qr', /^\/qr\/[^/]+(?:\/[^/]+)?\/?$/],
  ['book', /^\/book\/[^/]+(?:\/[^/]+){0,2}\/?$/],
  ['video', /^\/video\/[^/]+(?:\/[^/]+){0,2}\/?$/],
  ['audio', /^\/audio\/[^/]+(?:\/[^/]+){0,2}\/?$/],
  ['epustaka', /^\/epustaka\/[^/]+\/?$/],
  ['article', /^\/article\/[^/]+(?:\/[^/]+)?\/?$/],
];

/** `pathname` without one trailing slash (the root stays '/'). */
function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function matchesAny(pathname: string, routes: readonly string[]): boolean {
  return routes.includes(trimSlash(pathname));
}

/** True for the auth screens of {@link PUBLIC_AUTH_ROUTES}: exact match, one trailing slash allowed. */
export function isPublicAuthRoute(pathname: string): boolean {
  return matchesAny(pathname, PUBLIC_AUTH_ROUTES);
}

/**
 * The public variant a path has, or null: /qr/{uuid}/{location?}, /book/{uuid}/{epustaka?}/{d?},
 * /video/{uuid}/{epustaka?}/{d?}, /audio/{uuid}/{epustaka?}/{d?}, /epustaka/{uuid},
 * /article/{uuid}/{epustaka?}. The /video and /audio lists themselves have none.
 */
export function publicVariantOf(pathname: string): PublicVariant | null {
  for (const [variant, pattern] of PUBLIC_VARIANTS) {
    if (pattern.test(pathname)) return variant;
  }
  return null;
}

/** `/login?next=` with the path and query to come back to. */
export function loginLocation(pathname: string, search = ''): string {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return `/login?next=${encodeURIComponent(pathname + query)}`;
}

/** A visitor's book search (/search?q=…, books tab) is answered by the public book list. */
function visitorBookSearch(pathname: string, search: string): string | null {
  if (trimSlash(pathname) !== '/search') return null;
  const params = new URLSearchParams(search);
  if ((params.get('tab') ?? 'books') !== 'books') return null;
  const q = clip((params.get('q') ?? '').trim(), 200);
  return q ? `/books?${new URLSearchParams({ q }).toString()}` : '/books';
}

/**
 * Where a visitor may go (spec 01 §2.1–2.3):
 * - a path that is no page of this site is not found, signed in or out: nobody is sent to /login
 *   for a page that does not exist (the not-found page keeps the shell of the session);
 * - auth screens open for everyone in the auth layout, except /login and /register, which send a
 *   signed-in verified user to '/';
 * - without a verified session, public variants open in the public layout; anything else sends
 *   a signed-in unverified user to /not-activated and a visitor to /login, remembering the path
 *   (a visitor's book search goes to the public book list);
 * - a verified user gets the reader layout on the reader paths, else the default layout, white
 *   on /books, /book-history-list and /epustaka-book-category.
 */
export function guard(pathname: string, search: string, session: Session): GuardDecision {
  const verified = session.authenticated && session.verified;
  if (!isBuiltPage(pathname)) return { kind: 'notFound', layout: verified ? 'default' : 'public' };
  if (isPublicAuthRoute(pathname)) {
    if (verified && matchesAny(pathname, SIGNED_OUT_ONLY_ROUTES)) return { kind: 'redirect', location: '/' };
    return { kind: 'allow', layout: 'auth', whiteBackground: false };
  }
  if (!verified) {
    // The front door is for visitors; an account still to verify is sent to do that.
    const frontDoorOfUnverified = session.authenticated && trimSlash(pathname) === '/';
    if (publicVariantOf(pathname) || (isOpenPage(pathname) && !frontDoorOfUnverified)) return { kind: 'allow', layout: 'public', whiteBackground: false };
    if (session.authenticated) return { kind: 'redirect', location: '/not-activated' };
    return { kind: 'redirect', location: visitorBookSearch(pathname, search) ?? loginLocation(pathname, search) };
  }
  if (matchesAny(pathname, READER_ROUTES)) return { kind: 'allow', layout: 'reader', whiteBackground: false };
  return { kind: 'allow', layout: 'default', whiteBackground: matchesAny(pathname, WHITE_BACKGROUND_ROUTES) };
}

// Characters no path of ours contains; browsers drop tabs and newlines, which could turn
// "/\t/evil.com" into "//evil.com".
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

function isSafePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path.startsWith('//') || path.startsWith('/\\')) return false;
  return !CONTROL_CHARACTERS.test(path);
}

const PROBE_ORIGIN = 'https://epustaka.invalid';

/**
 * `next` when it is a path on this site (a single leading '/', neither '//' nor '/\', no scheme,
 * no control characters, valid percent-encoding that decodes to a path just as safe), else '/'.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || !isSafePath(next)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return '/';
  }
  if (!isSafePath(decoded)) return '/';
  try {
    if (new URL(next, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return '/';
  } catch {
    return '/';
  }
  return next;
}
