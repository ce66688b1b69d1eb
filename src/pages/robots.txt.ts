import type { APIRoute } from 'astro';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { robotsTxt } from '../lib/seo/sitemap.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/** robots.txt: names the sitemap index; styles and scripts stay crawlable. */
export const GET: APIRoute = () =>
  new Response(robotsTxt(publicOrigin()), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE } });
