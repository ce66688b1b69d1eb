import type { Queryable } from '../db/client.ts';
import type { ContentType, HistoryItem } from '../../src/lib/shelf/schema.ts';
import { SqlParams } from '../http/list-params.ts';
import { iso } from '../db/format.ts';
import { progressOf, SHELF_BOOK_COLUMNS, SHELF_BOOK_JOINS, titleOrAuthor, toShelfBook, type ShelfBookRow } from './shelf.repository.ts';

/*
 * content_access_history: what a user opened, one row per (user, object type, object id), for
 * books now and for video, audio and articles later. Readers feed it when a book opens and when
 * the reading position syncs; each kind of content lists its own rows joined to its own table.
 */

/** One access to record: opening an item, or a new position in it. */
export interface AccessEvent {
  userId: string;
  objectType: ContentType;
  objectId: string;
  epustakaId?: string | null;
  /** The place reached, in the item's unit; absent to keep the stored one (a plain open). */
  progress?: number;
  progressTotal?: number | null;
  at: Date;
}

/**
 * Records an access: the item moves to the top of the user's history, with the new position when
 * one is given. A removed item comes back.
 */
export async function recordAccess(db: Queryable, event: AccessEvent): Promise<void> {
  await db.query(
    `INSERT INTO content_access_history (user_id, object_type, object_id, epustaka_id, progress, progress_total, first_accessed_at, last_accessed_at)
     VALUES ($1, $2, $3, $4, COALESCE($5, 0), $6, $7, $7)
     ON CONFLICT (user_id, object_type, object_id) DO UPDATE
       SET last_accessed_at = GREATEST(content_access_history.last_accessed_at, EXCLUDED.last_accessed_at),
           epustaka_id = COALESCE(EXCLUDED.epustaka_id, content_access_history.epustaka_id),
           progress = CASE WHEN $5::int IS NULL THEN content_access_history.progress ELSE EXCLUDED.progress END,
           progress_total = CASE WHEN $5::int IS NULL THEN COALESCE(content_access_history.progress_total, EXCLUDED.progress_total)
                                 ELSE EXCLUDED.progress_total END`,
    [
      event.userId,
      event.objectType,
      event.objectId,
      event.epustakaId ?? null,
      event.progress ?? null,
      event.progressTotal ?? null,
      event.at.toISOString(),
    ],
  );
}

/** Removes one of the user's history items; false when it is not theirs or does not exist. */
export async function deleteAccess(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM content_access_history WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount > 0;
}

interface BookHistoryRow extends ShelfBookRow {
  id: string;
  object_id: string;
  epustaka_id: string | null;
  last_accessed_at: Date | string;
  progress: number;
  progress_total: number | null;
}

/** The books a user opened, the latest first; `q` searches title and author. */
export async function listBookHistory(
  db: Queryable,
  query: { userId: string; q?: string; limit: number; offset: number },
): Promise<{ rows: HistoryItem[]; total: number }> {
  const p = new SqlParams();
  const from = `FROM content_access_history h JOIN books b ON b.id = h.object_id ${SHELF_BOOK_JOINS}
               WHERE h.user_id = ${p.add(query.userId)} AND h.object_type = 'BOOK' ${titleOrAuthor(p, query.q)}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const { rows } = await db.query<BookHistoryRow>(
    `SELECT h.id, h.object_id, h.epustaka_id, h.last_accessed_at, h.progress, h.progress_total, ${SHELF_BOOK_COLUMNS}
       ${from}
      ORDER BY h.last_accessed_at DESC, h.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({
      ...toShelfBook(r.object_id, r),
      id: r.id,
      object_type: 'BOOK',
      object_id: r.object_id,
      epustaka_id: r.epustaka_id,
      last_accessed_at: iso(r.last_accessed_at),
      progress: progressOf(r.progress, r.progress_total),
    })),
  };
}

/** True when the user exists in the organisation. */
export async function isOrganizationMember(db: Queryable, userId: string, organizationId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND organization_id = $2', [userId, organizationId]);
  return rows.length > 0;
}
