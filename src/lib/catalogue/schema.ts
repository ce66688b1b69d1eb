import { z } from 'zod';
import type { QueueOffer } from '../lending/schema.ts';
import { CATALOGUE_LIMITS, flagParam, limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';


/*
 * The book catalogue (spec 01 §3, §7.2): book lists and detail, and the shapes the other catalogue
 * resources share (users, ePustaka, books). Lending, reviews and follows have their own files
 * (lending.ts, ratings.ts, social.ts), re-exported here. Inputs are zod schemas the API validates
 * with; responses are interfaces. Dates are ISO 8601 strings. Field names follow spec 01 §3.
 */

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

// ---------------------------------------------------------------------------------------------
// Responses

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

/**
 * A row of GET webhook/epustaka-borrow: an ePustaka holding the book, with the caller's open loans
 * from it and how many it allows one member at a time (borrowing more is `409 loan_limit_reached`).
 */
export interface BorrowHolding extends EpustakaBrief {
  loan_limit: number;
  open_loans: number;
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
  /** Human readable, e.g. "2,5 MB" (Indonesian); pages show `file_size` in their own language. */
  file_size_info: string | null;
  /** The file's size in bytes, or null when unknown. */
  file_size: number | null;
  using_drm: boolean;
  /** Copies (signed in: those of the detail's `epustaka`; for visitors: of the public libraries). */
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
  /** Waiting or offered queue entries at the detail's `epustaka`. */
  queue_count: number;
  /** Loans open now. */
  active_borrow_count: number;
  /** Reviews counted in the review tab: not deleted, not reported by the caller. */
  review_count: number;
  related_books: RelatedBook[];
  /** The given ePustaka, else the best holding for the caller; null when no ePustaka holds the book. */
  epustaka: BookDetailEpustaka | null;
  /** Every ePustaka holding the book, each with its own copies and the caller's membership there. */
  holdings: EpustakaBrief[];
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

/** GET webhook/public-book-sitemap. */
export interface SitemapEntry {
  id: string;
  updated_at: string;
}

/** A `{ message }` body for calls with nothing else to say. */
export interface MessageResult {
  message: string;
}
