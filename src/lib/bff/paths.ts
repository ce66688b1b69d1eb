// Which paths are API calls is a rule the web server shares (src/lib/contract/paths.ts).
export { isApiRequest } from '../contract/paths.ts';

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
