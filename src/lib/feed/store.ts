import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { createPost, deletePost, getEpustakaFeeds, getFeedDetail, getFeeds, setFeedLike } from './api.ts';
import type { FeedItem, PostingInput } from './schema.ts';
import { removeObject, uploadObject, type UploadOptions } from '../account/api.ts';
import { fetchProfile } from '../shell/api.ts';
import { FEED_PAGE } from './rules.ts';
import { $commentsChanged } from '../comments/store.ts';
import { createListStore, type ListStore } from '../paging/list-store.ts';
import { notifyError } from '../shell/store.ts';

/** Which feed a list shows: the caller's timeline, one user's items, or an ePustaka's. */
export interface FeedParams {
  userId?: string;
  epustakaId?: string;
}

export type FeedList = ListStore<FeedItem, FeedParams>;

/** A growing feed, 10 items per page (spec 02 §9). */
export function createFeedList(): FeedList {
  return createListStore<FeedItem, FeedParams>(
    (http, { userId, epustakaId, limit, offset }) =>
      epustakaId ? getEpustakaFeeds(http, { epustaka_id: epustakaId, limit, offset }) : getFeeds(http, { user_id: userId, limit, offset }),
    FEED_PAGE,
  );
}

/** Replaces one item of the list in place. */
export function patchItem(list: FeedList, id: string, patch: Partial<FeedItem>): void {
  const state = list.$state.get();
  list.$state.setKey(
    'items',
    state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
  );
}

/**
 * Likes or unlikes an item: the heart changes at once and takes the server's count when it
 * answers; a failure puts it back and says why.
 */
export async function toggleLike(t: TFunction, item: FeedItem, viewerId: string, onChange: (patch: Partial<FeedItem>) => void): Promise<void> {
  const liked = !item.has_like;
  onChange({ has_like: liked, total_like: Math.max(0, item.total_like + (liked ? 1 : -1)) });
  try {
    const result = await setFeedLike(api, { object_id: item.id, sender_id: viewerId }, liked);
    onChange({ has_like: result.has_like, total_like: result.total_like });
  } catch (error) {
    onChange({ has_like: item.has_like, total_like: item.total_like });
    notifyError(t, error);
  }
}

/**
 * Keeps an item's comment count true while it is shown: each time its comments change, the count
 * is read again from the server and handed to `onChange`. Returns the unsubscribe function.
 */
export function followCommentCount(item: Pick<FeedItem, 'id'>, onChange: (patch: Partial<FeedItem>) => void): () => void {
  return $commentsChanged.listen((change) => {
    if (change?.objectType !== 'FEED' || change.objectId !== item.id) return;
    getFeedDetail(api, item.id).then(
      (fresh) => onChange({ total_comment: fresh.total_comment }),
      (error) => console.error(`The comment count of ${item.id} could not be read again`, error),
    );
  });
}

/** Publishes a post, as the user or as an ePustaka, with its picture when one was uploaded. */
export function publishPost(body: PostingInput): Promise<FeedItem> {
  return createPost(api, body);
}

/** Deletes one's own post. */
export function removePost(id: string): Promise<void> {
  return deletePost(api, id);
}

/**
 * Uploads a post's picture into the organisation's bucket. Pages that know the organisation pass
 * it; otherwise the profile says which it is.
 * @returns the stored object's id, which the post then names.
 */
export async function uploadPostPicture(organizationId: string | null | undefined, upload: Omit<UploadOptions, 'bucketName' | 'storagePath'>): Promise<string> {
  const bucketName = organizationId || (await fetchProfile(api)).organizations.id;
  const result = await uploadObject({ ...upload, bucketName, storagePath: 'images/posts' });
  return result.objId;
}

/** Removes a picture uploaded for a post that was not sent, so it no longer counts against the quota. */
export function discardPostPicture(objId: string): Promise<void> {
  return removeObject(api, objId);
}
