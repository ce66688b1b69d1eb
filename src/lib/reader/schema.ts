import { z } from 'zod';

/** Largest book file the ingest accepts (spec 01 §5: book file 20 MB). */
export const MAX_BOOK_BYTES = 20 * 1024 * 1024;

/** A citation is cut to at most 525 characters (spec 02 §5). */
export const CITATION_MAX = 525;

/** Most chunks one stream request may ask for. */
export const MAX_CHUNKS_PER_REQUEST = 512;

const uuid = z.uuid();
const page = z.number().int().min(1).max(100_000);

/**
 * POST storage/streamobject (spec 02 §7): a range of sealed chunks of one object of a DRM book.
 * `url` is the object's address (`url_file` for a PDF, the resource's address for an EPUB);
 * `chunks` lists inclusive [first, last] chunk ranges, the whole object when absent.
 */
export const streamObjectSchema = z.object({
  bookId: uuid,
  userid: uuid,
  epustakaid: uuid.nullish(),
  borrowkey: z.string().min(1).max(256),
  url: z.string().min(1).max(2048),
  timestamp: z.number().int().positive(),
  chunks: z
    .array(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => a <= b, 'invalid_chunk_range'))
    .min(1)
    .max(64)
    .optional(),
});
export type StreamObjectRequest = z.infer<typeof streamObjectSchema>;

export const bookQuerySchema = z.object({ book_id: uuid });

/** A bookmark as synced: `id` is dropped before the sync (spec 02 §3). */
export const bookmarkInputSchema = z.object({
  book_id: uuid,
  page,
  bookmark_label: z.string().max(300).nullish(),
  description: z.string().max(600).nullish(),
  title: z.string().max(300).nullish(),
  user_id: uuid.nullish(),
});

/** POST webhook/sync-bookmark: the whole set of the caller's bookmarks of `book_id`. */
export const syncBookmarkSchema = z
  .object({ book_id: uuid.optional(), data: z.array(bookmarkInputSchema).max(10_000) })
  .refine((body) => body.book_id !== undefined || body.data.length > 0, { message: 'book_id_required', path: ['book_id'] })
  .refine((body) => body.data.every((b) => b.book_id === (body.book_id ?? body.data[0]!.book_id)), {
    message: 'one_book_per_sync',
    path: ['data'],
  });
export type SyncBookmarkBody = z.infer<typeof syncBookmarkSchema>;

/** POST webhook/book-reading-progress. */
export const readingProgressSchema = z.object({
  book_id: uuid,
  last_page: page,
  total_page: z.number().int().min(0).max(100_000),
  platform_info: z.string().max(40).default('web'),
  epub_read_locator: z.string().max(2000).nullish(),
});
export type ReadingProgressBody = z.infer<typeof readingProgressSchema>;

/** POST webhook/book-reading-durations: seconds to add per page. */
export const readingDurationsSchema = z.object({
  book_id: uuid,
  page_duration: z.array(z.object({ page, duration: z.number().int().min(0).max(86_400) })).max(10_000),
});
export type ReadingDurationsBody = z.infer<typeof readingDurationsSchema>;

/** POST webhook/book-citation. */
export const citationSchema = z.object({
  book_id: uuid,
  page,
  text: z.string().trim().min(1).max(CITATION_MAX),
  epub_read_locator: z.string().max(2000).nullish(),
  platform_info: z.string().max(40).default('web'),
});
export type CitationBody = z.infer<typeof citationSchema>;

/** An entry of a PDF outline or an EPUB table of contents. */
export interface TocEntry {
  title: string;
  /** PDF: the 1-based page; null when the entry points nowhere. */
  page?: number | null;
  /** EPUB: the target relative to the package folder. */
  href?: string;
  items: TocEntry[];
}

/** A stored bookmark. */
export interface Bookmark {
  id: string;
  book_id: string;
  user_id: string;
  page: number;
  bookmark_label: string | null;
  description: string | null;
  title: string | null;
}

/** GET / POST webhook/book-reading-progress. */
export interface ReadingProgress {
  reading_id: string;
  book_id: string;
  last_page: number;
  total_page: number;
  platform_info: string;
  epub_read_locator: string | null;
}

/**
 * How a book's file is fetched. DRM books stream sealed chunks through storage/streamobject and need
 * the salt and sealed password for the client-side routine; open books use plain range requests.
 */
export interface StreamInfo {
  chunk_size: number;
  /** Size of the PDF in bytes (EPUB resources carry their own sizes). */
  size: number;
  /** Chunks needed to draw page 1 of a PDF, fetched before pdf.js asks. */
  boot_chunks: number[];
  /**
   * A WebP picture of page 1 (object `preview`, at `<url_file's folder>/preview`) to show while
   * pdf.js draws it, with page 1's size in PDF points; null when the PDF has none.
   */
  preview: { size: number; width: number; height: number } | null;
  /** DRM books: the file's salt for the stream key (base64url). */
  key_salt: string | null;
  /** DRM books: the PDF password sealed as chunk 0 of object `password` (base64url). */
  sealed_password: string | null;
  /** Open books: the PDF password, if the file has one. */
  password: string | null;
}

/** EPUB reading facts from the ingest. */
export interface EpubInfo {
  package_path: string;
  layout: 'reflowable' | 'pre-paginated';
  spread: string | null;
  direction: 'ltr' | 'rtl';
  language: string | null;
  /** The chapter the reader opens at (relative to the package folder), fetched ahead. */
  start_href: string | null;
  /** The images and style sheets of that chapter, fetched ahead too. */
  start_assets: string[];
  /** The navigation document epub.js would read; the reader takes the contents from book-navigation instead. */
  nav_href: string | null;
  nav_kind: 'nav' | 'ncx' | null;
}

/** GET webhook/open-book: the book reading data of spec 02 §3, for one signed-in reader. */
export interface BookReadingData {
  bookId: string;
  bookTitle: string;
  userId: string;
  epustakaId: string | null;
  borrow_key: string | null;
  /** Address of the PDF, or of the unpacked EPUB's folder (ends with `/`). */
  url_file: string;
  isDrm: boolean;
  file_ext: 'pdf' | 'epub';
  pages: number;
  bookDetails: {
    book_author: string | null;
    publish_date: string | null;
    publisher: string | null;
    catalog_info: { organization_name: string | null };
  };
  lastpage: number;
  epub_read_locator: string | null;
  readingId: string | null;
  dataBookmark: Bookmark[];
  epub: EpubInfo | null;
  stream: StreamInfo;
  features: { bookmark: boolean; readingProgress: boolean; readingDuration: boolean; bookCitation: boolean };
}

/** GET webhook/book-navigation: fetched after the first paint, as it can be large. */
export interface BookNavigation {
  toc: TocEntry[];
  /** epub.js locations (CFIs every 1024 characters) for `book.locations.load()`; null for PDFs. */
  locations: string[] | null;
}

/**
 * Why a reader page cannot open its book: no loan (403) and never borrowed, a loan that has ended
 * (403, borrowed before), not a member, no readable file (404), or anything else.
 */
export type ReaderProblem = 'no_loan' | 'loan_ended' | 'not_member' | 'not_readable' | 'error';
