import type { APIRoute } from 'astro';
import { PUBLIC_FILE_CACHE, robotsTxt } from '../lib/domain/book.ts';

/** robots.txt: names the sitemap index; styles and scripts stay crawlable. */
export const GET: APIRoute = ({ url, site }) =>
  new Response(robotsTxt((site ?? url).origin), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE } });
