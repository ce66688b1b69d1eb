import type { Queryable } from '../db/client.ts';
import { conflict } from '../http/errors.ts';
import { NOT_WEB_READABLE } from '../../src/lib/lending/schema.ts';

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
