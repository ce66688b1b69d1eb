import type { ApiDeps } from '../deps.ts';
import type { FeedRecommendationInput, FeedResult, FollowResult } from '../../src/lib/social/schema.ts';
import { RECOMMENDATION_SENT } from '../../src/lib/social/schema.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { findBookBrief } from '../catalogue/books.repository.ts';
import { existingUserIds } from '../libraries/epustaka.repository.ts';
import { deleteFollow, findFollow, insertFollow } from './social.repository.ts';
import { addFeedItem } from '../feed/feed.repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { notifyFollow, notifyRecommendation } from '../notifications/social-events.ts';

/**
 * Follows a user; following someone already followed answers the same follow.
 * @throws ApiError cannot_follow_self (400), user_not_found (404).
 */
export async function follow(deps: ApiDeps, callerId: string, userId: string): Promise<{ result: FollowResult; created: boolean }> {
  if (userId === callerId) throw badRequest('cannot_follow_self', 'You cannot follow yourself.', 'user_id');
  if ((await existingUserIds(deps.db, [userId])).size === 0) throw notFound('user_not_found', 'The user could not be found.');
  const { follow: row, created } = await inTransaction(deps.db, async (tx) => {
    const outcome = await insertFollow(tx, callerId, userId, deps.now());
    if (outcome.created) await notifyFollow(tx, callerId, userId);
    return outcome;
  });
  return { result: { id: row.id, user_id: row.followed_id, followed: true }, created };
}

/**
 * Ends one of the caller's follows.
 * @throws ApiError follow_not_found (404), not_your_follow (403).
 */
export async function unfollow(deps: ApiDeps, callerId: string, followId: string): Promise<FollowResult> {
  const row = await findFollow(deps.db, followId);
  if (!row) throw notFound('follow_not_found', 'The follow could not be found.');
  if (row.follower_id !== callerId) throw forbidden('not_your_follow', 'You can only remove your own follows.');
  await deleteFollow(deps.db, row.id);
  return { id: row.id, user_id: row.followed_id, followed: false };
}

/**
 * Recommends a book to other users: one feed item with its targets.
 * @throws ApiError book_not_found, user_not_found (404), cannot_recommend_to_self (400).
 */
export async function recommendBook(deps: ApiDeps, callerId: string, input: FeedRecommendationInput): Promise<FeedResult> {
  const book = await findBookBrief(deps.db, input.object_id);
  if (!book) throw notFound('book_not_found', 'The book could not be found.');
  const targetIds = [...new Set(input.recommendation_target.map((t) => t.id.toLowerCase()))];
  if (targetIds.includes(callerId)) throw badRequest('cannot_recommend_to_self', 'You cannot recommend a book to yourself.', 'recommendation_target');
  if ((await existingUserIds(deps.db, targetIds)).size !== targetIds.length) throw notFound('user_not_found', 'One of the users could not be found.');
  const id = await inTransaction(deps.db, (tx) =>
    addFeedItem(tx, {
      type: input.feed_type,
      senderId: callerId,
      objectType: input.object_type,
      objectId: input.object_id,
      message: input.feed_message,
      targets: targetIds,
      now: deps.now(),
    }).then(async (feedId) => {
      await notifyRecommendation(tx, { feedId, senderId: callerId, bookId: input.object_id, title: book.catalog_title, targetIds });
      return feedId;
    }),
  );
  return { id, message: RECOMMENDATION_SENT };
}
