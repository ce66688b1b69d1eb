import type { Queryable } from '../db/client.ts';

/*
 * How many loans a member has open from one ePustaka, against that library's limit. A loan counts
 * while it is not returned and not yet due: an overdue loan is closed at its due time whenever its
 * holding is next settled, so it no longer takes a place.
 */

/** A member's open loans from one library and how many that library allows. */
export interface LoanRoom {
  limit: number;
  open: number;
}

/** The count of open loans of user `user` from library `library` at `now` (SQL over the placeholders given). */
export function openLoansSql(library: string, user: string, now: string): string {
  return `SELECT count(*)::int FROM borrows l
    WHERE l.user_id = ${user} AND l.epustaka_id = ${library} AND l.returned_at IS NULL AND l.due_at > ${now}`;
}

const OPEN_LOANS = openLoansSql('e.id', '$2', '$3');

/**
 * Locks the user's membership row of the library until the transaction ends, so the loans of one
 * member in one library are decided one after the other (whatever book they are for). False when
 * there is no membership.
 */
export async function lockMemberLoans(tx: Queryable, epustakaId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2 FOR UPDATE', [epustakaId, userId]);
  return rows.length > 0;
}

/** The user's open loans from each of several libraries and their limits, by library id. */
export async function findLoanRooms(db: Queryable, epustakaIds: string[], userId: string, now: Date): Promise<Map<string, LoanRoom>> {
  if (epustakaIds.length === 0) return new Map();
  const { rows } = await db.query<LoanRoom & { id: string }>(
    `SELECT e.id, e.max_loans_per_member AS "limit", (${OPEN_LOANS}) AS open FROM epustaka e WHERE e.id = ANY($1::uuid[])`,
    [epustakaIds, userId, now.toISOString()],
  );
  return new Map(rows.map((r) => [r.id, { limit: r.limit, open: r.open }]));
}

/** Sets how many loans one member may have open from the library at a time. */
export async function setLoanLimit(db: Queryable, epustakaId: string, limit: number): Promise<void> {
  await db.query('UPDATE epustaka SET max_loans_per_member = $2, updated_at = now() WHERE id = $1', [epustakaId, limit]);
}
