import type { Queryable } from '../db/client.ts';
import type { MemberActivitySummary, MemberLoan, ReadingReview } from '../../src/lib/class-reading/schema.ts';
import { RECENT_LOAN_DAYS, REVIEW_EXCERPT_CHARS } from '../../src/lib/class-reading/values.ts';

/*
 * A library's members' loans from it and reviews of the books it holds, for its owner and admins.
 * A member is anyone with an active or expired membership (a waiting request is not yet one).
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const IS_MEMBER = 'EXISTS (SELECT 1 FROM epustaka_members m WHERE m.epustaka_id = $1 AND m.user_id = u.id AND m.member_status IN (1, 3))';

/** A page of the members' loans from the library, newest first, and how many there are. */
export async function memberLoans(db: Queryable, input: { epustakaId: string; now: Date; limit: number; offset: number }): Promise<{ rows: MemberLoan[]; total: number }> {
  const where = `b.epustaka_id = $1 AND ${IS_MEMBER}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM borrows b JOIN users u ON u.id = b.user_id WHERE ${where}`, [input.epustakaId]);
  const { rows } = await db.query<{ id: string; user_id: string; name: string; book_id: string; title: string; borrowed_at: Date | string; due_at: Date | string; ended_at: Date | string | null }>(
    `SELECT b.id, u.id AS user_id, u.name, bk.id AS book_id, bk.catalog_title AS title, b.borrowed_at, b.due_at,
            CASE WHEN b.returned_at IS NOT NULL THEN LEAST(b.returned_at, b.due_at) WHEN b.due_at <= $2::timestamptz THEN b.due_at END AS ended_at
       FROM borrows b JOIN users u ON u.id = b.user_id JOIN books bk ON bk.id = b.book_id
      WHERE ${where} ORDER BY b.borrowed_at DESC, b.id LIMIT $3 OFFSET $4`,
    [input.epustakaId, input.now.toISOString(), input.limit, input.offset],
  );
  return {
    total: Number(count.rows[0]!.n),
    rows: rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: r.name },
      book: { id: r.book_id, title: r.title },
      borrowed_at: iso(r.borrowed_at),
      due_at: iso(r.due_at),
      ended_at: r.ended_at === null ? null : iso(r.ended_at),
    })),
  };
}

const REVIEWS_FROM = `FROM ratings r JOIN users u ON u.id = r.user_id JOIN books bk ON bk.id = r.book_id
  WHERE r.parent_id IS NULL AND r.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM epustaka_books eb WHERE eb.epustaka_id = $1 AND eb.book_id = r.book_id) AND ${IS_MEMBER}`;

/** A page of the members' reviews of the library's books, newest first, and how many there are. */
export async function memberReviews(db: Queryable, input: { epustakaId: string; limit: number; offset: number }): Promise<{ rows: ReadingReview[]; total: number }> {
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${REVIEWS_FROM}`, [input.epustakaId]);
  const { rows } = await db.query<{ id: string; user_id: string; name: string; book_id: string; title: string; rating_level: string | number; comment: string; created_at: Date | string }>(
    `SELECT r.id, u.id AS user_id, u.name, bk.id AS book_id, bk.catalog_title AS title, r.rating_level, left(r.rating_comment, $4) AS comment, r.created_at
     ${REVIEWS_FROM} ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
    [input.epustakaId, input.limit, input.offset, REVIEW_EXCERPT_CHARS],
  );
  return {
    total: Number(count.rows[0]!.n),
    rows: rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: r.name },
      book: { id: r.book_id, title: r.title },
      rating_level: Number(r.rating_level),
      excerpt: r.comment,
      created_at: iso(r.created_at),
    })),
  };
}

/** Loans open now, loans begun in the last RECENT_LOAN_DAYS days, and reviews, of the library's members. */
export async function memberSummary(db: Queryable, epustakaId: string, now: Date): Promise<MemberActivitySummary> {
  const { rows } = await db.query<MemberActivitySummary>(
    `SELECT
       (SELECT count(*) FROM borrows b JOIN users u ON u.id = b.user_id WHERE b.epustaka_id = $1 AND ${IS_MEMBER}
           AND b.returned_at IS NULL AND b.due_at > $2::timestamptz)::int AS open_loans,
       (SELECT count(*) FROM borrows b JOIN users u ON u.id = b.user_id WHERE b.epustaka_id = $1 AND ${IS_MEMBER}
           AND b.borrowed_at > $2::timestamptz - make_interval(days => $3) AND b.borrowed_at <= $2::timestamptz)::int AS loans_last_30_days,
       (SELECT count(*) ${REVIEWS_FROM})::int AS reviews`,
    [epustakaId, now.toISOString(), RECENT_LOAN_DAYS],
  );
  const row = rows[0]!;
  return { open_loans: Number(row.open_loans), loans_last_30_days: Number(row.loans_last_30_days), reviews: Number(row.reviews) };
}
