import { bookPageUrls } from './book-page.ts';

/* Sitemaps (sitemaps.org) of the public pages, and robots.txt that names them. */

/** Books per page sitemap (the API's maximum page). */
export const SITEMAP_PAGE_SIZE = 5000;

/** `/sitemap-books-{n}.xml`, n from 1. */
export function sitemapPagePath(page: number): string {
  return `/sitemap-books-${page}.xml`;
}

const SITEMAP_PAGE = /^\/sitemap-books-([1-9]\d{0,5})\.xml$/;

/** The page number of a page sitemap's path, or null. */
export function sitemapPageOf(pathname: string): number | null {
  const match = SITEMAP_PAGE.exec(pathname);
  return match ? Number(match[1]) : null;
}

export function sitemapPageCount(total: number, size = SITEMAP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The latest of ISO dates, or null. */
export function latest(dates: readonly string[]): string | null {
  let best: string | null = null;
  for (const date of dates) if (best === null || Date.parse(date) > Date.parse(best)) best = date;
  return best;
}

/** A sitemap index (sitemaps.org) of page sitemaps. */
export function sitemapIndexXml(entries: readonly { loc: string; lastmod: string | null }[]): string {
  const items = entries.map((e) => `  <sitemap>\n    <loc>${xml(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${xml(e.lastmod)}</lastmod>` : ''}\n  </sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** A page sitemap of public book pages, each with its language alternates. */
export function bookUrlsetXml(origin: string, books: readonly { id: string; updated_at: string }[]): string {
  const items = books.map((book) => {
    const urls = bookPageUrls(origin, book.id);
    const links = [
      ['id', urls.id],
      ['en', urls.en],
      ['x-default', urls.xDefault],
    ].map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href!)}"/>`);
    return `  <url>\n    <loc>${xml(urls.id)}</loc>\n    <lastmod>${xml(book.updated_at)}</lastmod>\n${links.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the API and the signed-in areas; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /webhook/',
    'Disallow: /auth/',
    'Disallow: /read-book',
    'Disallow: /read?',
    'Disallow: /lang',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
