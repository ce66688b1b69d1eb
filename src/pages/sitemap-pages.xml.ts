import type { APIRoute } from 'astro';
import { PUBLIC_FILE_CACHE } from '../lib/domain/book.ts';
import { sitePagesXml } from '../lib/domain/site-pages.ts';

/** The public pages that are not catalogue items (the front door, the help centre). */
export const GET: APIRoute = (context) =>
  new Response(sitePagesXml((context.site ?? context.url).origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
  });
