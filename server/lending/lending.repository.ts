import type { Queryable } from '../db/client.ts';
import { HOLDING, type HoldingRow, type MembershipRow } from '../libraries/epustaka.repository.ts';
import { openLoansSql } from './loan-limit.repository.ts';

/** What deciding a loan or a place in a queue needs to know before its transaction, read at once. */
export interface LendingStanding {
  book_exists: boolean;
  /** The holding, or null when this ePustaka does not hold the book. */
  holding: HoldingRow | null;
  readable: boolean;
  membership: MembershipRow | undefined;
}

/**
 * The book, its holding in the ePustaka, whether it has a file the web readers open, and the
 * user's membership there, in one round trip (what requireLendable checks).
 */
export async function findLendingStanding(db: Queryable, epustakaId: string, bookId: string, userId: string): Promise<LendingStanding> {
  const { rows } = await db.query<{
    book_exists: boolean;
    readable: boolean;
    epustaka_id: string | null;
    book_id: string | null;
    all_qty: number | null;
    available_qty: number | null;
    using_drm: boolean | null;
    member_status: MembershipRow['member_status'] | null;
    expires_at: Date | string | null;
    is_member: boolean;
  }>(
    `SELECT EXISTS (SELECT 1 FROM books WHERE id = $2) AS book_exists,
            EXISTS (SELECT 1 FROM book_files WHERE book_id = $2) AS readable,
            h.epustaka_id, h.book_id, h.all_qty, h.available_qty, h.using_drm,
            m.member_status, m.expires_at, m.epustaka_id IS NOT NULL AS is_member
       FROM (SELECT 1) one
       LEFT JOIN (${HOLDING}) h ON true
       LEFT JOIN epustaka_members m ON m.epustaka_id = $1 AND m.user_id = $3`,
    [epustakaId, bookId, userId],
  );
  const r = rows[0]!;
  return {
    book_exists: r.book_exists,
    holding: r.epustaka_id
      ? { epustaka_id: r.epustaka_id, book_id: r.book_id!, all_qty: r.all_qty!, available_qty: r.available_qty!, using_drm: r.using_drm! }
      : null,
    readable: r.readable,
    membership: r.is_member ? ({ member_status: r.member_status, expires_at: r.expires_at } as MembershipRow) : undefined,
  };
}

/** The caller's side of a holding inside a borrow's transaction, read once the holding is locked. */
export interface LoanState {
  /** The holding has an overdue loan or an expired offer to settle first. */
  due: boolean;
  /** The caller's open loan of the book, from any ePustaka. */
  open_loan_id: string | null;
  /** The caller's open offer on this holding (a copy held for them). */
  offer_id: string | null;
  /** The caller waits (without an offer) for the book in some ePustaka's line. */
  waiting: boolean;
  /** How many loans one member may have open from this ePustaka, and how many the caller has. */
  loan_limit: number;
  open_loans: number;
}

/**
 * Read after lockHolding and lockMemberLoans, so it sees everything committed before the locks were
 * granted: whether settleHolding has work, the caller's open loan, offer and waiting entries, and
 * the caller's open loans from the ePustaka against its limit, in one round trip.
 */
export async function findLoanState(tx: Queryable, epustakaId: string, bookId: string, userId: string, now: Date): Promise<LoanState> {
  const { rows } = await tx.query<LoanState>(
    `SELECT (EXISTS (SELECT 1 FROM borrows
                      WHERE epustaka_id = $1 AND book_id = $2 AND returned_at IS NULL AND due_at <= $4)
             OR EXISTS (SELECT 1 FROM book_queues
                         WHERE epustaka_id = $1 AND book_id = $2 AND ended_at IS NULL AND offer_expires_at <= $4)) AS due,
            (SELECT id FROM borrows WHERE user_id = $3 AND book_id = $2 AND returned_at IS NULL LIMIT 1) AS open_loan_id,
            (SELECT id FROM book_queues
              WHERE user_id = $3 AND epustaka_id = $1 AND book_id = $2 AND ended_at IS NULL AND offered_at IS NOT NULL LIMIT 1) AS offer_id,
            EXISTS (SELECT 1 FROM book_queues WHERE user_id = $3 AND book_id = $2 AND ended_at IS NULL AND offered_at IS NULL) AS waiting,
            (SELECT max_loans_per_member FROM epustaka WHERE id = $1) AS loan_limit,
            (${openLoansSql('$1', '$3', '$4')}) AS open_loans`,
    [epustakaId, bookId, userId, now.toISOString()],
  );
  return rows[0]!;
}
