import type { Queryable } from '../db/client.ts';
import type { EpubFacts, TocItem } from './epub.ts';
import type { OutlineItem } from './pdf.ts';
import type { Bookmark, ReadingProgress } from '../../src/lib/reader/schema.ts';

/** A stored book file with the catalogue facts the readers need. */
export interface BookFileRow {
  book_id: string;
  kind: 'pdf' | 'epub';
  file_name: string;
  size: number;
  sha256: string;
  chunk_size: number;
  key_salt: string;
  pdf_password: string | null;
  pages: number | null;
  outline: OutlineItem[] | null;
  boot_chunks: number[] | null;
  preview: { size: number; width: number; height: number } | null;
  epub: EpubFacts | null;
  locations: string[] | null;
}

export interface ReaderBookRow extends BookFileRow {
  organization_id: string;
  catalog_title: string;
  using_drm: boolean;
  author_name: string | null;
  publisher: string | null;
  publish_date: string | null;
  organization_name: string | null;
}

/** An open loan: `returned_at` unset and not yet due. */
export interface LoanRow {
  id: string;
  epustaka_id: string;
  borrow_key: string;
  due_at: string;
}

export type NewBookFile = Omit<BookFileRow, 'outline' | 'boot_chunks' | 'epub' | 'locations' | 'preview'> & {
  preview?: BookFileRow['preview'];
  outline: OutlineItem[] | TocItem[] | null;
  boot_chunks: number[] | null;
  epub: EpubFacts | null;
  locations: string[] | null;
};

export async function insertBookFile(db: Queryable, file: NewBookFile): Promise<void> {
  await db.query(
    `INSERT INTO book_files (book_id, kind, file_name, size, sha256, chunk_size, key_salt, pdf_password, pages, outline, boot_chunks, epub, locations, preview)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11::text::jsonb, $12::text::jsonb, $13::text::jsonb, $14::text::jsonb)`,
    [
      file.book_id, file.kind, file.file_name, file.size, file.sha256, file.chunk_size, file.key_salt, file.pdf_password, file.pages,
      json(file.outline), json(file.boot_chunks), json(file.epub), json(file.locations), json(file.preview ?? null),
    ],
  );
}

/** The book with its stored file, or null when either is missing. */
export async function findReaderBook(db: Queryable, bookId: string): Promise<ReaderBookRow | null> {
  const { rows } = await db.query<ReaderBookRow>(
    `SELECT f.*, b.organization_id, b.catalog_title, b.using_drm, b.publisher, b.publish_date::text AS publish_date,
            a.author_name, o.name AS organization_name
       FROM book_files f
       JOIN books b ON b.id = f.book_id
       LEFT JOIN authors a ON a.id = b.author_id
       LEFT JOIN organizations o ON o.id = b.organization_id
      WHERE f.book_id = $1`,
    [bookId],
  );
  return rows[0] ? { ...rows[0], size: Number(rows[0].size) } : null;
}

/** The first ePustaka holding a book, preferring one the user is an active member of. */
export async function findHoldingEpustaka(db: Queryable, userId: string, bookId: string): Promise<string | null> {
  const { rows } = await db.query<{ epustaka_id: string }>(
    `SELECT eb.epustaka_id FROM epustaka_books eb
       LEFT JOIN epustaka_members m ON m.epustaka_id = eb.epustaka_id AND m.user_id = $1 AND m.member_status = 1
      WHERE eb.book_id = $2
      ORDER BY (m.user_id IS NULL), eb.created_at LIMIT 1`,
    [userId, bookId],
  );
  return rows[0]?.epustaka_id ?? null;
}

export async function listBookmarks(db: Queryable, userId: string, bookId: string): Promise<Bookmark[]> {
  const { rows } = await db.query<Bookmark>(
    `SELECT id, book_id, user_id, page, bookmark_label, description, title FROM bookmarks
      WHERE user_id = $1 AND book_id = $2 ORDER BY page`,
    [userId, bookId],
  );
  return rows;
}

/** Makes `bookmarks` the caller's whole set for the book; a page listed twice is kept once. */
export async function replaceBookmarks(
  db: Queryable,
  userId: string,
  bookId: string,
  bookmarks: { page: number; bookmark_label?: string | null; description?: string | null; title?: string | null }[],
): Promise<void> {
  const pages = [...new Set(bookmarks.map((b) => b.page))];
  await db.query('DELETE FROM bookmarks WHERE user_id = $1 AND book_id = $2 AND NOT (page = ANY($3::int[]))', [userId, bookId, pages]);
  for (const b of bookmarks) {
    await db.query(
      `INSERT INTO bookmarks (user_id, book_id, page, bookmark_label, description, title) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, book_id, page) DO UPDATE
         SET bookmark_label = EXCLUDED.bookmark_label, description = EXCLUDED.description, title = EXCLUDED.title`,
      [userId, bookId, b.page, b.bookmark_label ?? null, b.description ?? null, b.title ?? null],
    );
  }
}

const PROGRESS_COLUMNS = 'id AS reading_id, book_id, last_page, total_page, platform_info, epub_read_locator';

export async function findProgress(db: Queryable, userId: string, bookId: string): Promise<ReadingProgress | null> {
  const { rows } = await db.query<ReadingProgress>(`SELECT ${PROGRESS_COLUMNS} FROM reading_progress WHERE user_id = $1 AND book_id = $2`, [userId, bookId]);
  return rows[0] ?? null;
}

export async function saveProgress(
  db: Queryable,
  userId: string,
  p: { book_id: string; last_page: number; total_page: number; platform_info: string; epub_read_locator?: string | null },
): Promise<ReadingProgress> {
  const { rows } = await db.query<ReadingProgress>(
    `INSERT INTO reading_progress (user_id, book_id, last_page, total_page, platform_info, epub_read_locator)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, book_id) DO UPDATE
       SET last_page = EXCLUDED.last_page, total_page = EXCLUDED.total_page, platform_info = EXCLUDED.platform_info,
           epub_read_locator = COALESCE(EXCLUDED.epub_read_locator, reading_progress.epub_read_locator), updated_at = now()
     RETURNING ${PROGRESS_COLUMNS}`,
    [userId, p.book_id, p.last_page, p.total_page, p.platform_info, p.epub_read_locator ?? null],
  );
  return rows[0]!;
}

/** Adds seconds to each page's total. */
export async function addDurations(db: Queryable, userId: string, bookId: string, entries: { page: number; duration: number }[]): Promise<void> {
  for (const { page, duration } of entries) {
    await db.query(
      `INSERT INTO reading_durations (user_id, book_id, page, duration) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, book_id, page) DO UPDATE SET duration = reading_durations.duration + EXCLUDED.duration, updated_at = now()`,
      [userId, bookId, page, duration],
    );
  }
}

export async function insertCitation(
  db: Queryable,
  userId: string,
  c: { book_id: string; page: number; text: string; epub_read_locator?: string | null; platform_info: string },
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO citations (user_id, book_id, page, text, epub_read_locator, platform_info) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, c.book_id, c.page, c.text, c.epub_read_locator ?? null, c.platform_info],
  );
  return rows[0]!;
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Whether `userId` has ever borrowed `bookId` (a loan open now or returned). */
export async function hasBorrowed(db: Queryable, userId: string, bookId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM borrows WHERE user_id = $1 AND book_id = $2 LIMIT 1', [userId, bookId]);
  return rows.length > 0;
}
