import type { Queryable } from '../db/client.ts';
import type { ApiDeps } from '../deps.ts';
import type { BorrowInput, BorrowRecord } from '../../src/lib/lending/schema.ts';
import { QUEUE_OFFER_HOURS } from '../../src/lib/contract/params.ts';
import { LOAN_DAYS } from '../../src/lib/contract/values.ts';
import { ApiError, conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { addFeedItem } from '../feed/feed.repository.ts';
import {
  effectiveStatus,
  lockHolding,
  putBackCopies,
  takeCopy,
  type HoldingRow,
  type MembershipRow,
} from '../libraries/epustaka.repository.ts';
import {
  closeLoan,
  closeOverdueLoans,
  findHoldingsToSettle,
  findLoan,
  findOpenLoan,
  insertLoan,
  lockLoan,
  toBorrowRecord,
} from './loans.repository.ts';
import { endQueueEntry, endWaitingEntries, expireOffers, offerToNext } from '../queue/queue.repository.ts';
import { notWebReadable } from './readable.repository.ts';
import { findLendingStanding, findLoanState } from './lending.repository.ts';
import { mailNewOffers } from '../queue/queue-mail.ts';
import { lockMemberLoans } from './loan-limit.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** When a loan made at `from` is due. */
export function loanDueAt(from: Date): Date {
  return new Date(from.getTime() + LOAN_DAYS * DAY_MS);
}

/** Until when a copy offered at `from` is held for the first in the queue. */
export function offerExpiresAt(from: Date): Date {
  return new Date(from.getTime() + QUEUE_OFFER_HOURS * HOUR_MS);
}

/**
 * Brings a locked holding up to date at `now`: overdue loans close (their copies come back),
 * expired offers end, and every copy that came back goes to the next in line or, with nobody
 * waiting, back on the shelf. Call with the holding locked.
 */
export async function settleHolding(tx: Queryable, holding: HoldingRow, now: Date): Promise<void> {
  const overdue = await closeOverdueLoans(tx, holding.epustaka_id, holding.book_id, now);
  const expired = await expireOffers(tx, holding.epustaka_id, holding.book_id, now);
  await releaseCopies(tx, holding, (holding.using_drm ? overdue : 0) + expired, now);
}

/** Gives `count` copies of a DRM holding to the next in line, one each, and shelves the rest. */
export async function releaseCopies(tx: Queryable, holding: HoldingRow, count: number, now: Date): Promise<void> {
  for (let given = 0; given < count; given += 1) {
    const offered = await offerToNext(tx, holding.epustaka_id, holding.book_id, now, offerExpiresAt(now));
    if (!offered) {
      await putBackCopies(tx, holding.epustaka_id, holding.book_id, count - given);
      return;
    }
  }
}

/**
 * Settles a few holdings with overdue loans or expired offers, so reads see them up to date
 * without a background job. Cheap when nothing is due (two index probes).
 */
export async function settleDue(deps: ApiDeps, limit = 20): Promise<void> {
  const now = deps.now();
  const due = await findHoldingsToSettle(deps.db, now, limit);
  for (const { epustaka_id, book_id } of due) {
    await inTransaction(deps.db, async (tx) => {
      const holding = await lockHolding(tx, epustaka_id, book_id);
      if (holding) await settleHolding(tx, holding, now);
    });
  }
  if (due.length > 0) await mailNewOffers(deps);
}

/**
 * Throws the coded error that keeps a user from borrowing or queueing in an ePustaka:
 * `not_member`, `membership_pending` or `membership_expired`.
 */
function requireActiveMembership(membership: MembershipRow | undefined, now: Date): void {
  const status = effectiveStatus(membership, now);
  if (status === null) throw forbidden('not_member', 'You are not registered as an ePustaka member yet.');
  if (status === 0) throw forbidden('membership_pending', 'Your request to join this ePustaka is waiting for approval.');
  if (status === 3) throw forbidden('membership_expired', 'Your membership period has expired, please renew again.');
}

/**
 * The holding a loan or a queue place would come from, after the checks every such request
 * makes, in this order: the book exists (404 `book_not_found`), the ePustaka holds it (404
 * `book_not_found`), `check` (what the caller adds), a file the web readers open (409
 * `not_web_readable`), and an active membership (403). One round trip for all of them.
 */
export async function requireLendable(
  db: Queryable,
  epustakaId: string,
  bookId: string,
  userId: string,
  now: Date,
  check?: (holding: HoldingRow) => void,
): Promise<HoldingRow> {
  const standing = await findLendingStanding(db, epustakaId, bookId, userId);
  if (!standing.book_exists) throw notFound('book_not_found', 'The book could not be found.');
  if (!standing.holding) throw notFound('book_not_found', 'This ePustaka does not hold the book.');
  check?.(standing.holding);
  if (!standing.readable) throw notWebReadable();
  requireActiveMembership(standing.membership, now);
  return standing.holding;
}

/**
 * Lends a book to the caller from one ePustaka, in one transaction under the holding's lock.
 * A DRM book takes a copy (or the copy offered to the caller from the queue); an open book is
 * never counted. Asking again while the loan from the same ePustaka is open answers that loan
 * (`repeated`), so a retried request never makes a second loan. A member has at most the
 * ePustaka's `max_loans_per_member` loans open from it, a claimed queue offer included: the count
 * is read under the lock of their membership row, so parallel borrows of different books cannot
 * pass it together.
 * @throws ApiError book_not_found, not_web_readable, not_member, membership_pending, membership_expired, no_copies, already_borrowed, loan_limit_reached.
 */
export async function borrow(deps: ApiDeps, callerId: string, input: BorrowInput): Promise<{ loan: BorrowRecord; repeated: boolean }> {
  if (input.user_id !== callerId) throw forbidden('user_mismatch', 'You can only borrow for yourself.');
  const now = deps.now();
  await requireLendable(deps.db, input.epustaka_id, input.book_id, callerId, now);
  return inTransaction(deps.db, async (tx) => {
    const locked = await lockHolding(tx, input.epustaka_id, input.book_id);
    if (!locked) throw notFound('book_not_found', 'This ePustaka does not hold the book.');
    // Holding first, then the membership: one member's loans from one library go one at a time.
    if (!(await lockMemberLoans(tx, input.epustaka_id, callerId))) throw forbidden('not_member', 'You are not registered as an ePustaka member yet.');
    // Read under the locks; settling (rare) changes what it says, so it is read again after.
    let state = await findLoanState(tx, input.epustaka_id, input.book_id, callerId, now);
    if (state.due) {
      await settleHolding(tx, locked, now);
      state = await findLoanState(tx, input.epustaka_id, input.book_id, callerId, now);
    }
    if (state.open_loan_id) {
      const open = await findOpenLoan(tx, callerId, input.book_id);
      if (open?.epustaka_id === input.epustaka_id) return { loan: toBorrowRecord(open), repeated: true };
      if (open) throw conflict('already_borrowed', 'You already have this book on loan from another ePustaka.');
    }
    if (state.open_loans >= state.loan_limit) {
      throw conflict('loan_limit_reached', `You have ${state.open_loans} of ${state.loan_limit} loans from this ePustaka; return one to borrow another.`);
    }
    if (locked.using_drm) {
      if (state.offer_id) await endQueueEntry(tx, state.offer_id, 'borrowed', now);
      else if (!(await takeCopy(tx, input.epustaka_id, input.book_id))) {
        throw conflict('no_copies', 'No copy of this book is available right now.');
      }
    }
    if (state.waiting) await endWaitingEntries(tx, callerId, input.book_id, 'borrowed', now);
    const loan = await insertLoan(tx, {
      userId: callerId,
      bookId: input.book_id,
      epustakaId: input.epustaka_id,
      borrowedAt: now,
      dueAt: loanDueAt(now),
    });
    await addFeedItem(tx, { type: 'BOOK_BORROW', senderId: callerId, objectType: 'BOOK', objectId: input.book_id, now });
    return { loan: toBorrowRecord(loan), repeated: false };
  });
}

/**
 * Ends the caller's loan: the copy goes to the first in the queue (held for them for the offer
 * window) or back on the shelf. Returning a loan that is already closed changes nothing and
 * answers it with `alreadyReturned`.
 * @throws ApiError borrow_not_found (404), not_your_borrow (403).
 */
export async function returnBook(deps: ApiDeps, callerId: string, loanId: string): Promise<{ loan: BorrowRecord; alreadyReturned: boolean }> {
  const loan = await findLoan(deps.db, loanId);
  if (!loan) throw notFound('borrow_not_found', 'The loan could not be found.');
  if (loan.user_id !== callerId) throw forbidden('not_your_borrow', 'You can only return your own loans.');
  const now = deps.now();
  const record = await inTransaction(deps.db, async (tx) => {
    // Holding first, then the loan: the same lock order as borrowing.
    const holding = await lockHolding(tx, loan.epustaka_id, loan.book_id);
    if (holding) await settleHolding(tx, holding, now);
    const current = await lockLoan(tx, loanId);
    if (!current) throw new ApiError(404, 'borrow_not_found', 'The loan could not be found.');
    if (current.returned_at !== null) return { loan: toBorrowRecord(current), alreadyReturned: true };
    const closed = await closeLoan(tx, loanId, now);
    if (holding?.using_drm) await releaseCopies(tx, holding, 1, now);
    return { loan: toBorrowRecord(closed), alreadyReturned: false };
  });
  // The next in line hears that a copy is held for them.
  await mailNewOffers(deps);
  return record;
}
