import { expect, type APIRequestContext, type Page } from 'playwright/test';
import { signInAsNewUser } from './users.ts';

/** A JSON answer of the app's API; fails the test on anything but 2xx. */
export async function apiJson<T>(request: APIRequestContext, path: string, params?: Record<string, string | number>): Promise<T> {
  const response = await request.get(path, { params });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export interface NewMember {
  email: string;
  id: string;
}

/** Registers, verifies and signs in a new student on `page`. */
export const signInAsNewMember: (page: Page, name: string) => Promise<NewMember> = (page, name) => signInAsNewUser(page, name);

export interface ListedBook {
  id: string;
  book_title: string;
  book_author: string | null;
  using_drm: boolean;
  all_qty: number;
  available_qty: number;
}

/** Every book of the catalogue the signed-in user sees, by title. */
export async function allBooks(request: APIRequestContext): Promise<ListedBook[]> {
  const books: ListedBook[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await apiJson<{ data: ListedBook[]; meta: { total: number } }>(request, '/webhook/book-list', { limit: 100, offset, sort: 'catalog_title' });
    books.push(...page.data);
    if (books.length >= page.meta.total || page.data.length === 0) return books;
  }
}

export interface Holding {
  id: string;
  epustaka_name: string;
  epustaka_isprivate: boolean;
  member_status: number | null;
  available_qty: number;
  total_qty: number;
  queue_count: number;
  /** Loans one member may have open from the library, and how many the signed-in user has. */
  loan_limit: number;
  open_loans: number;
}

export async function holdingsOf(request: APIRequestContext, bookId: string): Promise<Holding[]> {
  return (await apiJson<{ data: Holding[] }>(request, '/webhook/epustaka-borrow', { book_id: bookId })).data;
}

export async function joinLibrary(request: APIRequestContext, epustakaId: string, userId: string): Promise<number> {
  const res = await request.post('/webhook/join-epustaka-member', { data: { epustaka_id: epustakaId, user_ids: [userId] } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.member_status as number;
}

export async function borrowFrom(request: APIRequestContext, bookId: string, epustakaId: string, userId: string): Promise<void> {
  const res = await request.post('/webhook/borrow', { data: { book_id: bookId, epustaka_id: epustakaId, user_id: userId } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function returnBook(request: APIRequestContext, bookId: string): Promise<void> {
  const status = await apiJson<{ data: { borrow_book_id: string | null } }>(request, '/webhook/check-borrow-status', { book_id: bookId });
  expect(status.data.borrow_book_id, 'an open loan to return').toBeTruthy();
  const res = await request.put('/webhook/book-return', { data: { borrow_book_id: status.data.borrow_book_id } });
  expect(res.ok(), await res.text()).toBe(true);
}
