import type { Queryable } from '../db/client.ts';
import type { Rating } from '../../src/lib/ratings/schema.ts';
import type { ReportReason } from '../../src/lib/contract/values.ts';
import { AVG_RATING } from '../catalogue/books.repository.ts';
import { iso, numberOrNull } from '../db/format.ts';

/** A rating (review or reply) as stored. */
export interface RatingRow {
  id: string;
  book_id: string;
  user_id: string;
  parent_id: string | null;
  rating_level: string | number | null;
  rating_comment: string;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
}

/** A rating with its sender and the viewer-relative facts lists show. */
interface RatingViewRow extends RatingRow {
  sender_name: string;
  sender_avatar_url: string | null;
  reply_count: number;
  has_report: boolean;
}

/** Maps a rating to the API; a deleted one keeps its place with its text and level hidden. */
function toRating(row: RatingViewRow): Rating {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    book_id: row.book_id,
    parent_id: row.parent_id,
    sender: { id: row.user_id, name: row.sender_name, avatar_url: row.sender_avatar_url },
    rating_level: deleted ? null : numberOrNull(row.rating_level),
    rating_comment: deleted ? null : row.rating_comment,
    reply_count: row.reply_count,
    has_deleted: deleted,
    has_report: row.has_report,
    has_rate: row.parent_id === null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const COLUMNS = 'r.id, r.book_id, r.user_id, r.parent_id, r.rating_level, r.rating_comment, r.created_at, r.updated_at, r.deleted_at';

// $viewer is the placeholder of the viewer's id.
const VIEW = (viewer: string) => `SELECT ${COLUMNS}, u.name AS sender_name, u.avatar_url AS sender_avatar_url,
    (SELECT count(*)::int FROM ratings c WHERE c.parent_id = r.id AND c.deleted_at IS NULL) AS reply_count,
    EXISTS (SELECT 1 FROM rating_reports rr WHERE rr.rating_id = r.id AND rr.user_id = ${viewer}) AS has_report
  FROM ratings r JOIN users u ON u.id = r.user_id`;

export async function findRating(db: Queryable, id: string): Promise<RatingRow | undefined> {
  const { rows } = await db.query<RatingRow>(`SELECT ${COLUMNS} FROM ratings r WHERE r.id = $1`, [id]);
  return rows[0];
}

export async function findRatingView(db: Queryable, id: string, viewerId: string): Promise<Rating | undefined> {
  const { rows } = await db.query<RatingViewRow>(`${VIEW('$2')} WHERE r.id = $1`, [id, viewerId]);
  return rows[0] && toRating(rows[0]);
}

/** A page of a book's reviews (top level), newest first. */
export async function listReviews(
  db: Queryable,
  query: { bookId: string; viewerId: string; limit: number; offset: number },
): Promise<{ rows: Rating[]; total: number }> {
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ratings WHERE book_id = $1 AND parent_id IS NULL', [query.bookId]);
  const { rows } = await db.query<RatingViewRow>(
    `${VIEW('$2')} WHERE r.book_id = $1 AND r.parent_id IS NULL
      ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`,
    [query.bookId, query.viewerId, query.limit, query.offset],
  );
  return { rows: rows.map(toRating), total: count.rows[0]!.n };
}

/** A page of a review's replies, oldest first. */
export async function listReplies(
  db: Queryable,
  query: { ratingId: string; viewerId: string; limit: number; offset: number },
): Promise<{ rows: Rating[]; total: number }> {
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ratings WHERE parent_id = $1', [query.ratingId]);
  const { rows } = await db.query<RatingViewRow>(
    `${VIEW('$2')} WHERE r.parent_id = $1 ORDER BY r.created_at, r.id LIMIT $3 OFFSET $4`,
    [query.ratingId, query.viewerId, query.limit, query.offset],
  );
  return { rows: rows.map(toRating), total: count.rows[0]!.n };
}

/**
 * Count of book `book`'s reviews the viewer `viewer` sees: neither deleted nor reported by them
 * (SQL over the placeholders given; also read by book-view.repository.ts).
 */
export function shownReviewCountSql(book: string, viewer: string): string {
  return `(SELECT count(*)::int FROM ratings r
            WHERE r.book_id = ${book} AND r.parent_id IS NULL AND r.deleted_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM rating_reports rr WHERE rr.rating_id = r.id AND rr.user_id = ${viewer}))`;
}

/**
 * The review-tab count (reviews neither deleted nor reported by the viewer) and the average
 * rating (one decimal, over reviews not deleted, as the book row keeps it).
 */
export async function reviewStats(db: Queryable, bookId: string, viewerId: string | null): Promise<{ review_count: number; avg_rating: number | null }> {
  const { rows } = await db.query<{ review_count: number; avg_rating: number | null }>(
    `SELECT ${shownReviewCountSql('$1', '$2::uuid')} AS review_count, ${AVG_RATING} AS avg_rating
       FROM (SELECT 1) one LEFT JOIN books b ON b.id = $1`,
    [bookId, viewerId],
  );
  return { review_count: rows[0]!.review_count, avg_rating: numberOrNull(rows[0]!.avg_rating) };
}

export async function insertRating(
  db: Queryable,
  rating: { bookId: string; userId: string; parentId: string | null; level: number | null; comment: string; now: Date },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ratings (book_id, user_id, parent_id, rating_level, rating_comment, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [rating.bookId, rating.userId, rating.parentId, rating.level, rating.comment, rating.now.toISOString()],
  );
  return rows[0]!.id;
}

/** Changes the text, and the level when given (reviews only). */
export async function updateRating(db: Queryable, id: string, change: { level: number | null; comment: string; now: Date }): Promise<void> {
  await db.query(
    `UPDATE ratings SET rating_comment = $2, updated_at = $4,
            rating_level = CASE WHEN parent_id IS NULL THEN coalesce($3::numeric, rating_level) ELSE NULL END
      WHERE id = $1`,
    [id, change.comment, change.level, change.now.toISOString()],
  );
}

export async function softDeleteRating(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE ratings SET deleted_at = coalesce(deleted_at, $2) WHERE id = $1', [id, now.toISOString()]);
}

/** Records a report; false when the user had reported the rating before. */
export async function insertReport(db: Queryable, ratingId: string, userId: string, reason: ReportReason, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO rating_reports (rating_id, user_id, reason, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (rating_id, user_id) DO NOTHING`,
    [ratingId, userId, reason, now.toISOString()],
  );
  return rowCount === 1;
}
