import { describe, expect, test } from 'vitest';
import { isBuiltPage } from './built-pages.ts';
import { PUBLIC_AUTH_ROUTES, guard, isPublicAuthRoute, publicVariantOf, safeNextPath } from './routes.ts';
import type { PublicVariant, Session } from './routes.ts';

const UUID = '3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d';
const EPUSTAKA = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';

const ANONYMOUS: Session = { authenticated: false, verified: false };
const UNVERIFIED: Session = { authenticated: true, verified: false };
const VERIFIED: Session = { authenticated: true, verified: true };

interface RouteCase {
  path: string;
  /** The public variant a signed-out visitor gets, if any. */
  variant: PublicVariant | null;
  /** Layout for a verified user. */
  layout: 'default' | 'reader';
  white?: boolean;
  /** Open to everyone (the public shell when signed out) without being a public variant; 'visitors': not to unverified accounts. */
  open?: boolean | 'visitors';
  /** Where a signed-out visitor is sent instead of /login. */
  visitor?: string;
}

const page = (path: string, extra: Partial<RouteCase> = {}): RouteCase => ({ path, variant: null, layout: 'default', ...extra });

/** Every path of the route table (spec 03 §2.1), plus the other links it names. */
const ROUTE_TABLE: RouteCase[] = [
  page('/', { open: 'visitors' }),
  page('/error', { open: true }),
  page('/search', { visitor: '/books' }),
  page(`/qr/${UUID}`, { variant: 'qr' }),
  page(`/qr/${UUID}/perpustakaan-pusat`, { variant: 'qr' }),
  page('/books', { white: true, open: true }),
  page(`/book/${UUID}`, { variant: 'book' }),
  page(`/book/${UUID}/${EPUSTAKA}`, { variant: 'book' }),
  page(`/book/${UUID}/${EPUSTAKA}/d`, { variant: 'book' }),
  page('/read-book', { layout: 'reader' }),
  page('/read-book-epub', { layout: 'reader' }),
  page('/read', { layout: 'reader' }),
  page('/profile'),
  page('/books-profile'),
  page('/book-history-list', { white: true }),
  page('/video'),
  page(`/video/${UUID}`, { variant: 'video' }),
  page(`/video/${UUID}/${EPUSTAKA}`, { variant: 'video' }),
  page(`/video/${UUID}/${EPUSTAKA}/35`, { variant: 'video' }),
  page('/more-history-video'),
  page('/audio'),
  page(`/audio/${UUID}`, { variant: 'audio' }),
  page(`/audio/${UUID}/${EPUSTAKA}`, { variant: 'audio' }),
  page(`/audio/${UUID}/${EPUSTAKA}/80`, { variant: 'audio' }),
  page('/more-history-audio'),
  page('/notifications-detail'),
  page('/friendship'),
  page('/membership'),
  page('/timeline'),
  page(`/timeline/detail/${UUID}`),
  page('/setting'),
  page('/more-epustaka'),
  page(`/epustaka/${UUID}`, { variant: 'epustaka' }),
  page('/epustaka-book-category', { white: true }),
  page('/shelf'),
  page('/more-book-shelf'),
  page('/more-book-queue'),
  page('/more-book-review'),
  page('/more-book-history'),
  page(`/profil/user/${UUID}`),
  page('/payment'),
  page('/detail-order-box'),
  page('/detail-order-box/payment'),
  page('/article'),
  page('/more-article-history'),
  page(`/article/${UUID}`, { variant: 'article' }),
  page(`/article/${UUID}/${EPUSTAKA}`, { variant: 'article' }),
  page('/donation'),
  page('/more-book-donation'),
  page('/list-article-epustaka'),
  page('/list-video-epustaka'),
  page('/list-audio-epustaka'),
  page('/help', { open: true }),
  page('/help/doc/borrowing', { open: true }),
  page(`/cart/${UUID}/DONATION`),
  page(`/quiz/detail/${UUID}`),
  page('/transaction'),
  page('/more-edoo-toys'),
  page(`/detail-personal-event/${UUID}`),
  page(`/detail-schedule/${UUID}`),
  page('/schedule'),
  page('/quiz/teacher'),
  page('/quiz/teacher/new'),
  page(`/quiz/teacher/${UUID}`),
  page(`/quiz/teacher/results/${UUID}`),
];

describe('guard: the route table', () => {
  describe.each(ROUTE_TABLE.filter(({ path }) => isBuiltPage(path)))('$path', ({ path, variant, layout, white, open, visitor }) => {
    test('a signed-out visitor gets the public variant, or goes to /login remembering the path', () => {
      const decision = guard(path, '?from=share', ANONYMOUS);
      if (variant || open) {
        expect(decision).toEqual({ kind: 'allow', layout: 'public', whiteBackground: false });
      } else {
        expect(decision).toEqual({ kind: 'redirect', location: visitor ?? `/login?next=${encodeURIComponent(`${path}?from=share`)}` });
      }
    });

    test('a signed-in unverified user gets the public variant, or goes to /not-activated', () => {
      const decision = guard(path, '', UNVERIFIED);
      if (variant || open === true) {
        expect(decision).toEqual({ kind: 'allow', layout: 'public', whiteBackground: false });
      } else {
        expect(decision).toEqual({ kind: 'redirect', location: '/not-activated' });
      }
    });

    test('a verified user gets the signed-in layout', () => {
      expect(guard(path, '', VERIFIED)).toEqual({ kind: 'allow', layout, whiteBackground: white === true });
    });

    test('the public variant is recognised', () => {
      expect(publicVariantOf(path)).toBe(variant);
    });
  });
});

