import { z } from 'zod';

/** GET webhook/offline-book: the book to save for reading offline. */
export const offlineBookQuerySchema = z.object({ book_id: z.uuid() });

/** One file the reader fetches for a book, at its address on this site, with its size in bytes. */
export interface OfflineFile {
  url: string;
  size: number;
}

/**
 * What a browser stores to read an open book offline: the reader page, every file the reader asks
 * for (the PDF and its page-1 picture, or every resource of the unpacked EPUB), the cover and the
 * navigation. DRM books have none: their bytes are never kept on a device in the clear.
 */
export interface OfflineBook {
  book_id: string;
  book_title: string;
  book_author: string | null;
  file_ext: 'pdf' | 'epub';
  /** The reader page of the book (`/read-book?book=` or `/read-book-epub?book=`). */
  reader_url: string;
  /** Address of the cover, or null. */
  cover_url: string | null;
  /** The reader's navigation call (`webhook/book-navigation?book_id=`), kept with the files. */
  navigation_url: string;
  files: OfflineFile[];
  /** Bytes of the files together. */
  total_bytes: number;
}
