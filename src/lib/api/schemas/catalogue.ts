import { z } from 'zod';
import { REPORT_REASONS } from './values.ts';
import type { QueueOffer } from './lending.ts';

/*
 * The book catalogue (spec 01 §3, §7.2): lists, detail, borrowing, the queue, reviews, follows and
 * recommendations. Inputs are zod schemas the API validates with; responses are interfaces.
 * Dates are ISO 8601 strings. Field names follow spec 01 §3.
 */

// ---------------------------------------------------------------------------------------------
// Building blocks

const id = (error = 'invalid_id') => z.uuid({ error });

/** `limit` query parameter: a whole number 1..max, `invalid_limit` otherwise. */
export function limitParam(fallback: number, max: number) {
  return z.coerce
    .number({ error: 'invalid_limit' })
    .int({ error: 'invalid_limit' })
    .min(1, { error: 'invalid_limit' })
    .max(max, { error: 'invalid_limit' })
    .default(fallback);
}

/** `offset` query parameter: a whole number 0..1,000,000, `invalid_offset` otherwise. */
export const offsetParam = z.coerce
  .number({ error: 'invalid_offset' })
  .int({ error: 'invalid_offset' })
  .min(0, { error: 'invalid_offset' })
  .max(1_000_000, { error: 'invalid_offset' })
  .default(0);

/** A search text; blank means no search. */
export const searchParam = z
  .string()
  .trim()
  .max(200, { error: 'invalid_q' })
  .optional()
  .transform((q) => (q ? q : undefined));

/** `true`/`false` (also 1/0, yes/no, on/off) in a query string. */
const flagParam = z.stringbool({ error: 'invalid_flag' }).optional();

/** Page sizes and limits of spec 01 §9. */
export const CATALOGUE_LIMITS = {
  bookList: { default: 25, max: 100 },
  namedList: { default: 20, max: 100 },
  borrowers: { default: 5, max: 100 },
  queue: { default: 10, max: 100 },
  followers: { default: 10, max: 9999 },
  collectionOwners: { default: 25, max: 100 },
  ratings: { default: 99999, max: 99999 },
  replies: { default: 10, max: 100 },
  sitemap: { default: 1000, max: 5000 },
} as const;

export { LOAN_DAYS, REPORT_REASONS, type ReportReason } from './values.ts';

/** A copy that comes back is held this many hours for the first in the queue (README, "Queue offers"). */
export const QUEUE_OFFER_HOURS = 24;

// ---------------------------------------------------------------------------------------------
// Book list, recommendation, categories, authors

/**
 * Sort values of the book lists: `latest` (= `-created_at`, the default), `catalog_title` (A-Z),
 * `-catalog_title` (Z-A), `created_at` (oldest first) and `popular` (most borrowed first, the
 * recommendation default). `b.`-prefixed forms (`b.catalog_title`, `-b.created_at`) are accepted too.
 * Anything else is a 400 `invalid_sort`.
 */
