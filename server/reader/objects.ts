import type { ReaderBookRow } from './repository.ts';
import { EPUB_PREFIX, PDF_OBJECT, PREVIEW_OBJECT } from './store.ts';

/** The address of a book's file: the PDF itself, or the folder of the unpacked EPUB. */
export function bookFileUrl(bookId: string, kind: 'pdf' | 'epub'): string {
  return kind === 'pdf' ? `/storage/books/${bookId}/${PDF_OBJECT}` : `/storage/books/${bookId}/${EPUB_PREFIX}`;
}

/** A stored object of a book with its plaintext size. */
export interface BookObject {
  name: string;
  size: number;
}

/**
 * The object an address names (`/storage/books/<id>/book.pdf` or `/storage/books/<id>/epub/<path>`),
 * or null when the book has no such object. Only objects the ingest recorded are ever served.
 */
export function objectFromUrl(book: ReaderBookRow, url: string): BookObject | null {
  const prefix = `/storage/books/${book.book_id}/`;
  let path = url;
  try {
    path = new URL(url, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(prefix)) return null;
  let rest: string;
  try {
    rest = decodeURIComponent(path.slice(prefix.length));
  } catch {
    return null;
  }
  return objectByName(book, rest);
}

export function objectByName(book: ReaderBookRow, name: string): BookObject | null {
  if (book.kind === 'pdf') {
    if (name === PREVIEW_OBJECT && book.preview) return { name, size: book.preview.size };
    return name === PDF_OBJECT ? { name, size: book.size } : null;
  }
  if (!name.startsWith(EPUB_PREFIX)) return null;
  const size = book.epub?.resources[name.slice(EPUB_PREFIX.length)];
  return typeof size === 'number' ? { name, size } : null;
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xhtml: 'application/xhtml+xml',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xml: 'application/xml',
  opf: 'application/oebps-package+xml',
  ncx: 'application/x-dtbncx+xml',
  css: 'text/css; charset=utf-8',
  js: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  otf: 'font/otf',
  ttf: 'font/ttf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  smil: 'application/smil+xml',
};

/** The media type to serve an object with, by its extension. */
export function objectType(name: string): string {
  if (name === PREVIEW_OBJECT) return 'image/webp';
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** The media type of a cover image, by its first bytes. */
export function imageType(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'image/gif';
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return 'image/svg+xml';
}
