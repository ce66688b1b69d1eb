import type { Queryable } from '../db/client.ts';
import type { ReadingDurationEntry, ReadingProgressEntry } from '../../src/lib/lists/schema.ts';
import { iso } from '../db/format.ts';

/** One user's places in the books they read, the latest first (optionally one book). */
export async function listReadingProgress(
  db: Queryable,
  query: { userId: string; bookId?: string; limit: number; offset: number },
): Promise<{ rows: ReadingProgressEntry[]; total: number }> {
  const where = 'p.user_id = $1 AND ($2::uuid IS NULL OR p.book_id = $2::uuid)';
  const params = [query.userId, query.bookId ?? null];
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reading_progress p WHERE ${where}`, params);
  const { rows } = await db.query<Omit<ReadingProgressEntry, 'updated_at'> & { updated_at: Date | string }>(
    `SELECT p.id AS reading_id, p.book_id, b.catalog_title AS book_title, p.last_page, p.total_page, p.platform_info, p.epub_read_locator, p.updated_at
       FROM reading_progress p JOIN books b ON b.id = p.book_id
      WHERE ${where}
      ORDER BY p.updated_at DESC, p.id LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.offset],
  );
  return { rows: rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) })), total: count.rows[0]!.n };
}

/** One user's seconds per page, one row per book, the book read latest first (optionally one book). */
export async function listReadingDurations(
  db: Queryable,
  query: { userId: string; bookId?: string; limit: number; offset: number },
): Promise<{ rows: ReadingDurationEntry[]; total: number }> {
  const where = 'd.user_id = $1 AND ($2::uuid IS NULL OR d.book_id = $2::uuid)';
  const params = [query.userId, query.bookId ?? null];
  const count = await db.query<{ n: number }>(`SELECT count(DISTINCT d.book_id)::int AS n FROM reading_durations d WHERE ${where}`, params);
  const { rows } = await db.query<Omit<ReadingDurationEntry, 'updated_at'> & { updated_at: Date | string }>(
    `SELECT d.book_id, b.catalog_title AS book_title,
            json_agg(json_build_object('page', d.page, 'duration', d.duration) ORDER BY d.page) AS page_duration,
            sum(d.duration)::int AS total_duration, max(d.updated_at) AS updated_at
       FROM reading_durations d JOIN books b ON b.id = d.book_id
      WHERE ${where}
      GROUP BY d.book_id, b.catalog_title
      ORDER BY max(d.updated_at) DESC, d.book_id LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.offset],
  );
  return { rows: rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) })), total: count.rows[0]!.n };
}
