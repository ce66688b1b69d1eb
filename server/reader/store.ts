import type { ObjectStore } from '../storage/object-store.ts';

/**
 * Where book files live in the object store: under `books/<book id>/`, `book.pdf`, or an unpacked
 * EPUB under `epub/`, and `cover` (the image the ingest made). On the disk backend that is
 * `DATA_DIR/books/<book id>/`, only this process's user may read them.
 */
export const BOOKS_AREA = 'books/';

/** The key prefix of a book's objects. */
export function bookPrefix(bookId: string): string {
  return `${BOOKS_AREA}${bookId}/`;
}

/** The object name of a stored PDF. */
export const PDF_OBJECT = 'book.pdf';
/** Prefix of the objects of an unpacked EPUB. */
export const EPUB_PREFIX = 'epub/';
export const COVER_OBJECT = 'cover';
/** A picture of page 1 of a PDF, shown while pdf.js draws the page. */
export const PREVIEW_OBJECT = 'preview';

/** Reads `length` bytes at `offset` of a stored object (fewer at its end). */
export function readObjectRange(store: ObjectStore, bookId: string, object: string, offset: number, length: number): Promise<Buffer> {
  return store.getRange(bookPrefix(bookId) + object, offset, length);
}

export function readObject(store: ObjectStore, bookId: string, object: string): Promise<Buffer> {
  return store.get(bookPrefix(bookId) + object);
}

/** Size of a stored object, or null when it is missing. */
export function objectSize(store: ObjectStore, bookId: string, object: string): Promise<number | null> {
  return store.size(bookPrefix(bookId) + object);
}
