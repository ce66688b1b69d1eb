import type { HttpClient } from '../http/http.ts';
import type { ItemBody, } from '../contract/common.ts';
import type {
  Bookmark,
  BookNavigation,
  BookReadingData,
  CitationBody,
  ReadingDurationsBody,
  ReadingProgress,
  ReadingProgressBody,
  SyncBookmarkBody,
} from './schema.ts';

/** GET webhook/open-book: everything a reader needs to open a book (spec 02 §3 book reading data). */
export async function fetchOpenBook(http: HttpClient, bookId: string): Promise<BookReadingData> {
  return (await http.get<ItemBody<BookReadingData>>('webhook/open-book', { book_id: bookId })).data;
}

/** GET webhook/book-navigation: the outline or table of contents, and EPUB locations. */
export async function fetchNavigation(http: HttpClient, bookId: string): Promise<BookNavigation> {
  return (await http.get<ItemBody<BookNavigation>>('webhook/book-navigation', { book_id: bookId })).data;
}

/** POST webhook/sync-bookmark: the book's whole bookmark set. */
export async function syncBookmarks(http: HttpClient, body: SyncBookmarkBody): Promise<Bookmark[]> {
  return (await http.post<ItemBody<Bookmark[]>>('webhook/sync-bookmark', body)).data;
}

/** POST webhook/book-reading-progress. */
export async function postReadingProgress(http: HttpClient, body: ReadingProgressBody): Promise<ReadingProgress> {
  return (await http.post<ItemBody<ReadingProgress>>('webhook/book-reading-progress', body)).data;
}

/** POST webhook/book-reading-durations. */
export async function postReadingDurations(http: HttpClient, body: ReadingDurationsBody): Promise<void> {
  await http.post('webhook/book-reading-durations', body);
}

/** POST webhook/book-citation. */
export async function postCitation(http: HttpClient, body: CitationBody): Promise<void> {
  await http.post('webhook/book-citation', body);
}
