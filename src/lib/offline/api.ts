import type { HttpClient } from '../http/http.ts';
import type { ItemBody } from '../contract/common.ts';
import type { OfflineBook } from './schema.ts';

/** GET webhook/offline-book: the files to keep for reading an open book offline. */
export async function fetchOfflineBook(http: HttpClient, bookId: string): Promise<OfflineBook> {
  return (await http.get<ItemBody<OfflineBook>>('webhook/offline-book', { book_id: bookId })).data;
}
