import type { HttpClient } from './http.ts';
import type { ItemBody } from './schemas/common.ts';
import type { OfflineBook } from './schemas/offline.ts';

/** GET webhook/offline-book: the files to keep for reading an open book offline. */
export async function fetchOfflineBook(http: HttpClient, bookId: string): Promise<OfflineBook> {
  return (await http.get<ItemBody<OfflineBook>>('webhook/offline-book', { book_id: bookId })).data;
}
