import type { HttpClient } from '../http/http.ts';
import type { PersonRow, UserProfile } from '../people/schema.ts';
import { getFollowerList, getFollowing, getUserProfile } from '../people/api.ts';
import { FOLLOW_SORTS, FRIENDSHIP_PAGE_SIZE, shownPages, type FollowSort } from '../people/rules.ts';
import { isUuid } from '../contract/ids.ts';
import { firstRows } from '../search/search.server.ts';
import { clip } from '../contract/shorten.ts';

export type FriendshipTab = 'followers' | 'following';

/** The friendship screen's address: `/friendship?tab=&q=&sort=&page=&user=`. */
export interface FriendshipQuery {
  tab: FriendshipTab;
  q: string;
  sort: FollowSort;
  page: number;
  /** Another member's lists; the caller's when absent. */
  user?: string;
}

export function parseFriendshipQuery(params: URLSearchParams, viewerId: string | null): FriendshipQuery {
  const user = params.get('user');
  const sort = params.get('sort');
  return {
    tab: params.get('tab') === 'following' ? 'following' : 'followers',
    q: clip((params.get('q') ?? '').replace(/\s+/g, ' ').trim(), 200),
    sort: (FOLLOW_SORTS as readonly string[]).includes(sort ?? '') ? (sort as FollowSort) : 'latest',
    page: shownPages(params.get('page')),
    user: isUuid(user) && user.toLowerCase() !== viewerId ? user.toLowerCase() : undefined,
  };
}

export function friendshipHref(query: Partial<FriendshipQuery>): string {
  const params = new URLSearchParams();
  params.set('tab', query.tab ?? 'followers');
  if (query.q) params.set('q', query.q);
  if (query.sort && query.sort !== 'latest') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.user) params.set('user', query.user);
  return `/friendship?${params.toString()}`;
}

export type FriendshipView =
  | { kind: 'ok'; owner: UserProfile; rows: PersonRow[]; total: number }
  | { kind: 'missing' }
  | { kind: 'failed' };

/** The owner's profile (for the counts) and the rows of the tab asked for, `page` pages at once. */
export async function loadFriendship(http: HttpClient, query: FriendshipQuery, viewerId: string): Promise<FriendshipView> {
  const userId = query.user ?? viewerId;
  try {
    const owner = await getUserProfile(http, { user_id: userId });
    const fetchList = query.tab === 'following' ? getFollowing : getFollowerList;
    const page = await firstRows((p) => fetchList(http, { user_id: userId, q: query.q || undefined, sort: query.sort, ...p }), FRIENDSHIP_PAGE_SIZE * query.page);
    return { kind: 'ok', owner, ...page };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400) return { kind: 'missing' };
    console.error(`The friendship lists of ${userId} could not be loaded`, error);
    return { kind: 'failed' };
  }
}
