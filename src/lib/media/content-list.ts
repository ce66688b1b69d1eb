import { isUuid } from '../contract/ids.ts';
import { clip } from '../contract/shorten.ts';

/*
 * The article, video and audio lists as their addresses say them: `?q=&category=&sort=&limit=`
 * (and `epustaka=` for a library's collection). Server-rendered, so 'more' is a link that asks
 * for a longer list and needs no script.
 */

export interface ContentListQuery {
  q: string | null;
  category: string | null;
  epustaka: string | null;
  sort: string | null;
  limit: number;
}

/** Reads a list address; `first` is the first page's size, `max` the longest list asked for. */
export function parseContentListQuery(params: URLSearchParams, first: number, max = 500): ContentListQuery {
  const q = clip((params.get('q') ?? '').trim(), 200);
  const limit = Number(params.get('limit'));
  const category = params.get('category');
  const epustaka = params.get('epustaka');
  return {
    q: q === '' ? null : q,
    category: isUuid(category) ? category.toLowerCase() : null,
    epustaka: isUuid(epustaka) ? epustaka.toLowerCase() : null,
    sort: params.get('sort'),
    limit: Number.isInteger(limit) && limit >= first ? Math.min(limit, max) : first,
  };
}

/** The list's address with some parts changed; defaults are left out. */
export function contentListHref(path: string, query: ContentListQuery, change: Partial<ContentListQuery>, first: number): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.epustaka) params.set('epustaka', next.epustaka);
  if (next.q) params.set('q', next.q);
  if (next.category) params.set('category', next.category);
  if (next.sort) params.set('sort', next.sort);
  if (next.limit > first) params.set('limit', String(next.limit));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The API's page sizes: the first `limit` items are asked in pages of at most `max`. */
export function pagesOf(limit: number, max: number): { limit: number; offset: number }[] {
  const pages: { limit: number; offset: number }[] = [];
  for (let offset = 0; offset < limit; offset += max) pages.push({ offset, limit: Math.min(max, limit - offset) });
  return pages;
}
