import type { Queryable } from '../db/client.ts';
import type { BorrowShelfItem, QueueShelfItem, ReviewShelfItem, ShelfBook, ShelfProgress } from '../../src/lib/shelf/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { iso, isoOrNull, numberOrNull } from '../db/format.ts';
import { renewable } from '../../src/lib/shelf/rules.ts';

/*
 * The caller's shelves (spec 02 §2.13): open loans, queue entries and the books to review. Every
 * query is bound to one user id; nothing here lists another user's rows.
 */

/** The book columns each shelf row carries (`b` books, `a` authors, `f` book_files). */
export const SHELF_BOOK_COLUMNS = `b.catalog_title, a.author_name, b.cover_url, b.using_drm, f.kind AS file_kind`;
export const SHELF_BOOK_JOINS = `LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN book_files f ON f.book_id = b.id`;

export interface ShelfBookRow {
  catalog_title: string;
  author_name: string | null;
  cover_url: string | null;
  using_drm: boolean;
  file_kind: 'pdf' | 'epub' | null;
}

export function toShelfBook(bookId: string, r: ShelfBookRow): ShelfBook {
  return {
    book_id: bookId,
    book_title: r.catalog_title,
    book_author: r.author_name,
    cover_url: r.cover_url,
    using_drm: r.using_drm,
    file_ext: r.file_kind,
  };
}

/** A title-or-author search condition, or nothing. */
export function titleOrAuthor(p: SqlParams, q: string | undefined): string {
  if (!q) return '';
  const pattern = p.add(containsPattern(q));
  return `AND (b.catalog_title ILIKE ${pattern} OR a.author_name ILIKE ${pattern})`;
}

export function progressOf(lastPage: number | null, totalPage: number | null): ShelfProgress | null {
  return lastPage && totalPage ? { last_page: lastPage, total_page: totalPage } : null;
}

interface LoanShelfRow extends ShelfBookRow {
  id: string;
  book_id: string;
  epustaka_id: string;
  epustaka_name: string;
  borrowed_at: Date | string;
  due_at: Date | string;
  renewed_at: Date | string | null;
  queue_count: number;
  last_page: number | null;
  total_page: number | null;
}

/**
 * The user's open loans that are not yet due, the soonest due first. An overdue loan is not open
 * any more, even before its holding is settled.
 */
export async function listOpenLoans(
  db: Queryable,
  query: { userId: string; now: Date; q?: string; limit: number; offset: number },
): Promise<{ rows: BorrowShelfItem[]; total: number }> {
  const p = new SqlParams();
  const where = `WHERE l.user_id = ${p.add(query.userId)} AND l.returned_at IS NULL AND l.due_at > ${p.add(query.now.toISOString())}
                 ${titleOrAuthor(p, query.q)}`;
  const books = `FROM borrows l JOIN books b ON b.id = l.book_id ${SHELF_BOOK_JOINS}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${books} ${where}`, [...p.values]);
  const { rows } = await db.query<LoanShelfRow>(
    `SELECT l.id, l.book_id, l.epustaka_id, l.borrowed_at, l.due_at, l.renewed_at, e.epustaka_name, ${SHELF_BOOK_COLUMNS},
            (SELECT count(*)::int FROM book_queues q
              WHERE q.epustaka_id = l.epustaka_id AND q.book_id = l.book_id AND q.ended_at IS NULL) AS queue_count,
            rp.last_page, rp.total_page
       ${books}
       JOIN epustaka e ON e.id = l.epustaka_id
       LEFT JOIN reading_progress rp ON rp.user_id = l.user_id AND rp.book_id = l.book_id
      ${where}
      ORDER BY l.due_at, l.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({
      ...toShelfBook(r.book_id, r),
      id: r.id,
      borrow_book_id: r.id,
      epustaka_id: r.epustaka_id,
      epustaka_name: r.epustaka_name,
      borrowed_at: iso(r.borrowed_at),
      due_at: iso(r.due_at),
      renewed_at: isoOrNull(r.renewed_at),
      can_renew: renewable({ renewed_at: r.renewed_at === null ? null : iso(r.renewed_at), queue_count: r.queue_count }),
      queue_count: r.queue_count,
      progress: progressOf(r.last_page, r.total_page),
    })),
  };
}

interface QueueShelfRow extends ShelfBookRow {
  id: string;
  book_id: string;
  epustaka_id: string;
  epustaka_name: string;
  created_at: Date | string;
  offer_expires_at: Date | string | null;
  position: number;
}

/** The user's open queue entries: copies held for them first (the soonest to lapse first), then by when they joined. */
export async function listQueueEntries(
  db: Queryable,
  query: { userId: string; now: Date; limit: number; offset: number },
): Promise<{ rows: QueueShelfItem[]; total: number }> {
  const p = new SqlParams();
  const from = `FROM book_queues q JOIN books b ON b.id = q.book_id ${SHELF_BOOK_JOINS}
                JOIN epustaka e ON e.id = q.epustaka_id
               WHERE q.user_id = ${p.add(query.userId)} AND q.ended_at IS NULL
                 AND (q.offer_expires_at IS NULL OR q.offer_expires_at > ${p.add(query.now.toISOString())})`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const { rows } = await db.query<QueueShelfRow>(
    `SELECT q.id, q.book_id, q.epustaka_id, q.created_at, q.offer_expires_at, e.epustaka_name, ${SHELF_BOOK_COLUMNS},
            -- Compared in SQL: created_at has microseconds, which a JavaScript Date would drop.
            (SELECT count(*)::int FROM book_queues o
              WHERE o.epustaka_id = q.epustaka_id AND o.book_id = q.book_id AND o.ended_at IS NULL
                AND (o.created_at, o.id) <= (q.created_at, q.id)) AS position
       ${from}
      ORDER BY (q.offer_expires_at IS NULL), q.offer_expires_at, q.created_at, q.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({
      ...toShelfBook(r.book_id, r),
      id: r.id,
      epustaka_id: r.epustaka_id,
      epustaka_name: r.epustaka_name,
      position: r.position,
      created_at: iso(r.created_at),
      offer_expires_at: isoOrNull(r.offer_expires_at),
    })),
  };
}

