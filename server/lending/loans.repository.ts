import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import type { BorrowRecord, Borrower, CollectionOwner } from '../../src/lib/lending/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { iso, isoOrNull, toUserBrief } from '../db/format.ts';

/** A loan as stored. Open while `returned_at` is null. */
export interface LoanRow {
  id: string;
  user_id: string;
  book_id: string;
  epustaka_id: string;
  borrow_key: string;
  borrowed_at: Date | string;
  due_at: Date | string;
  returned_at: Date | string | null;
}

export function toBorrowRecord(row: LoanRow): BorrowRecord {
  return {
    id: row.id,
    borrow_book_id: row.id,
    user_id: row.user_id,
    book_id: row.book_id,
    epustaka_id: row.epustaka_id,
    borrow_key: row.borrow_key,
    borrowed_at: iso(row.borrowed_at),
    due_at: iso(row.due_at),
    returned_at: isoOrNull(row.returned_at),
  };
}

const LOAN_COLUMNS = 'id, user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at, returned_at';

export async function findLoan(db: Queryable, id: string): Promise<LoanRow | undefined> {
  const { rows } = await db.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM borrows WHERE id = $1`, [id]);
  return rows[0];
}

export async function lockLoan(tx: Queryable, id: string): Promise<LoanRow | undefined> {
  const { rows } = await tx.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM borrows WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** The user's open loan of the book (from any ePustaka), overdue or not. */
export async function findOpenLoan(db: Queryable, userId: string, bookId: string): Promise<LoanRow | undefined> {
  const { rows } = await db.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM borrows WHERE user_id = $1 AND book_id = $2 AND returned_at IS NULL`,
    [userId, bookId],
  );
  return rows[0];
}

/** Opens a loan with a fresh borrow key (32 random bytes, base64url). */
export async function insertLoan(
  tx: Queryable,
  loan: { userId: string; bookId: string; epustakaId: string; borrowedAt: Date; dueAt: Date },
): Promise<LoanRow> {
  const { rows } = await tx.query<LoanRow>(
    `INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${LOAN_COLUMNS}`,
    [loan.userId, loan.bookId, loan.epustakaId, randomBytes(32).toString('base64url'), loan.borrowedAt.toISOString(), loan.dueAt.toISOString()],
  );
  return rows[0]!;
}

export async function closeLoan(tx: Queryable, id: string, at: Date): Promise<LoanRow> {
  const { rows } = await tx.query<LoanRow>(
    `UPDATE borrows SET returned_at = $2 WHERE id = $1 RETURNING ${LOAN_COLUMNS}`,
    [id, at.toISOString()],
  );
  return rows[0]!;
}

/** Closes the holding's loans that are past due (returned at their due time); returns how many. */
export async function closeOverdueLoans(tx: Queryable, epustakaId: string, bookId: string, now: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE borrows SET returned_at = due_at
      WHERE epustaka_id = $1 AND book_id = $2 AND returned_at IS NULL AND due_at <= $3`,
    [epustakaId, bookId, now.toISOString()],
  );
  return rowCount;
}

export async function hasBorrowedBefore(db: Queryable, userId: string, bookId: string): Promise<boolean> {
  const { rows } = await db.query<{ yes: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM borrows WHERE user_id = $1 AND book_id = $2) AS yes',
    [userId, bookId],
  );
  return rows[0]!.yes;
}

/** True when some holding has an overdue loan or an expired queue offer (SQL over the placeholder `now`). */
export function anythingToSettleSql(now: string): string {
  // min() over the partial indexes borrows_open_due_idx and book_queues_offer_due_idx is one probe
  // each; an EXISTS may be planned as a sequential scan of all loans.
  return `coalesce((SELECT min(due_at) FROM borrows WHERE returned_at IS NULL) <= ${now}
           OR (SELECT min(offer_expires_at) FROM book_queues WHERE ended_at IS NULL AND offer_expires_at IS NOT NULL) <= ${now}, false)`;
}

/** Holdings with an overdue loan or an expired queue offer, which are due to be settled. */
export async function findHoldingsToSettle(db: Queryable, now: Date, limit: number): Promise<{ epustaka_id: string; book_id: string }[]> {
  const { rows } = await db.query<{ epustaka_id: string; book_id: string }>(
    `SELECT DISTINCT epustaka_id, book_id FROM (
       (SELECT epustaka_id, book_id FROM borrows WHERE returned_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2)
       UNION ALL
       (SELECT epustaka_id, book_id FROM book_queues
         WHERE ended_at IS NULL AND offer_expires_at IS NOT NULL AND offer_expires_at <= $1 ORDER BY offer_expires_at LIMIT $2)
     ) due`,
    [now.toISOString(), limit],
  );
  return rows;
}

interface BorrowerRow {
  id: string;
  name: string;
  avatar_url: string | null;
  follow_id: string | null;
  copy: number;
  holding: boolean;
  last_borrowed_at: Date | string;
}

/** Options of the people-who-borrowed lists. */
export interface BorrowerQuery {
  bookId: string;
  viewerId: string;
  /** Everyone who ever borrowed, not only current borrowers. */
  all: boolean;
  q?: string;
  limit: number;
  offset: number;
  now: Date;
}

// Current borrowers hold an open loan that is not yet due.
async function borrowerPage(db: Queryable, query: BorrowerQuery, order: string): Promise<{ rows: BorrowerRow[]; total: number }> {
  const p = new SqlParams();
  const where = [`b.book_id = ${p.add(query.bookId)}`];
  if (!query.all) where.push(`b.returned_at IS NULL AND b.due_at > ${p.add(query.now.toISOString())}`);
  if (query.q) where.push(`u.name ILIKE ${p.add(containsPattern(query.q))}`);
  const from = `FROM borrows b JOIN users u ON u.id = b.user_id`;
  const count = await db.query<{ n: number }>(
    `SELECT count(DISTINCT b.user_id)::int AS n ${from} WHERE ${where.join(' AND ')}`,
    [...p.values],
  );
  const now = p.add(query.now.toISOString());
  const { rows } = await db.query<BorrowerRow>(
    `SELECT u.id, u.name, u.avatar_url, f.id AS follow_id, count(*)::int AS copy,
            bool_or(b.returned_at IS NULL AND b.due_at > ${now}) AS holding, max(b.borrowed_at) AS last_borrowed_at
       ${from} LEFT JOIN follows f ON f.follower_id = ${p.add(query.viewerId)} AND f.followed_id = u.id
      WHERE ${where.join(' AND ')}
      GROUP BY u.id, f.id
      ORDER BY ${order}
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows, total: count.rows[0]!.n };
}

export async function listBorrowers(db: Queryable, query: BorrowerQuery): Promise<{ rows: Borrower[]; total: number }> {
  const page = await borrowerPage(db, query, 'last_borrowed_at DESC, u.id');
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...toUserBrief(r),
      borrower_type: 'USER',
      copy: r.copy,
      last_borrowed_at: iso(r.last_borrowed_at),
    })),
  };
}

/** Users who hold the book now first, then those who held it, most recent first. */
export async function listCollectionOwners(db: Queryable, query: Omit<BorrowerQuery, 'all'>): Promise<{ rows: CollectionOwner[]; total: number }> {
  const page = await borrowerPage(db, { ...query, all: true }, 'holding DESC, last_borrowed_at DESC, u.id');
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...toUserBrief(r),
      holding: r.holding,
      last_borrowed_at: iso(r.last_borrowed_at),
    })),
  };
}
