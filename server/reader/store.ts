import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where book files live: `DATA_DIR/books/<book id>/`, holding `book.pdf`, or an unpacked EPUB
 * under `epub/`, and `cover` (the image the ingest made). Only this process's user may read them.
 */
export function booksRoot(dataDir: string): string {
  return join(dataDir, 'books');
}

export function bookDir(dataDir: string, bookId: string): string {
  return join(booksRoot(dataDir), bookId);
}

/** The object name of a stored PDF. */
export const PDF_OBJECT = 'book.pdf';
/** Prefix of the objects of an unpacked EPUB. */
export const EPUB_PREFIX = 'epub/';
export const COVER_OBJECT = 'cover';
/** A picture of page 1 of a PDF, shown while pdf.js draws the page. */
export const PREVIEW_OBJECT = 'preview';

/**
 * Writes a book's files into a staging folder, then moves the folder into place in one rename,
 * so a reader never sees half a book.
 * @returns a function that removes the folder again (when the catalogue row could not be written).
 */
export async function storeBookFiles(dataDir: string, bookId: string, files: Iterable<[string, Uint8Array]>): Promise<() => Promise<void>> {
  const root = booksRoot(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const staging = join(root, `.staging-${randomUUID()}`);
  try {
    for (const [name, data] of files) {
      const target = join(staging, name);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, data, { mode: 0o600 });
    }
    await rename(staging, bookDir(dataDir, bookId));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return () => rm(bookDir(dataDir, bookId), { recursive: true, force: true });
}

/** Reads `length` bytes at `offset` of a stored object (fewer at its end). */
export async function readObjectRange(dataDir: string, bookId: string, object: string, offset: number, length: number): Promise<Buffer> {
  const handle = await open(join(bookDir(dataDir, bookId), object), 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function readObject(dataDir: string, bookId: string, object: string): Promise<Buffer> {
  return readFile(join(bookDir(dataDir, bookId), object));
}

/** Size of a stored object, or null when it is missing. */
export async function objectSize(dataDir: string, bookId: string, object: string): Promise<number | null> {
  try {
    return (await stat(join(bookDir(dataDir, bookId), object))).size;
  } catch {
    return null;
  }
}
