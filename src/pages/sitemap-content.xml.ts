import type { APIRoute } from 'astro';
import { serverApi } from '../lib/bff/api-client.server.ts';
import { getPublicMediaList, getPublicNewsList } from '../lib/media/api.ts';
import { PUBLIC_FILE_CACHE } from '../lib/http/cache-headers.ts';
import { contentUrlsetXml, type ContentKind } from '../lib/seo/content.ts';
import { publicOrigin } from '../../server/web-entry.ts';

/** The sitemap of public article, video and audio pages (listed in /sitemap.xml). */
const MAX = 100;
const MAX_PAGES = 50;

async function all<T>(load: (page: { limit: number; offset: number }) => Promise<{ data: T[]; meta: { total: number } }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await load({ limit: MAX, offset: page * MAX });
    items.push(...body.data);
    if (items.length >= body.meta.total || body.data.length === 0) break;
  }
  return items;
}

export const GET: APIRoute = async (context) => {
  const http = await serverApi(context);
  try {
    const [news, videos, audios] = await Promise.all([
      all((page) => getPublicNewsList(http, page)),
      all((page) => getPublicMediaList(http, { type: 'video', ...page })),
      all((page) => getPublicMediaList(http, { type: 'audio', ...page })),
    ]);
    const entries: { kind: ContentKind; id: string; updated_at: string }[] = [
      ...news.map((n) => ({ kind: 'article' as const, id: n.id, updated_at: n.updated_at })),
      ...videos.map((m) => ({ kind: 'video' as const, id: m.id, updated_at: m.updated_at })),
      ...audios.map((m) => ({ kind: 'audio' as const, id: m.id, updated_at: m.updated_at })),
    ];
    return new Response(contentUrlsetXml(publicOrigin(), entries), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_FILE_CACHE },
    });
  } catch (error) {
    console.error(`The content sitemap could not be built for ${context.url.pathname}`, error);
    return new Response('The sitemap is not available right now.', { status: 503, headers: { 'Retry-After': '300', 'Cache-Control': 'no-store' } });
  }
};