export const BOOK_SORTS = ['latest', 'catalog_title', '-catalog_title', 'created_at', '-created_at', 'popular'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

/**
 * The `filter` query parameter of the book lists: a JSON object whose conditions all apply (AND),
 * or a JSON array of such objects. A condition is `field: value` (equality) or
 * `field: { operator: value }`. Unknown fields, unknown operators, wrong value types or malformed
 * JSON are a 400 `invalid_filter`.
 *
 * | Field | Value | Operators |
 * |---|---|---|
 * | `category_id` (also `c.id`, `b.category_id`) | category id | `eq`, `in` |
 * | `author` | author id, or an author name (case-insensitive exact) | `eq`, `in` |
 * | `author_id` (also `b.catalog_authors`) | author id | `eq`, `in` |
 * | `author_name` | author name: `eq` case-insensitive exact, `ilike` contains | `eq`, `in`, `ilike` |
 * | `catalog_publish_date` (also `b.catalog_publish_date`) | year | `eq`, `in`, `gte`, `lte` |
 * | `entry` | `true`: borrowable without an entry request (held by an ePustaka the caller is an active member of, or a public one) | `eq` |
 * | `collectionpublic` | `true`: held by a public ePustaka | `eq` |
 * | `available` | `true`: copies available now (open books always are) | `eq` |
 * | `q` | title or author contains the text | `eq`, `ilike` |
 *
 * A `false` flag adds no condition. `ilike` values are plain text: `%` and `_` match themselves.
 */
export interface BookFilter {
  category_id?: string | { eq?: string; in?: string[] };
  author?: string | { eq?: string; in?: string[] };
  author_id?: string | { eq?: string; in?: string[] };
  author_name?: string | { eq?: string; in?: string[]; ilike?: string };
  catalog_publish_date?: number | { eq?: number; in?: number[]; gte?: number; lte?: number };
  entry?: boolean;
  collectionpublic?: boolean;
  available?: boolean;
  q?: string | { ilike: string };
}

/** GET webhook/book-list and webhook/book-recommendation. */
export const bookListQuerySchema = z.object({
  limit: limitParam(CATALOGUE_LIMITS.bookList.default, CATALOGUE_LIMITS.bookList.max),
  offset: offsetParam,
  /** One of {@link BOOK_SORTS}; the list's default when absent. */
  sort: z.string().max(40, { error: 'invalid_sort' }).optional(),
  /** JSON of {@link BookFilter}. */
  filter: z.string().max(4000, { error: 'invalid_filter' }).optional(),
  /** Only books with copies available now (same as the `available` filter). */
  available: flagParam,
  /** Title or author contains this text. */
  q: searchParam,
  /** Only books this ePustaka holds. */
  epustaka_id: id().optional(),
});
export type BookListQuery = z.input<typeof bookListQuerySchema>;

/** GET webhook/book-category-list and webhook/book-author-list. */
export const namedListQuerySchema = z.object({
  limit: limitParam(CATALOGUE_LIMITS.namedList.default, CATALOGUE_LIMITS.namedList.max),
  offset: offsetParam,
  q: searchParam,
});
export type NamedListQuery = z.input<typeof namedListQuerySchema>;

/** GET webhook/public-book-sitemap: public books for the sitemap, oldest first. */
export const sitemapQuerySchema = z.object({
  limit: limitParam(CATALOGUE_LIMITS.sitemap.default, CATALOGUE_LIMITS.sitemap.max),
  offset: offsetParam,
});
export type SitemapQuery = z.input<typeof sitemapQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Book detail and borrowing

/** GET webhook/book-detail and webhook/check-borrow-status. */
export const bookDetailQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  epustaka_id: id('invalid_epustaka_id').optional(),
});
export type BookDetailQuery = z.input<typeof bookDetailQuerySchema>;

/** GET webhook/public-book-detail. */
export const publicBookDetailQuerySchema = z.object({ book_id: id('invalid_book_id') });
export type PublicBookDetailQuery = z.input<typeof publicBookDetailQuerySchema>;

/** GET webhook/epustaka-borrow: the ePustaka holding a book, as the caller sees them. */
export const epustakaBorrowQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  /** Only ePustaka of this organisation. */
  organization_id: id('invalid_organization_id').optional(),
});
export type EpustakaBorrowQuery = z.input<typeof epustakaBorrowQuerySchema>;

/**
 * POST webhook/join-epustaka-member. For a self-join `user_ids` holds the caller's id only;
 * the ePustaka's owner may add other users, who become active members at once.
 */
export const joinEpustakaSchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  user_ids: z.array(id('invalid_user_id')).min(1, { error: 'invalid_user_ids' }).max(100, { error: 'invalid_user_ids' }),
});
export type JoinEpustakaInput = z.infer<typeof joinEpustakaSchema>;

/** POST webhook/borrow. `user_id` must be the caller. */
export const borrowSchema = z.object({
  epustaka_id: id('invalid_epustaka_id'),
  user_id: id('invalid_user_id'),
  book_id: id('invalid_book_id'),
  organization_id: id('invalid_organization_id').optional(),
});
export type BorrowInput = z.infer<typeof borrowSchema>;

/** PUT webhook/book-return. */
export const bookReturnSchema = z.object({ borrow_book_id: id('invalid_borrow_book_id') });
export type BookReturnInput = z.infer<typeof bookReturnSchema>;

/** Error codes of POST webhook/borrow (4xx, in `errors[0].code`). */
export type BorrowErrorCode =
  | 'book_not_found'
  | 'not_member'
  | 'membership_pending'
  | 'membership_expired'
  | 'no_copies'
  | 'already_borrowed';

// ---------------------------------------------------------------------------------------------
// Queue