interface ReviewShelfRow extends ShelfBookRow {
  book_id: string;
  rating_id: string | null;
  rating_level: string | number | null;
  rating_comment: string | null;
  last_borrowed_at: Date | string;
}

/** Every book the user ever borrowed with their review of it: books still to review first, then the latest borrowed. */
export async function listReviewShelf(
  db: Queryable,
  query: { userId: string; limit: number; offset: number },
): Promise<{ rows: ReviewShelfItem[]; total: number }> {
  const count = await db.query<{ n: number }>('SELECT count(DISTINCT book_id)::int AS n FROM borrows WHERE user_id = $1', [query.userId]);
  const { rows } = await db.query<ReviewShelfRow>(
    `SELECT l.book_id, l.last_borrowed_at, r.id AS rating_id, r.rating_level, r.rating_comment, ${SHELF_BOOK_COLUMNS}
       FROM (SELECT book_id, max(borrowed_at) AS last_borrowed_at FROM borrows WHERE user_id = $1 GROUP BY book_id) l
       JOIN books b ON b.id = l.book_id ${SHELF_BOOK_JOINS}
       LEFT JOIN ratings r ON r.book_id = l.book_id AND r.user_id = $1 AND r.parent_id IS NULL AND r.deleted_at IS NULL
      ORDER BY (r.id IS NOT NULL), l.last_borrowed_at DESC, l.book_id
      LIMIT $2 OFFSET $3`,
    [query.userId, query.limit, query.offset],
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({
      ...toShelfBook(r.book_id, r),
      id: r.book_id,
      rating_id: r.rating_id,
      rating_level: numberOrNull(r.rating_level),
      rating_comment: r.rating_comment,
      has_rating: r.rating_id !== null,
      last_borrowed_at: iso(r.last_borrowed_at),
    })),
  };
}

interface RenewableLoanRow {
  id: string;
  user_id: string;
  book_id: string;
  epustaka_id: string;
  due_at: Date | string;
  returned_at: Date | string | null;
  renewed_at: Date | string | null;
}

export async function lockLoanForRenewal(tx: Queryable, loanId: string): Promise<RenewableLoanRow | undefined> {
  const { rows } = await tx.query<RenewableLoanRow>(
    'SELECT id, user_id, book_id, epustaka_id, due_at, returned_at, renewed_at FROM borrows WHERE id = $1 FOR UPDATE',
    [loanId],
  );
  return rows[0];
}

/** Moves the loan's due time to `dueAt` and marks it renewed at `at`. */
export async function extendLoan(tx: Queryable, loanId: string, dueAt: Date, at: Date): Promise<void> {
  await tx.query('UPDATE borrows SET due_at = $2, renewed_at = $3 WHERE id = $1', [loanId, dueAt.toISOString(), at.toISOString()]);
}
