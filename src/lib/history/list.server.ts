import type { HttpClient } from '../http/http.ts';
import type { MultimediaItem, NewsHistoryItem } from '../people/schema.ts';
import { getMultimediaHistory, getNewsHistory } from '../people/api.ts';
import { HISTORY_PAGE_SIZE, shownPages } from '../people/rules.ts';
import { isUuid } from '../contract/ids.ts';
import { firstRows } from '../search/search.server.ts';
import { clip } from '../contract/shorten.ts';

export type HistoryKind = 'video' | 'audio' | 'article';

export type HistoryView =
  | { kind: 'media'; rows: MultimediaItem[]; total: number }
  | { kind: 'news'; rows: NewsHistoryItem[]; total: number }
  | { kind: 'missing' }
  | { kind: 'failed' };

/** A member's video, audio or article history (from content_access_history), `pages` pages at once. */
export async function loadHistory(http: HttpClient, query: { kind: HistoryKind; userId?: string; q: string; pages: number; limit?: number }): Promise<HistoryView> {
  const want = query.limit ?? HISTORY_PAGE_SIZE * query.pages;
  const base = { user_id: query.userId, q: query.q || undefined };
  try {
    if (query.kind === 'article') return { kind: 'news', ...(await firstRows((p) => getNewsHistory(http, { ...base, ...p }), want)) };
    const type = query.kind;
    return { kind: 'media', ...(await firstRows((p) => getMultimediaHistory(http, { ...base, type, ...p }), want)) };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400) return { kind: 'missing' };
    console.error(`The ${query.kind} history could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** What a history screen shows for its address (`?q=&page=&user=`). */
export interface HistoryPage {
  view: HistoryView;
  q: string;
  /** Another member's history; the caller's when absent. */
  userId?: string;
  pages: number;
}

export async function loadHistoryPage(http: HttpClient, kind: HistoryKind, params: URLSearchParams, viewerId: string | null): Promise<HistoryPage> {
  const user = params.get('user');
  const userId = isUuid(user) && user.toLowerCase() !== viewerId ? user.toLowerCase() : undefined;
  const q = clip((params.get('q') ?? '').replace(/\s+/g, ' ').trim(), 200);
  const pages = shownPages(params.get('page'));
  return { view: await loadHistory(http, { kind, userId, q, pages }), q, userId, pages };
}
