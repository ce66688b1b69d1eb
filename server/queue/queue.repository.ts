import type { Queryable } from '../db/client.ts';
import type { QueueEntry } from '../../src/lib/lending/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { iso, isoOrNull, toUserBrief } from '../db/format.ts';

/** A queue entry as stored: waiting, offered (a copy held until offer_expires_at) or ended. */
export interface QueueRow {
  id: string;
  user_id: string;
  epustaka_id: string;
  book_id: string;
  created_at: Date | string;
  offered_at: Date | string | null;
  offer_expires_at: Date | string | null;
  ended_at: Date | string | null;
}

export type QueueEndReason = 'borrowed' | 'expired' | 'left';

const QUEUE_COLUMNS = 'id, user_id, epustaka_id, book_id, created_at, offered_at, offer_expires_at, ended_at';

export async function findQueueEntry(db: Queryable, id: string): Promise<QueueRow | undefined> {
  const { rows } = await db.query<QueueRow>(`SELECT ${QUEUE_COLUMNS} FROM book_queues WHERE id = $1`, [id]);
  return rows[0];
}

/** The user's open entry for the book, in any ePustaka. */
export async function findOpenQueueEntry(db: Queryable, userId: string, bookId: string): Promise<QueueRow | undefined> {
  const { rows } = await db.query<QueueRow>(
    `SELECT ${QUEUE_COLUMNS} FROM book_queues WHERE user_id = $1 AND book_id = $2 AND ended_at IS NULL`,
    [userId, bookId],
  );
  return rows[0];
}

/**
 * Adds the user to the end of the holding's line. `created_at` is at least a microsecond after
 * the last entry, so entries made under the holding lock keep the order they were made in even
 * within one clock tick.
 */
export async function insertQueueEntry(tx: Queryable, entry: { userId: string; epustakaId: string; bookId: string; now: Date }): Promise<QueueRow> {
  const { rows } = await tx.query<QueueRow>(
    `INSERT INTO book_queues (user_id, epustaka_id, book_id, created_at)
     SELECT $1, $2, $3, greatest($4::timestamptz, max(created_at) + interval '1 microsecond')
       FROM book_queues WHERE epustaka_id = $2 AND book_id = $3
     RETURNING ${QUEUE_COLUMNS}`,
    [entry.userId, entry.epustakaId, entry.bookId, entry.now.toISOString()],
  );
  return rows[0]!;
}

/**
 * 1-based place of the open entry `me` (a `book_queues` alias) in its holding's line (SQL; also
 * read by book-view.repository.ts). Compared in SQL: created_at has microseconds, which a
 * JavaScript Date would drop.
 */
export function queuePositionSql(me: string): string {
  return `(SELECT count(*)::int FROM book_queues q
            WHERE q.epustaka_id = ${me}.epustaka_id AND q.book_id = ${me}.book_id AND q.ended_at IS NULL
              AND (q.created_at, q.id) <= (${me}.created_at, ${me}.id))`;
}

/** 1-based place of an open entry in its holding's line. */
export async function queuePosition(db: Queryable, entryId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT ${queuePositionSql('me')} AS n FROM book_queues me WHERE me.id = $1`, [entryId]);
  return rows[0]?.n ?? 0;
}

export async function endQueueEntry(tx: Queryable, id: string, reason: QueueEndReason, at: Date): Promise<void> {
  await tx.query('UPDATE book_queues SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL', [id, at.toISOString(), reason]);
}

/** Ends the user's waiting (not offered) entries for the book in every ePustaka. */
export async function endWaitingEntries(tx: Queryable, userId: string, bookId: string, reason: QueueEndReason, at: Date): Promise<void> {
  await tx.query(
    `UPDATE book_queues SET ended_at = $3, end_reason = $4
      WHERE user_id = $1 AND book_id = $2 AND ended_at IS NULL AND offered_at IS NULL`,
    [userId, bookId, at.toISOString(), reason],
  );
}

/** Ends the holding's offers whose window has passed (at their expiry time); returns how many. */
export async function expireOffers(tx: Queryable, epustakaId: string, bookId: string, now: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE book_queues SET ended_at = offer_expires_at, end_reason = 'expired'
      WHERE epustaka_id = $1 AND book_id = $2 AND ended_at IS NULL AND offer_expires_at <= $3`,
    [epustakaId, bookId, now.toISOString()],
  );
  return rowCount;
}

