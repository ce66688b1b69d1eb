import { z } from 'zod';
import { CATALOGUE_LIMITS, limitParam, offsetParam, uuidField as id } from '../contract/params.ts';
import { REPORT_REASONS } from '../contract/values.ts';
import type { Sender } from '../contract/users.ts';

/* Reviews and replies (spec 01 §4.5, §5; 02 §4.4): writing, editing, listing and reporting them. */

// ---------------------------------------------------------------------------------------------
// Ratings (reviews) and replies

/** A rating in half steps from 0.5 to 5. */
export const ratingLevelSchema = z
  .number({ error: 'invalid_rating_level' })
  .min(0.5, { error: 'invalid_rating_level' })
  .max(5, { error: 'invalid_rating_level' })
  .refine((v) => Number.isInteger(v * 2), { error: 'invalid_rating_level' });

const commentText = z.string({ error: 'rating_comment_required' }).trim().max(5000, { error: 'rating_comment_too_long' });

/**
 * POST webhook/book-rating. Without `parent_id` a review: `rating_level` and `rating_comment`
 * required, only after having borrowed the book, one per user and book. With `parent_id` a reply:
 * `rating_comment` required, `rating_level` ignored.
 */
export const ratingCreateSchema = z
  .object({
    book_id: id('invalid_book_id'),
    rating_level: ratingLevelSchema.nullish(),
    rating_comment: commentText.optional(),
    parent_id: id('invalid_parent_id').nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.rating_comment) ctx.addIssue({ code: 'custom', path: ['rating_comment'], message: 'rating_comment_required' });
    else if (!v.parent_id && (v.rating_level === undefined || v.rating_level === null)) {
      ctx.addIssue({ code: 'custom', path: ['rating_level'], message: 'rating_level_required' });
    }
  });
export type RatingCreateInput = z.infer<typeof ratingCreateSchema>;

/** PUT webhook/book-rating: edit an own review or reply (`rating_level` is ignored for replies; kept when absent). */
export const ratingUpdateSchema = z.object({
  rating_id: id('invalid_rating_id'),
  rating_level: ratingLevelSchema.nullish(),
  rating_comment: commentText.min(1, { error: 'rating_comment_required' }),
});
export type RatingUpdateInput = z.infer<typeof ratingUpdateSchema>;

/** DELETE webhook/book-rating: soft-delete an own review or reply. */
export const ratingDeleteSchema = z.object({ rating_id: id('invalid_rating_id') });
export type RatingDeleteInput = z.infer<typeof ratingDeleteSchema>;

/** GET webhook/book-rating: the book's reviews (top level), newest first. */
export const ratingListQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  limit: limitParam(CATALOGUE_LIMITS.ratings.default, CATALOGUE_LIMITS.ratings.max),
  offset: offsetParam,
});
export type RatingListQuery = z.input<typeof ratingListQuerySchema>;

/** GET webhook/book-rating-detail: one review with a page of its replies, oldest first. */
export const ratingDetailQuerySchema = z.object({
  rating_id: id('invalid_rating_id'),
  limit: limitParam(CATALOGUE_LIMITS.replies.default, CATALOGUE_LIMITS.replies.max),
  offset: offsetParam,
});
export type RatingDetailQuery = z.input<typeof ratingDetailQuerySchema>;

/**
 * Report reasons of spec 01 §5, in order: pornographic or vulgar sexual material; speech
 * encouraging hatred or violence; unwanted commercial content or spam; harassment or bullying.
 */

/** PUT webhook/book-rating-report. Own ratings cannot be reported (403); a second report is 409 `already_reported`. */
export const ratingReportSchema = z.object({
  rating_id: id('invalid_rating_id'),
  reason: z.enum(REPORT_REASONS, { error: 'invalid_reason' }),
});
export type RatingReportInput = z.infer<typeof ratingReportSchema>;

/** A review (top level) or a reply. Deleted ones keep their place with text and level hidden. */
export interface Rating {
  id: string;
  book_id: string;
  parent_id: string | null;
  sender: Sender;
  rating_level: number | null;
  rating_comment: string | null;
  reply_count: number;
  has_deleted: boolean;
  /** Reported by the caller. */
  has_report: boolean;
  /** Carries a star rating (top-level reviews). */
  has_rate: boolean;
  created_at: string;
  updated_at: string;
}

/** GET webhook/book-rating-detail: the review with a page of replies in `reply`. */
export interface RatingDetail extends Rating {
  reply: Rating[];
}

/** `meta` of GET webhook/book-rating. */
export interface RatingListMeta {
  total: number;
  limit: number;
  offset: number;
  /** Reviews counted in the review tab: not deleted, not reported by the caller. */
  review_count: number;
  avg_rating: number | null;
}
