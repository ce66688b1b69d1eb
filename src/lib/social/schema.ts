import { z } from 'zod';
import { CATALOGUE_LIMITS, limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';
import type { UserBrief } from '../contract/users.ts';
import { FOLLOW_SORTS } from '../people/rules.ts';

/* Following people and recommending books to followers (spec 01 §4.6, §7.1). */

// ---------------------------------------------------------------------------------------------
// Follow, followers, recommendations

/** POST webhook/user-follow. Following oneself is a 400 `cannot_follow_self`. */
export const followSchema = z.object({ user_id: id('invalid_user_id') });
export type FollowInput = z.infer<typeof followSchema>;

/** DELETE webhook/user-follow: `id` is the follow_id. */
export const unfollowSchema = z.object({ id: id('invalid_follow_id') });
export type UnfollowInput = z.infer<typeof unfollowSchema>;

/**
 * GET webhook/follower: who follows `user_id` (the caller when absent). `q`, or `filter`
 * `{"name":{"ilike":"..."}}` (also `u.name`), narrows by name.
 */
export const followerListQuerySchema = z.object({
  user_id: id('invalid_user_id').optional(),
  limit: limitParam(CATALOGUE_LIMITS.followers.default, CATALOGUE_LIMITS.followers.max),
  offset: offsetParam,
  q: searchParam,
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
  /** latest (newest follow first) or abjad (by name). */
  sort: z.enum(FOLLOW_SORTS, { error: 'invalid_sort' }).default('latest'),
});
export type FollowerListQuery = z.input<typeof followerListQuerySchema>;

/** POST webhook/feed: recommend a book to other users (never to oneself). */
export const feedRecommendationSchema = z.object({
  feed_type: z.literal('BOOK_RECOMMENDATION', { error: 'invalid_feed_type' }),
  object_id: id('invalid_object_id'),
  object_type: z.literal('BOOK', { error: 'invalid_object_type' }),
  feed_message: z.string().trim().max(2000, { error: 'feed_message_too_long' }).default(''),
  recommendation_target: z
    .array(z.object({ id: id('invalid_target'), name: z.string().max(200).optional() }), { error: 'invalid_target' })
    .min(1, { error: 'recommendation_target_required' })
    .max(100, { error: 'invalid_target' }),
});
export type FeedRecommendationInput = z.infer<typeof feedRecommendationSchema>;

/** The success message of POST webhook/feed (spec 01 §7.1). */
export const RECOMMENDATION_SENT = 'Rekomendasi berhasil terkirim.';

/** POST and DELETE webhook/user-follow. */
export interface FollowResult {
  /** The follow_id. */
  id: string;
  user_id: string;
  followed: boolean;
}

/** GET webhook/follower. */
export interface Follower extends UserBrief {
  bio: string | null;
}

/** POST webhook/feed. */
export interface FeedResult {
  id: string;
  message: string;
}
