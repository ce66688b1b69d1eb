import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { BorrowRecord } from '../lending/schema.ts';
import type {
  BorrowShelfItem,
  BorrowShelfQuery,
  HistoryItem,
  HistoryShelfQuery,
  QueueShelfItem,
  ReviewShelfItem,
  ShelfPageQuery,
} from './schema.ts';

/*
 * The shelf's calls (spec 02 §7 "Shelves and history", spec 01 §7.1). Each takes the HTTP client
 * first, so islands pass the browser's `api` and pages their `serverApi(Astro)`.
 */

/** GET webhook/book-borrow-shelf. */
export function getBorrowShelf(http: HttpClient, params: BorrowShelfQuery): Promise<ListBody<BorrowShelfItem>> {
  return http.get<ListBody<BorrowShelfItem>>('webhook/book-borrow-shelf', { ...params });
}

/** GET webhook/book-queue-shelf. */
export function getQueueShelf(http: HttpClient, params: ShelfPageQuery): Promise<ListBody<QueueShelfItem>> {
  return http.get<ListBody<QueueShelfItem>>('webhook/book-queue-shelf', { ...params });
}

/** GET webhook/book-history-shelf. */
export function getHistoryShelf(http: HttpClient, params: HistoryShelfQuery): Promise<ListBody<HistoryItem>> {
  return http.get<ListBody<HistoryItem>>('webhook/book-history-shelf', { ...params });
}

/** GET webhook/book-review-shelf. */
export function getReviewShelf(http: HttpClient, params: ShelfPageQuery): Promise<ListBody<ReviewShelfItem>> {
  return http.get<ListBody<ReviewShelfItem>>('webhook/book-review-shelf', { ...params });
}

/** PUT webhook/book-return: `already_returned` when the loan had ended before. */
export function returnLoan(http: HttpClient, body: { borrow_book_id: string }): Promise<{ data: BorrowRecord; already_returned: boolean; message: string }> {
  return http.put('webhook/book-return', body);
}

/** PUT webhook/book-renew. */
export async function renewLoan(http: HttpClient, body: { borrow_book_id: string }): Promise<{ id: string; due_at: string; renewed_at: string }> {
  return (await http.put<{ data: { id: string; due_at: string; renewed_at: string } }>('webhook/book-renew', body)).data;
}

/** DELETE webhook/book-queue. */
export async function leaveQueue(http: HttpClient, body: { queue_id: string }): Promise<void> {
  await http.delete('webhook/book-queue', body);
}

/** DELETE webhook/content-access-history. */
export async function deleteHistoryItem(http: HttpClient, body: { id: string }): Promise<void> {
  await http.delete('webhook/content-access-history', body);
}
