import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { EpustakaFeedListQuery, FeedItem, FeedListQuery, LikeResult, PostingInput } from './schema.ts';

/* The timeline's calls: the lists, one item, likes, and posting and deleting posts (spec 02 §7). */

/** GET webhook/feeds: the caller's timeline, or one user's items with `user_id`. */
export function getFeeds(http: HttpClient, params: FeedListQuery): Promise<ListBody<FeedItem>> {
  return http.get('webhook/feeds', { ...params });
}

/** GET webhook/epustaka-feeds. */
export function getEpustakaFeeds(http: HttpClient, params: EpustakaFeedListQuery): Promise<ListBody<FeedItem>> {
  return http.get('webhook/epustaka-feeds', { ...params });
}

/** GET webhook/feed-detail. */
export async function getFeedDetail(http: HttpClient, id: string): Promise<FeedItem> {
  return (await http.get<{ data: FeedItem }>('webhook/feed-detail', { id })).data;
}

/** POST (like) or DELETE (unlike) webhook/like. */
export async function setFeedLike(http: HttpClient, body: { object_id: string; sender_id: string }, liked: boolean): Promise<LikeResult> {
  // The server knows who likes; the sender is sent only when known (spec 02 §7 names it).
  const payload = { object_type: 'FEED', object_id: body.object_id, sender_type: 'USER', ...(body.sender_id ? { sender_id: body.sender_id } : {}) };
  const res = liked ? await http.post<{ data: LikeResult }>('webhook/like', payload) : await http.delete<{ data: LikeResult }>('webhook/like', payload);
  return res.data;
}

/** POST webhook/posting. */
export async function createPost(http: HttpClient, body: PostingInput): Promise<FeedItem> {
  return (await http.post<{ data: FeedItem }>('webhook/posting', body)).data;
}

/** DELETE webhook/posting: one's own post. */
export async function deletePost(http: HttpClient, id: string): Promise<void> {
  await http.delete('webhook/posting', { id });
}
