import type { APIRoute } from 'astro';
import { serverApi } from '../lib/bff/api-client.server.ts';
import { getPublicBookSitemap } from '../lib/catalogue/api.ts';
import { getEpustakaSitemap } from '../lib/libraries/api.ts';
import { LIBRARY_SITEMAP_PATH } from '../lib/seo/library.ts';
import { CONTENT_SITEMAP_PATH } from '../lib/seo/content.ts';
import { SITE_PAGES_SITEMAP } from '../lib/site/site-pages.ts';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { latest, SITEMAP_PAGE_SIZE, sitemapIndexXml, sitemapPageCount, sitemapPagePath } from '../lib/seo/sitemap.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/**
 * The sitemap index: one page sitemap per 5,000 public books (/sitemap-books-{n}.xml), each with
 * the latest change among its books as lastmod, and the library pages' sitemap (/sitemap-epustaka.xml).
 */
export const GET: APIRoute = async (context) => {
  const http = await serverApi(context);
  try {
    const first = await getPublicBookSitemap(http, { limit: SITEMAP_PAGE_SIZE, offset: 0 });
    const pages = [first];
    for (let page = 2; page <= sitemapPageCount(first.meta.total); page++) {
      pages.push(await getPublicBookSitemap(http, { limit: SITEMAP_PAGE_SIZE, offset: (page - 1) * SITEMAP_PAGE_SIZE }));
    }
    const entries = pages.map((body, index) => ({
      loc: `${publicOrigin()}${sitemapPagePath(index + 1)}`,
      lastmod: latest(body.data.map((book) => book.updated_at)),
    }));
    const libraries = await getEpustakaSitemap(http);
    entries.push({ loc: `${publicOrigin()}${LIBRARY_SITEMAP_PATH}`, lastmod: latest(libraries.map((lib) => lib.updated_at)) });
    // Articles, videos and audio of public libraries.
    entries.push({ loc: `${publicOrigin()}${CONTENT_SITEMAP_PATH}`, lastmod: null });
    entries.push({ loc: `${publicOrigin()}${SITE_PAGES_SITEMAP}`, lastmod: null });
    return new Response(sitemapIndexXml(entries), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
    });
  } catch (error) {
    console.error(`The sitemap index could not be built for ${context.url.pathname}`, error);
    return new Response('The sitemap is not available right now.', { status: 503, headers: { 'Retry-After': '300', 'Cache-Control': 'no-store' } });
  }
};
