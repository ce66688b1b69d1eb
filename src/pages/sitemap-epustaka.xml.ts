import type { APIRoute } from 'astro';
import { serverApi } from '../lib/bff/api-client.server.ts';
import { getEpustakaSitemap } from '../lib/libraries/api.ts';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { libraryUrlsetXml } from '../lib/seo/library.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/** The public library pages (/epustaka/{id}) with their language alternates. */
export const GET: APIRoute = async (context) => {
  try {
    const libraries = await getEpustakaSitemap(await serverApi(context));
    return new Response(libraryUrlsetXml(publicOrigin(), libraries), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
    });
  } catch (error) {
    console.error(`The library sitemap could not be built for ${context.url.pathname}`, error);
    return new Response('The sitemap is not available right now.', { status: 503, headers: { 'Retry-After': '300', 'Cache-Control': 'no-store' } });
  }
};
