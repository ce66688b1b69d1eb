import { z } from 'zod';
import { FEED_PAGE, POST_MAX_CHARS, type FeedType, type SenderType } from './rules.ts';
import { limitParam, offsetParam, uuidField as id } from '../contract/params.ts';
import type { Sender } from '../contract/users.ts';

/* The timeline: feed items, likes and posts (spec 02 §2.7, §3, §4.1, §7 "Feed, likes, comments"). */

/** GET webhook/feeds: the caller's timeline, or with `user_id` what that user sent that the caller may see. */
export const feedListQuerySchema = z.object({
  user_id: id('invalid_user_id').optional(),
  limit: limitParam(FEED_PAGE, 50),
  offset: offsetParam,
});
export type FeedListQuery = z.input<typeof feedListQuerySchema>;

/** GET webhook/epustaka-feeds: what an ePustaka posted. */
export const epustakaFeedListQuerySchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  limit: limitParam(FEED_PAGE, 50),
  offset: offsetParam,
});
export type EpustakaFeedListQuery = z.input<typeof epustakaFeedListQuerySchema>;

/** GET webhook/feed-detail. */
export const feedDetailQuerySchema = z.object({ id: id('invalid_feed_id') });

/** POST and DELETE webhook/like (spec 02 §7): only feed items can be liked for now. */
export const likeSchema = z.object({
  object_type: z.literal('FEED', { error: 'invalid_object_type' }),
  object_id: id('invalid_object_id'),
  sender_type: z.literal('USER', { error: 'invalid_sender_type' }).default('USER'),
  sender_id: id('invalid_sender_id').optional(),
});
export type LikeInput = z.input<typeof likeSchema>;

/** POST webhook/posting: text, a picture, or both. */
export const postingSchema = z
  .object({
    message: z.string().trim().max(POST_MAX_CHARS, { error: 'post_too_long' }).default(''),
    sender_type: z.enum(['USER', 'EPUSTAKA'], { error: 'invalid_sender_type' }).default('USER'),
    sender_id: id('invalid_sender_id').optional(),
    image_file_id: id('invalid_image_file_id').optional().nullable(),
  })
  .refine((post) => post.message !== '' || Boolean(post.image_file_id), { error: 'post_empty', path: ['message'] });
export type PostingInput = z.input<typeof postingSchema>;

/** DELETE webhook/posting: one's own post. */
export const postDeleteSchema = z.object({ id: id('invalid_feed_id') });

/** A book as a feed item shows it. */
export interface FeedBook {
  id: string;
  book_title: string;
  author_name: string | null;
  cover_url: string | null;
}

/** One item of the timeline (spec 02 §3 "Feed item"). */
export interface FeedItem {
  id: string;
  feed_type: FeedType;
  sender_type: SenderType;
  sender: Sender;
  created_at: string;
  updated_at: string;
  message: string;
  total_like: number;
  total_comment: number;
  has_like: boolean;
  object_type: string | null;
  object_id: string | null;
  /** The book borrowed or recommended, or the book of the review. */
  book: FeedBook | null;
  review: { id: string; rating_level: number; rating_comment: string; book: FeedBook | null } | null;
  post: { image_url: string | null; message: string } | null;
  /** The users a recommendation went to. */
  recommendation_target: { id: string; name: string }[];
  /** True when the caller sent it (as a user, or as the ePustaka they own). */
  is_mine: boolean;
}

/** POST and DELETE webhook/like. */
export interface LikeResult {
  object_type: 'FEED';
  object_id: string;
  has_like: boolean;
  total_like: number;
}
