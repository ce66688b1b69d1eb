import { z } from 'zod';
import { CATALOGUE_LIMITS, flagParam, limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';
import type { UserBrief } from '../contract/users.ts';

/*
 * Lending (spec 01 §4.3, §4.4, §7.2): which ePustaka hold a book, joining one, borrowing and
 * returning, the queue with its held copies, and the people lists of a book.
 */

/** A copy held for the caller after their turn in a queue came (README, "Queue offers"). */
export interface QueueOffer {
  /** The ePustaka holding the copy. */
  epustaka_id: string;
  /** Until when only the caller may borrow it (ISO 8601). */
  expires_at: string;
}

/** The error code of a borrow or queue request for a book without a file the web readers open. */
export const NOT_WEB_READABLE = 'not_web_readable';

// ---------------------------------------------------------------------------------------------
// Holdings, joining and borrowing

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
// Responses

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
