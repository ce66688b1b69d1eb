import type { AstroGlobal } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import type { HttpClient } from '../http/http.ts';
import { loadHistoryPage, type HistoryPage } from './list.server.ts';
import { getMediaHistory, getNewsHistory } from '../media/api.ts';
import { articleHistoryEntry, mediaHistoryEntry, MEDIA_HISTORY_PAGE, SHELF_CONTENT_PREVIEW, type HistoryEntry } from '../media/rules.ts';
import { PRIVATE_PAGE_CACHE } from '../http/cache-headers.ts';
import { clip } from '../contract/shorten.ts';

export type ContentKind = 'video' | 'audio' | 'article';

/**
 * What /more-history-video, /more-history-audio and /more-article-history show. One's own history
 * can be searched and pruned (`own`, for the ContentHistory island); another member's (`?user=`,
 * from their profile) is read-only (`other`, the profile's history rows).
 */
export type ContentHistoryData =
  | { kind: ContentKind; own: OwnContentHistory }
  | { kind: ContentKind; other: HistoryPage };

/** Loads the history screen of `kind` for the page in `astro` (its cache header and status too). */
export async function loadContentHistory(astro: AstroGlobal, kind: ContentKind): Promise<ContentHistoryData> {
  const { session } = astro.locals;
  astro.response.headers.set('Cache-Control', PRIVATE_PAGE_CACHE);
  const http = await serverApi(astro);
  const user = astro.url.searchParams.get('user');
  if (user && user !== session.userId) {
    const other = await loadHistoryPage(http, kind, astro.url.searchParams, session.userId);
    if (other.view.kind === 'missing') astro.response.status = 404;
    return { kind, other };
  }
  const q = clip((astro.url.searchParams.get('q') ?? '').trim(), 200);
  return { kind, own: await loadOwnHistory(http, kind, q, MEDIA_HISTORY_PAGE) };
}

export interface OwnContentHistory {
  entries: HistoryEntry[];
  total: number;
  q: string;
  failed: boolean;
}

/** The first `limit` rows of the signed-in member's own history of `kind` (matching `q`). */
async function loadOwnHistory(http: HttpClient, kind: ContentKind, q: string, limit: number): Promise<OwnContentHistory> {
  try {
    const page = { q: q || undefined, limit, offset: 0 };
    if (kind === 'article') {
      const body = await getNewsHistory(http, page);
      return { entries: body.data.map(articleHistoryEntry), total: body.meta.total, q, failed: false };
    }
    const body = await getMediaHistory(http, { ...page, type: kind });
    return { entries: body.data.map((row) => mediaHistoryEntry(kind, row)), total: body.meta.total, q, failed: false };
  } catch (error) {
    console.error(`The ${kind} history could not be loaded`, error);
    return { entries: [], total: 0, q, failed: true };
  }
}

/** The shelf's History tab: the latest video, audio and articles opened, each with its total. */
export type ShelfContentHistory = { kind: ContentKind } & OwnContentHistory;

export async function loadShelfContentHistories(http: HttpClient): Promise<ShelfContentHistory[]> {
  const kinds: ContentKind[] = ['video', 'audio', 'article'];
  const lists = await Promise.all(kinds.map((kind) => loadOwnHistory(http, kind, '', SHELF_CONTENT_PREVIEW)));
  return lists.map((list, i) => ({ kind: kinds[i]!, ...list }));
}
