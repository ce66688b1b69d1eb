import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { Follower, FollowerListQuery } from '../social/schema.ts';
import type {
  FollowingListQuery,
  MultimediaHistoryQuery,
  MultimediaItem,
  NewsHistoryItem,
  NewsHistoryQuery,
  PersonRow,
  SearchBook,
  SearchBookQuery,
  SearchMultimediaQuery,
  SearchUserQuery,
  SuggestedFriendsQuery,
  UserProfile,
} from './schema.ts';

/*
 * Search, profiles and follow lists (spec 02 §7 "Search and people", "Shelves and history").
 * Each takes the HTTP client first, so islands pass the browser's `api` and pages `serverApi(Astro)`.
 */

/** GET webhook/search-book. */
export function searchBooks(http: HttpClient, params: SearchBookQuery): Promise<ListBody<SearchBook>> {
  return http.get<ListBody<SearchBook>>('webhook/search-book', { ...params });
}

/** GET webhook/search-multimedia. */
export function searchMultimedia(http: HttpClient, params: SearchMultimediaQuery): Promise<ListBody<MultimediaItem>> {
  return http.get<ListBody<MultimediaItem>>('webhook/search-multimedia', { ...params });
}

/** GET webhook/search-user. */
export function searchUsers(http: HttpClient, params: SearchUserQuery): Promise<ListBody<PersonRow>> {
  return http.get<ListBody<PersonRow>>('webhook/search-user', { ...params });
}

/** GET webhook/suggested-friends. */
export function getSuggestedFriends(http: HttpClient, params: SuggestedFriendsQuery): Promise<ListBody<PersonRow>> {
  return http.get<ListBody<PersonRow>>('webhook/suggested-friends', { ...params });
}

/** GET webhook/follower (with sort). */
export function getFollowerList(http: HttpClient, params: FollowerListQuery): Promise<ListBody<Follower>> {
  return http.get<ListBody<Follower>>('webhook/follower', { ...params });
}

/** GET webhook/following. */
export function getFollowing(http: HttpClient, params: FollowingListQuery): Promise<ListBody<PersonRow>> {
  return http.get<ListBody<PersonRow>>('webhook/following', { ...params });
}

/** GET webhook/profile?user_id=. */
export async function getUserProfile(http: HttpClient, params: { user_id: string }): Promise<UserProfile> {
  return (await http.get<ItemBody<UserProfile>>('webhook/profile', { ...params })).data;
}

/** GET webhook/multimedia-history-list. */
export function getMultimediaHistory(http: HttpClient, params: MultimediaHistoryQuery): Promise<ListBody<MultimediaItem>> {
  return http.get<ListBody<MultimediaItem>>('webhook/multimedia-history-list', { ...params });
}

/** GET webhook/news-history-list. */
export function getNewsHistory(http: HttpClient, params: NewsHistoryQuery): Promise<ListBody<NewsHistoryItem>> {
  return http.get<ListBody<NewsHistoryItem>>('webhook/news-history-list', { ...params });
}
