/* The Cache-Control headers of pages and files, as the web server answers them. */

/**
 * Public pages: a CDN may keep them 5 minutes and serve a stale copy for a day while it
 * refreshes; browsers check again each time. They vary by the session and language cookies.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';
/** Sitemaps and robots.txt change slowly. */
export const PUBLIC_FILE_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';
/** Pages of a signed-in user are never stored. */
export const PRIVATE_PAGE_CACHE = 'private, no-store';