/** POST webhook/book-queue: join the queue of a book in one ePustaka. */
export const queueJoinSchema = z.object({
  book_id: id('invalid_book_id'),
  epustaka_id: id('invalid_epustaka_id'),
});
export type QueueJoinInput = z.infer<typeof queueJoinSchema>;

/** DELETE webhook/book-queue: leave a queue (own entries only). */
export const queueLeaveSchema = z.object({ queue_id: id('invalid_queue_id') });
export type QueueLeaveInput = z.infer<typeof queueLeaveSchema>;

/** GET webhook/book-queue: who waits for a book, first in line first. */
export const queueListQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  epustaka_id: id('invalid_epustaka_id').optional(),
  limit: limitParam(CATALOGUE_LIMITS.queue.default, CATALOGUE_LIMITS.queue.max),
  offset: offsetParam,
  /** User name contains. */
  q: searchParam,
});
export type QueueListQuery = z.input<typeof queueListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Borrowers and collection owners

/** GET webhook/book-borrower-list: current borrowers, or with `all=true` everyone who ever borrowed. */
export const borrowerListQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  limit: limitParam(CATALOGUE_LIMITS.borrowers.default, CATALOGUE_LIMITS.borrowers.max),
  offset: offsetParam,
  q: searchParam,
  all: flagParam,
});
export type BorrowerListQuery = z.input<typeof borrowerListQuerySchema>;

/** GET webhook/collection-owner: users who hold or held the book. */
export const collectionOwnerQuerySchema = z.object({
  book_id: id('invalid_book_id'),
  limit: limitParam(CATALOGUE_LIMITS.collectionOwners.default, CATALOGUE_LIMITS.collectionOwners.max),
  offset: offsetParam,
  q: searchParam,
});
export type CollectionOwnerQuery = z.input<typeof collectionOwnerQuerySchema>;

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

// ---------------------------------------------------------------------------------------------
// Responses

/** A user as lists show them; `followed`/`follow_id` are relative to the caller. */
export interface UserBrief {
  id: string;
  name: string;
  avatar_url: string | null;
  followed: boolean;
  /** The caller's follow of this user (for DELETE webhook/user-follow), or null. */
  follow_id: string | null;
}

/** A user as a review's sender. */
export interface Sender {
  id: string;
  name: string;
  avatar_url: string | null;
}

/** GET webhook/book-category-list. */
export interface Category {
  id: string;
  category_name: string;
  category_name_en: string | null;
}

/** GET webhook/book-author-list. */
export interface Author {
  id: string;
  author_name: string;
}

/** One book in GET webhook/book-list and webhook/book-recommendation. */
export interface BookListItem {
  id: string;
  book_title: string;
  book_author: string | null;
  /** Same as `book_author`. */
  author_name: string | null;
  cover_url: string | null;
  using_drm: boolean;
  /** Copies over all holdings (0 for open books, which are unlimited). */
  all_qty: number;
  available_qty: number;
  /** The holding best for the caller: one they are an active member of with copies, else the first. */
  epustaka_id: string | null;
  avg_rating: number | null;
  category_id: string | null;
  category_name: string | null;
  publish_date: string | null;
  created_at: string;
}

/** The caller's view of one ePustaka holding a book. */
export interface EpustakaBrief {
  id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  /** The caller has a membership row (any status). */
  has_join: boolean;
  /** 0 waiting approval, 1 active, 3 expired; null when not joined. */
  member_status: 0 | 1 | 3 | null;
  available_qty: number;
  total_qty: number;
  queue_count: number;
}

/** The ePustaka of a book detail (spec 01 §3). */
export type BookDetailEpustaka = Omit<EpustakaBrief, 'total_qty' | 'queue_count'>;

/** The caller's own review of a book. */
export interface UserRating {
  id: string;
  rating_level: number | null;
  rating_comment: string | null;
}

/** A related book in the detail ("similar books"). */
export interface RelatedBook {
  id: string;
  book_title: string;
  book_author: string | null;
  cover_url: string | null;
  using_drm: boolean;
  avg_rating: number | null;
}

