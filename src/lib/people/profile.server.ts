import type { HttpClient } from '../http/http.ts';
import type { UserProfile } from './schema.ts';
import type { HistoryItem } from '../shelf/schema.ts';
import { getUserProfile } from './api.ts';
import { getHistoryShelf } from '../shelf/api.ts';
import { getFeeds } from '../feed/api.ts';
import type { ListBody } from '../contract/common.ts';
import type { FeedItem } from '../feed/schema.ts';
import { FEED_PAGE } from '../feed/rules.ts';
import { PROFILE_PREVIEWS } from './rules.ts';
import { loadHistory, type HistoryView } from '../history/list.server.ts';

export type ProfileLoad = { kind: 'ok'; profile: UserProfile } | { kind: 'missing' } | { kind: 'failed' };

/** A member's profile for a page: missing for an unknown (or bad, or foreign) id. */
export async function loadProfile(http: HttpClient, userId: string): Promise<ProfileLoad> {
  try {
    return { kind: 'ok', profile: await getUserProfile(http, { user_id: userId }) };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400) return { kind: 'missing' };
    console.error(`The profile ${userId} could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** The first books of a member's reading history (5 on the profile); null when it fails. */
export async function loadBookPreview(http: HttpClient, userId: string): Promise<{ rows: HistoryItem[]; total: number } | null> {
  try {
    const body = await getHistoryShelf(http, { user_id: userId, limit: PROFILE_PREVIEWS.book, offset: 0 });
    return { rows: body.data, total: body.meta.total };
  } catch (error) {
    console.error(`The book history of ${userId} could not be loaded`, error);
    return null;
  }
}

/** The first items of a member's video, audio or article history (4, 8, 4 on the profile); null when it fails. */
export async function loadMediaPreview(http: HttpClient, userId: string, kind: 'video' | 'audio' | 'article'): Promise<HistoryView | null> {
  const view = await loadHistory(http, { kind, userId, q: '', pages: 1, limit: PROFILE_PREVIEWS[kind] });
  return view.kind === 'media' || view.kind === 'news' ? view : null;
}

/** The first page of a member's timeline items; undefined when it fails (the feed then loads it itself). */
export async function loadProfileFeed(http: HttpClient, userId: string): Promise<ListBody<FeedItem> | undefined> {
  try {
    return await getFeeds(http, { user_id: userId, limit: FEED_PAGE, offset: 0 });
  } catch (error) {
    console.error(`The timeline of ${userId} could not be loaded`, error);
    return undefined;
  }
}
