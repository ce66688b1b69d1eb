/**
 * True for calls the web server forwards to the API: `/webhook/*`, `/storage/*` and `/auth/*`,
 * except the reset-password page, which shares the `/auth/` prefix (its form posts go to the API).
 */
export function isApiRequest(pathname: string, method: string): boolean {
  if (pathname.startsWith('/webhook/') || pathname.startsWith('/storage/')) return true;
  if (!pathname.startsWith('/auth/')) return false;
  const page = pathname === '/auth/reset-password' || pathname === '/auth/reset-password/';
  return !(page && (method === 'GET' || method === 'HEAD'));
}

/**
 * Utility answers any visitor may fetch, signed in or not (language switch, sign-out, brand colours, and the
 * development outbox, which answers 404 in production).
 */
const OPEN_UTILITIES = new Set(['/lang', '/logout', '/brand.css', '/robots.txt', '/sitemap.xml', '/sitemap-epustaka.xml', '/sitemap-content.xml', '/sitemap-pages.xml', '/dev/outbox', '/manifest.webmanifest']);

/** The page sitemaps the sitemap index points at: /sitemap-books-1.xml, /sitemap-books-2.xml, ... */
const PAGE_SITEMAP = /^\/sitemap-books-[1-9]\d{0,5}\.xml$/;

export function isOpenUtility(pathname: string): boolean {
  return OPEN_UTILITIES.has(pathname) || PAGE_SITEMAP.test(pathname);
}