/** Fields shown to anyone, signed in or not. */
export interface PublicBookDetail {
  id: string;
  book_id: string;
  book_title: string;
  book_author: string | null;
  author_name: string | null;
  /** Plain text or simple HTML as entered; clients sanitise before rendering. */
  book_description: string | null;
  cover_url: string | null;
  /** One decimal, over non-deleted reviews; null without reviews. */
  avg_rating: number | null;
  /** Non-deleted reviews. */
  rating_count: number;
  file_ext: string | null;
  /** Human readable, e.g. "2,5 MB". */
  file_size_info: string | null;
  using_drm: boolean;
  all_qty: number;
  available_qty: number;
  /** Everyone who ever borrowed the book (the readers count). */
  all_user_borrow_count: number;
  publish_date: string | null;
  book_isbn: string | null;
  publisher: string | null;
  language: string;
  pages: number | null;
  category_id: string | null;
  category_name: string | null;
  /** `organization_name` is the publishing organisation. */
  catalog_info: { organization_name: string | null };
  share_url: string;
  /** The book has a file the web readers open; without one it cannot be borrowed here. */
  web_readable: boolean;
}

/** GET webhook/book-detail. */
export interface BookDetail extends PublicBookDetail {
  /** Waiting or offered queue entries over the holdings counted. */
  queue_count: number;
  /** Loans open now. */
  active_borrow_count: number;
  /** Reviews counted in the review tab: not deleted, not reported by the caller. */
  review_count: number;
  related_books: RelatedBook[];
  /** The given ePustaka, else the best holding for the caller; null when no ePustaka holds the book. */
  epustaka: BookDetailEpustaka | null;
  user_rating: UserRating | null;
  /** The caller has the book on loan now. */
  has_borrow: boolean;
  /** The caller has borrowed the book at some time (may review it). */
  has_borrow_before: boolean;
  /** The caller's place in a queue for the book (1 = first), or null. */
  queue_position: number | null;
  /** A copy held for the caller from the queue, which they may borrow until it expires. */
  queue_offer: QueueOffer | null;
}

/** GET webhook/check-borrow-status. */
export interface BorrowStatus {
  has_borrow: boolean;
  has_borrow_before: boolean;
  /** The ePustaka of the open loan (or the given/best one when none). */
  epustaka: { id: string } | null;
  epustaka_id: string | null;
  /** The open loan's id, sent as borrow_book_id on return. */
  borrow_book_id: string | null;
  /** The open loan's key for the reader; null without a loan. */
  borrow_key: string | null;
  due_at: string | null;
  /** Where the book file is served from; null until a file is attached. */
  url_file: string | null;
}

/** A loan as POST webhook/borrow and PUT webhook/book-return answer it. */
export interface BorrowRecord {
  id: string;
  /** Same as `id`. */
  borrow_book_id: string;
  user_id: string;
  book_id: string;
  epustaka_id: string;
  borrow_key: string;
  borrowed_at: string;
  due_at: string;
  returned_at: string | null;
}

/** POST webhook/borrow success body (errors use the usual `{ errors }` body with a 4xx). */
export interface BorrowResponse {
  code: 'SUCCESS';
  data: BorrowRecord;
  message: string;
}

/** POST webhook/join-epustaka-member. */
export interface JoinResult {
  /** Says whether the caller joined or waits for approval. */
  message: string;
  epustaka_id: string;
  members: { user_id: string; member_status: 0 | 1 | 3 }[];
  /** The first member's status, for the self-join dialog. */
  member_status: 0 | 1 | 3;
}

/** GET webhook/book-queue. */
export interface QueueEntry {
  id: string;
  book_id: string;
  epustaka_id: string;
  /** 1 = first in line. */
  position: number;
  created_at: string;
  /** Set while a returned copy is held for this user; they may borrow it until then. */
  offer_expires_at: string | null;
  user: UserBrief;
}

/** POST webhook/book-queue. */
export interface QueueJoinResult {
  id: string;
  book_id: string;
  epustaka_id: string;
  position: number;
  created_at: string;
}

/** GET webhook/book-borrower-list. */
export interface Borrower extends UserBrief {
  borrower_type: 'USER';
  /** Loans counted for this user in the list (open ones, or all with `all=true`). */
  copy: number;
  last_borrowed_at: string;
}

/** GET webhook/collection-owner. */
export interface CollectionOwner extends UserBrief {
  /** Has the book on loan now. */
  holding: boolean;
  last_borrowed_at: string;
}

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

/** GET webhook/public-book-sitemap. */
export interface SitemapEntry {
  id: string;
  updated_at: string;
}

/** A `{ message }` body for calls with nothing else to say. */
export interface MessageResult {
  message: string;
}