describe('guard: auth screens', () => {
  test.each(PUBLIC_AUTH_ROUTES)('%s opens in the auth layout for visitors and unverified users', (path) => {
    const auth = { kind: 'allow', layout: 'auth', whiteBackground: false };
    expect(guard(path, '', ANONYMOUS)).toEqual(auth);
    expect(guard(path, '?next=%2Fshelf', UNVERIFIED)).toEqual(auth);
  });

  test('sends a verified user away from /login and /register to /', () => {
    expect(guard('/login', '?next=%2Fshelf', VERIFIED)).toEqual({ kind: 'redirect', location: '/' });
    expect(guard('/register', '', VERIFIED)).toEqual({ kind: 'redirect', location: '/' });
    expect(guard('/login/', '', VERIFIED)).toEqual({ kind: 'redirect', location: '/' });
  });

  test('keeps the other auth screens open to a verified user', () => {
    for (const path of PUBLIC_AUTH_ROUTES.filter((p) => p !== '/login' && p !== '/register')) {
      expect(guard(path, '', VERIFIED), path).toEqual({ kind: 'allow', layout: 'auth', whiteBackground: false });
    }
  });
});

describe('guard: the route table', () => {
  test('every page the route table names is built', () => {
    expect(ROUTE_TABLE.filter(({ path }) => !isBuiltPage(path)).map(({ path }) => path)).toEqual([]);
  });

  test('a page not built is not found, signed in or out', () => {
    const path = '/more-edoo-unbuilt';
    expect(isBuiltPage(path)).toBe(false);
    expect(guard(path, '?from=share', ANONYMOUS)).toEqual({ kind: 'notFound', layout: 'public' });
    expect(guard(path, '', UNVERIFIED)).toEqual({ kind: 'notFound', layout: 'public' });
    expect(guard(path, '', VERIFIED)).toEqual({ kind: 'notFound', layout: 'default' });
  });
});

describe('guard: odd paths', () => {
  test('a path that only starts like a public variant is not one, and no page either', () => {
    for (const path of [`/epustaka/${UUID}/books`, '/book', '/book/', '/videos', `/epustaka/${UUID}/x/y`]) {
      expect(publicVariantOf(path), path).toBeNull();
      expect(guard(path, '', ANONYMOUS), path).toEqual({ kind: 'notFound', layout: 'public' });
    }
    expect(publicVariantOf('/epustaka-book-category')).toBeNull();
    expect(guard('/epustaka-book-category', '', ANONYMOUS).kind).toBe('redirect');
  });

  test('a mistyped address is not found, signed in or out; nobody is sent to /login for it', () => {
    for (const path of ['/no-such-page', '/shelff', '/setting/extra', '/bookss?q=x']) {
      expect(guard(path, '', ANONYMOUS), path).toEqual({ kind: 'notFound', layout: 'public' });
      expect(guard(path, '', UNVERIFIED), path).toEqual({ kind: 'notFound', layout: 'public' });
      expect(guard(path, '', VERIFIED), path).toEqual({ kind: 'notFound', layout: 'default' });
    }
  });

  test('a verified flag without a session counts as signed out', () => {
    expect(guard('/shelf', '', { authenticated: false, verified: true }).kind).toBe('redirect');
  });

  test("a visitor's book search goes to the public book list; other searches to /login", () => {
    expect(guard('/search', '?q=bumi%20manusia&tab=books', ANONYMOUS)).toEqual({ kind: 'redirect', location: '/books?q=bumi+manusia' });
    expect(guard('/search/', 'q=laut', ANONYMOUS)).toEqual({ kind: 'redirect', location: '/books?q=laut' });
    expect(guard('/search', '?q=sekar&tab=user', ANONYMOUS)).toEqual({ kind: 'redirect', location: '/login?next=%2Fsearch%3Fq%3Dsekar%26tab%3Duser' });
    expect(guard('/search', '?q=laut', UNVERIFIED)).toEqual({ kind: 'redirect', location: '/not-activated' });
  });

  test('accepts a query without its question mark', () => {
    expect(guard('/shelf', 'tab=queue', ANONYMOUS)).toEqual({ kind: 'redirect', location: '/login?next=%2Fshelf%3Ftab%3Dqueue' });
  });
});

describe('isPublicAuthRoute', () => {
  test('matches exactly, with at most one trailing slash', () => {
    expect(isPublicAuthRoute('/login')).toBe(true);
    expect(isPublicAuthRoute('/auth/reset-password/')).toBe(true);
    expect(isPublicAuthRoute('/login//')).toBe(false);
    expect(isPublicAuthRoute('/login/extra')).toBe(false);
    expect(isPublicAuthRoute('/auth/reset')).toBe(false);
    expect(isPublicAuthRoute('/LOGIN')).toBe(false);
  });
});

describe('publicVariantOf', () => {
  test('tolerates one trailing slash', () => {
    expect(publicVariantOf(`/epustaka/${UUID}/`)).toBe('epustaka');
    expect(publicVariantOf(`/book/${UUID}/`)).toBe('book');
    expect(publicVariantOf(`/epustaka/${UUID}//`)).toBeNull();
  });
});

describe('safeNextPath', () => {
  test('keeps paths on this site, with their query', () => {
    expect(safeNextPath('/shelf')).toBe('/shelf');
    expect(safeNextPath('/book/abc/def?tab=review&x=%2F')).toBe('/book/abc/def?tab=review&x=%2F');
    expect(safeNextPath('/')).toBe('/');
    expect(safeNextPath('/search?q=buku%20anak')).toBe('/search?q=buku%20anak');
  });

  test.each([
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%2Fevil.com',
    '/%5Cevil.com',
    '/%5C/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/%09/evil.com',
    '/%00',
    ' /shelf',
    'evil.com',
    'shelf',
    '/%E0%A4%A',
    '',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  test('refuses missing values', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});
