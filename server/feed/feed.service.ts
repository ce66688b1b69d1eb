import type { ApiDeps } from '../deps.ts';
import type { FeedItem, LikeResult } from '../../src/lib/feed/schema.ts';
import type { ListBody } from '../../src/lib/contract/common.ts';
import { FEED_OBJECT, feedDetailPath } from '../../src/lib/feed/rules.ts';
import { notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { notify } from '../notifications/notify.ts';
import { userName } from '../notifications/notifications.repository.ts';
import { canViewFeed, feedOwner, findVisibleFeed, listFeed, type FeedScope } from './feed.repository.ts';
import { addLike, likeState, removeLike } from './likes.repository.ts';

export const feedNotFound = () => notFound('feed_not_found', 'The activity could not be found.');

/** A page of feed items the caller may see. */
export async function feedPage(deps: ApiDeps, viewerId: string, scope: FeedScope, paging: { limit: number; offset: number }): Promise<ListBody<FeedItem>> {
  const page = await listFeed(deps.db, { scope, viewerId, now: deps.now(), ...paging });
  return { data: page.rows, meta: { total: page.total, limit: paging.limit, offset: paging.offset } };
}

/**
 * One feed item.
 * @throws ApiError feed_not_found (404) when it does not exist or the caller may not see it.
 */
export async function feedDetail(deps: ApiDeps, viewerId: string, id: string): Promise<FeedItem> {
  const item = await findVisibleFeed(deps.db, id, viewerId, deps.now());
  if (!item) throw feedNotFound();
  return item;
}

/**
 * Likes or unlikes a feed item the caller can see. Liking twice changes nothing; the first like
 * of each user tells the item's owner (once, however often they unlike and like again).
 * @throws ApiError feed_not_found (404).
 */
export async function setLike(deps: ApiDeps, callerId: string, feedId: string, liked: boolean): Promise<LikeResult> {
  if (!(await canViewFeed(deps.db, feedId, callerId, deps.now()))) throw feedNotFound();
  await inTransaction(deps.db, async (tx) => {
    if (!liked) {
      await removeLike(tx, FEED_OBJECT, feedId, callerId);
      return;
    }
    if (!(await addLike(tx, FEED_OBJECT, feedId, callerId))) return;
    const owner = await feedOwner(tx, feedId);
    if (owner && owner !== callerId) {
      await notify(tx, {
        userId: owner,
        type: 'FEED',
        event: 'like',
        params: { name: await userName(tx, callerId) },
        link: feedDetailPath(feedId),
        dedupeKey: `like:${feedId}:${callerId}`,
        object: { type: 'FEED', id: feedId },
        senderId: callerId,
      });
    }
  });
  const state = await likeState(deps.db, FEED_OBJECT, feedId, callerId);
  return { object_type: 'FEED', object_id: feedId, has_like: state.mine, total_like: state.total };
}
