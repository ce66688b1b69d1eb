import type { AstroGlobal } from 'astro';
import { serverApi } from './api-client.server.ts';
import { loadHistoryPage, type HistoryPage } from './history.server.ts';
import { getMediaHistory, getNewsHistory } from '../api/media.ts';
import { historyEntry, MEDIA_HISTORY_PAGE, type HistoryEntry } from '../domain/media.ts';
import { PRIVATE_PAGE_CACHE } from '../domain/book.ts';

export type ContentKind = 'video' | 'audio' | 'article';

/**
 * What /more-history-video, /more-history-audio and /more-article-history show. One's own history
 * can be searched and pruned (`own`, for the ContentHistory island); another member's (`?user=`,
 * from their profile) is read-only (`other`, the profile's history rows).
 */
export type ContentHistoryData =
  | { kind: ContentKind; own: { entries: HistoryEntry[]; total: number; q: string; failed: boolean } }
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
  const q = (astro.url.searchParams.get('q') ?? '').trim().slice(0, 200);
  try {
    const page = { q: q || undefined, limit: MEDIA_HISTORY_PAGE, offset: 0 };
    const body = kind === 'article' ? await getNewsHistory(http, page) : await getMediaHistory(http, { ...page, type: kind });
    return { kind, own: { entries: body.data.map((row) => historyEntry(kind, row)), total: body.meta.total, q, failed: false } };
  } catch (error) {
    console.error(`The ${kind} history could not be loaded`, error);
    return { kind, own: { entries: [], total: 0, q, failed: true } };
  }
}
