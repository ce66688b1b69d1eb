import type { APIRoute } from 'astro';
import { serverApi } from '../lib/bff/api-client.server.ts';
import { getPublicBookSitemap } from '../lib/catalogue/api.ts';
import { ApiError } from '../lib/http/errors.ts';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { bookUrlsetXml, SITEMAP_PAGE_SIZE, sitemapPageCount, sitemapPageOf } from '../lib/seo/sitemap.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/** One page sitemap of public book pages (/sitemap-books-{n}.xml, n from 1), with language alternates. */
export const GET: APIRoute = async (context) => {
  const page = sitemapPageOf(context.url.pathname);
  const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (page === null) return notFound();
  const http = await serverApi(context);
  try {
    const body = await getPublicBookSitemap(http, { limit: SITEMAP_PAGE_SIZE, offset: (page - 1) * SITEMAP_PAGE_SIZE });
    if (page > sitemapPageCount(body.meta.total)) return notFound();
    return new Response(bookUrlsetXml(publicOrigin(), body.data), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
    });
  } catch (error) {
    // A page past any offset the API lists (say /sitemap-books-999999.xml) does not exist.
    if (error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500) return notFound();
    console.error(`The sitemap page could not be built for ${context.url.pathname}`, error);
    return new Response('The sitemap is not available right now.', { status: 503, headers: { 'Retry-After': '300', 'Cache-Control': 'no-store' } });
  }
};
