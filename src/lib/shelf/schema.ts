import { z } from 'zod';
import { limitParam, offsetParam, searchParam } from '../contract/params.ts';
import { CONTENT_TYPES, SHELF_LIMITS } from './values.ts';

/*
 * The user's shelf (spec 02 §2.13, §3, §7 "Shelves and history"; 03 §7.2): loans, queue entries,
 * the reading history and the review list, plus renewing a loan and removing a history item.
 * Inputs are zod schemas the API validates with; responses are interfaces.
 */

const id = (error = 'invalid_id') => z.uuid({ error });

/** GET webhook/book-borrow-shelf: the caller's open loans; `q` searches title and author. */
export const borrowShelfQuerySchema = z.object({
  q: searchParam,
  limit: limitParam(SHELF_LIMITS.default, SHELF_LIMITS.max),
  offset: offsetParam,
});
export type BorrowShelfQuery = z.input<typeof borrowShelfQuerySchema>;

/** GET webhook/book-queue-shelf and webhook/book-review-shelf. */
export const shelfPageQuerySchema = z.object({
  limit: limitParam(SHELF_LIMITS.default, SHELF_LIMITS.max),
  offset: offsetParam,
});
export type ShelfPageQuery = z.input<typeof shelfPageQuerySchema>;

/**
 * GET webhook/book-history-shelf: the books a user opened, newest first. `user_id` defaults to the
 * caller (another user's history is what their profile shows); `q` searches title and author.
 */
export const historyShelfQuerySchema = z.object({
  user_id: id('invalid_user_id').optional(),
  q: searchParam,
  limit: limitParam(SHELF_LIMITS.default, SHELF_LIMITS.max),
  offset: offsetParam,
});
export type HistoryShelfQuery = z.input<typeof historyShelfQuerySchema>;

/** DELETE webhook/content-access-history: removes one of the caller's history items. */
export const historyDeleteSchema = z.object({ id: id('invalid_history_id') });
export type HistoryDeleteInput = z.infer<typeof historyDeleteSchema>;

/** PUT webhook/book-renew: one more loan period for an open loan (README "My shelf"). */
export const bookRenewSchema = z.object({ borrow_book_id: id('invalid_borrow_book_id') });
export type BookRenewInput = z.infer<typeof bookRenewSchema>;

export type ContentType = (typeof CONTENT_TYPES)[number];

/** Where a reader got to in a book, from the reading sync; null before the first sync. */
export interface ShelfProgress {
  last_page: number;
  total_page: number;
}

/** The book fields every shelf row has (spec 02 §3 "Borrowed shelf book", "Queue item"). */
export interface ShelfBook {
  book_id: string;
  book_title: string;
  book_author: string | null;
  cover_url: string | null;
  using_drm: boolean;
  /** The stored file's kind, which picks the reader; null when the book has no file for the web. */
  file_ext: 'pdf' | 'epub' | null;
}

/** One open loan in GET webhook/book-borrow-shelf. */
export interface BorrowShelfItem extends ShelfBook {
  /** The loan's id, sent as borrow_book_id to return or renew. */
  id: string;
  borrow_book_id: string;
  epustaka_id: string;
  epustaka_name: string;
  borrowed_at: string;
  due_at: string;
  renewed_at: string | null;
  /** Renewing is possible now: not renewed yet and nobody waits for a copy. */
  can_renew: boolean;
  /** People waiting for (or offered) a copy of this holding. */
  queue_count: number;
  progress: ShelfProgress | null;
}

/** One open queue entry in GET webhook/book-queue-shelf. */
export interface QueueShelfItem extends ShelfBook {
  /** The queue entry's id, sent as queue_id to leave. */
  id: string;
  epustaka_id: string;
  epustaka_name: string;
  /** 1 = first in line. */
  position: number;
  created_at: string;
  /** Set while a returned copy is held for the caller: borrow it before then. */
  offer_expires_at: string | null;
}

/** One item in GET webhook/book-history-shelf (spec 02 §3 "Book history item"). */
export interface HistoryItem extends ShelfBook {
  /** The history row's id, sent to DELETE webhook/content-access-history. */
  id: string;
  object_type: ContentType;
  object_id: string;
  epustaka_id: string | null;
  last_accessed_at: string;
  progress: ShelfProgress | null;
}

/** One book in GET webhook/book-review-shelf (spec 02 §3 "Review shelf item"). */
export interface ReviewShelfItem extends ShelfBook {
  /** The book's id. */
  id: string;
  rating_id: string | null;
  rating_level: number | null;
  rating_comment: string | null;
  has_rating: boolean;
  last_borrowed_at: string;
}
