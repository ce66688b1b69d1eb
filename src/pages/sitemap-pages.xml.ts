import type { APIRoute } from 'astro';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { sitePagesXml } from '../lib/site/site-pages.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/** The public pages that are not catalogue items (the front door, the help centre). */
export const GET: APIRoute = (context) =>
  new Response(sitePagesXml(publicOrigin()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
  });
