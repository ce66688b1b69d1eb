import type { Queryable } from '../db/client.ts';
import { conflict } from '../http/errors.ts';
import { NOT_WEB_READABLE, type QueueOffer } from '../../src/lib/api/schemas/lending.ts';
import { iso } from './format.ts';

/** True when the book has a file the web readers open (a stored PDF or EPUB). */
export async function hasReadableFile(db: Queryable, bookId: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('SELECT EXISTS (SELECT 1 FROM book_files WHERE book_id = $1) AS ok', [bookId]);
  return rows[0]!.ok;
}

/**
 * Refuses a loan or a place in the queue for a book nobody could read here: without a file the
 * web readers open, borrowing would only use up a copy (409 not_web_readable).
 */
export function notWebReadable() {
  return conflict(NOT_WEB_READABLE, 'This book has no file that can be read on the web yet, so it cannot be borrowed here.');
}

/** The copy held for the user from a queue, if any: where, and until when they may borrow it. */
export async function findQueueOffer(db: Queryable, userId: string, bookId: string, now: Date): Promise<QueueOffer | null> {
  const { rows } = await db.query<{ epustaka_id: string; offer_expires_at: Date | string }>(
    `SELECT epustaka_id, offer_expires_at FROM book_queues
      WHERE user_id = $1 AND book_id = $2 AND ended_at IS NULL AND offered_at IS NOT NULL AND offer_expires_at > $3
      ORDER BY offer_expires_at LIMIT 1`,
    [userId, bookId, now.toISOString()],
  );
  const row = rows[0];
  return row ? { epustaka_id: row.epustaka_id, expires_at: iso(row.offer_expires_at) } : null;
}