/**
 * Offers a copy to the first in line who waits and has no open loan of the book, until `until`.
 * Call with the holding locked.
 * @returns the offered entry, or undefined when nobody waits.
 */
export async function offerToNext(tx: Queryable, epustakaId: string, bookId: string, now: Date, until: Date): Promise<QueueRow | undefined> {
  for (;;) {
    const { rows: next } = await tx.query<{ id: string }>(
      `SELECT q.id FROM book_queues q
        WHERE q.epustaka_id = $1 AND q.book_id = $2 AND q.ended_at IS NULL AND q.offered_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM borrows b WHERE b.user_id = q.user_id AND b.book_id = q.book_id AND b.returned_at IS NULL)
        ORDER BY q.created_at, q.id
        LIMIT 1`,
      [epustakaId, bookId],
    );
    if (!next[0]) return undefined;
    // The entry may have ended meanwhile (its user borrowed the book elsewhere): then look again.
    const { rows } = await tx.query<QueueRow>(
      `UPDATE book_queues SET offered_at = $2, offer_expires_at = $3
        WHERE id = $1 AND ended_at IS NULL AND offered_at IS NULL
        RETURNING ${QUEUE_COLUMNS}`,
      [next[0].id, now.toISOString(), until.toISOString()],
    );
    if (rows[0]) return rows[0];
  }
}

/** Open entries for a book (in one ePustaka, or all). */
export async function countOpenEntries(db: Queryable, bookId: string, epustakaId?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM book_queues WHERE book_id = $1 AND ended_at IS NULL AND ($2::uuid IS NULL OR epustaka_id = $2)`,
    [bookId, epustakaId ?? null],
  );
  return rows[0]!.n;
}

interface QueueListRow extends QueueRow {
  position: number;
  name: string;
  avatar_url: string | null;
  follow_id: string | null;
}

/** A page of the open entries for a book, first in line first, with `followed` relative to the viewer. */
export async function listQueue(
  db: Queryable,
  query: { bookId: string; epustakaId?: string; viewerId: string; q?: string; limit: number; offset: number },
): Promise<{ rows: QueueEntry[]; total: number }> {
  const p = new SqlParams();
  const line = `SELECT q.*, row_number() OVER (PARTITION BY q.epustaka_id ORDER BY q.created_at, q.id)::int AS position
                  FROM book_queues q
                 WHERE q.book_id = ${p.add(query.bookId)} AND q.ended_at IS NULL
                   ${query.epustakaId ? `AND q.epustaka_id = ${p.add(query.epustakaId)}` : ''}`;
  const where = query.q ? `WHERE u.name ILIKE ${p.add(containsPattern(query.q))}` : '';
  const from = `FROM (${line}) l JOIN users u ON u.id = l.user_id`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, [...p.values]);
  const { rows } = await db.query<QueueListRow>(
    `SELECT l.id, l.user_id, l.epustaka_id, l.book_id, l.created_at, l.offered_at, l.offer_expires_at, l.ended_at, l.position,
            u.name, u.avatar_url, f.id AS follow_id
       ${from} LEFT JOIN follows f ON f.follower_id = ${p.add(query.viewerId)} AND f.followed_id = u.id
       ${where}
      ORDER BY l.created_at, l.id
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({
      id: r.id,
      book_id: r.book_id,
      epustaka_id: r.epustaka_id,
      position: r.position,
      created_at: iso(r.created_at),
      offer_expires_at: isoOrNull(r.offer_expires_at),
      user: toUserBrief({ ...r, id: r.user_id }),
    })),
  };
}
