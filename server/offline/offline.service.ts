import type { Queryable } from '../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { conflict, notFound } from '../http/errors.ts';
import { assertReadable, decideRead } from '../access/content-access.ts';
import { contentItemOf, findBookOwner, readerOf } from '../access/books.ts';
import { findReaderBook, type ReaderBookRow } from '../reader/repository.ts';
import { bookFileUrl } from '../reader/objects.ts';
import { EPUB_PREFIX, PREVIEW_OBJECT } from '../reader/store.ts';
import type { OfflineBook, OfflineFile } from '../../src/lib/offline/schema.ts';

/** A path inside a book as the reader's URL resolution writes it (each segment percent-encoded). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The files the reader fetches for `book`, at the addresses it asks for them. */
export function offlineFiles(book: Pick<ReaderBookRow, 'book_id' | 'kind' | 'size' | 'preview' | 'epub'>): OfflineFile[] {
  const base = `/storage/books/${book.book_id}/`;
  if (book.kind === 'pdf') {
    const files = [{ url: bookFileUrl(book.book_id, 'pdf'), size: book.size }];
    if (book.preview) files.push({ url: `${base}${PREVIEW_OBJECT}`, size: book.preview.size });
    return files;
  }
  return Object.entries(book.epub?.resources ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, size]) => ({ url: `${base}${EPUB_PREFIX}${encodePath(path)}`, size }));
}

/**
 * The files to store for reading `bookId` offline, for a caller who may read it. DRM books are
 * refused (409 `drm_not_offline`): they are only streamed sealed, and nothing of theirs is kept.
 */
export async function offlineBook(db: Queryable, bookId: string, user: Pick<UserRow, 'id' | 'organization_id'>, now: Date): Promise<OfflineBook> {
  const book = await findReaderBook(db, bookId);
  if (!book || book.organization_id !== user.organization_id) {
    if (await findBookOwner(db, bookId)) throw notFound('book_not_readable', 'This book cannot be read on the web.');
    throw notFound('book_not_found', 'The book could not be found.');
  }
  assertReadable(await decideRead(db, contentItemOf(book), readerOf(user), now));
  if (book.using_drm) throw conflict('drm_not_offline', 'Books with DRM cannot be saved for reading offline.');
  const { rows } = await db.query<{ cover_url: string | null }>('SELECT cover_url FROM books WHERE id = $1', [bookId]);
  const files = offlineFiles(book);
  const reader = book.kind === 'epub' ? '/read-book-epub' : '/read-book';
  return {
    book_id: book.book_id,
    book_title: book.catalog_title,
    book_author: book.author_name,
    file_ext: book.kind,
    reader_url: `${reader}?book=${book.book_id}`,
    cover_url: rows[0]?.cover_url ?? null,
    navigation_url: `/webhook/book-navigation?book_id=${book.book_id}`,
    files,
    total_bytes: files.reduce((sum, file) => sum + file.size, 0),
  };
}
