import { atom, computed } from 'nanostores';
import { nanoquery } from '@nanostores/query';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import type { HttpClient } from '../http/http.ts';
import { ApiError, isSilentError } from '../http/errors.ts';
import * as calls from './api.ts';
import type { Author, BookDetail, BookListItem, Category } from './schema.ts';
import { BOOK_PAGE_SIZE, bookListParams, bookListPath, PICKER_PAGE_SIZE, type BookQuery } from './book.ts';
import { errorText } from '../i18n/errors.ts';
import { notify } from '../shell/store.ts';
import { createListStore, type ListStore } from '../paging/list-store.ts';

export { createListStore, hasMore, type ListState, type ListStore } from '../paging/list-store.ts';

/*
 * The book catalogue's state: the book grid and its filters and pickers, and the book on screen.
 * What a reader does on a book's page (its dialogs, borrowing, joining, queueing, the dialogs'
 * lists) is in book-actions-store.ts; reviews, following and recommending have stores of their
 * own. Islands only read these stores and call these actions; texts are translated with the `t`
 * they pass in.
 */

/** Page sizes of the lists in dialogs (spec 01 §9). */
export const LIST_SIZES = { borrowers: 5, queue: 10, owners: 25, followers: 10, replies: 10 } as const;

export const [createFetcherStore, , { mutateCache, revalidateKeys }] = nanoquery({
  // The detail is server-rendered and seeded; refetch only when something changed it.
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  dedupeTime: 30_000,
});

// ---------------------------------------------------------------------------------------------
// Errors

/** The text of a failed call: the catalogue's translation of its code, else the shared rule. */
export function catalogueErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : (error as { code?: string } | null)?.code;
  if (code) {
    const own = t(`catalogue.errors.${code}`, { defaultValue: '' }) || t(`lending.errors.${code}`, { defaultValue: '' });
    if (own) return own;
  }
  return errorText(t, error as { code?: string; message?: string } | null);
}

/** Shows a failed call as an error notification (a 401 the session handles is not shown). */
export function notifyCatalogueError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  notify('error', catalogueErrorText(t, error));
}

export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

// ---------------------------------------------------------------------------------------------
// Book grid (/books) and the filter pickers

const bookPage = (http: HttpClient, { limit, offset, ...query }: BookQuery & { limit: number; offset: number }) => {
  const params = { ...bookListParams(query), limit, offset };
  return query.view === 'recommendation' ? calls.getBookRecommendation(http, params) : calls.getBookList(http, params);
};

export const bookGrid = createListStore<BookListItem, BookQuery>(bookPage, BOOK_PAGE_SIZE);
/** One ePustaka's books (/epustaka-book-category): 20 from the server, then 15 per 'load more' (spec 02 §9). */
export const libraryBookGrid = createListStore<BookListItem, BookQuery>(bookPage, 15);

export const categoryPicker = createListStore<Category, { q?: string }>((http, params) => calls.getCategories(http, params), PICKER_PAGE_SIZE);
export const authorPicker = createListStore<Author, { q?: string }>((http, params) => calls.getAuthors(http, params), PICKER_PAGE_SIZE);

/** Whether the filter dialog of the book list is open (the empty state's 'change filter' opens it too). */
export const $filterOpen = atom(false);

export function openFilter(): void {
  $filterOpen.set(true);
}

export function closeFilter(): void {
  $filterOpen.set(false);
}

/** Shows the list `query` describes: its address carries the filters and sort, so it can be shared and reloaded. */
export function showBooks(query: BookQuery): void {
  window.location.assign(bookListPath(query));
}

const searchTimers = new Map<object, ReturnType<typeof setTimeout>>();

/** Searches a picker 500 ms after the last keystroke (spec 03 §9); a blank search lists everything. */
export function searchPicker(picker: ListStore<unknown, { q?: string }>, q: string, delay = 500): void {
  clearTimeout(searchTimers.get(picker));
  searchTimers.set(
    picker,
    setTimeout(() => {
      searchTimers.delete(picker);
      picker.load({ q: q.trim() || undefined }).catch(() => undefined);
    }, delay),
  );
}

// ---------------------------------------------------------------------------------------------
// The book on screen

interface BookRef {
  id: string;
  epustakaId: string | null;
  userId: string;
}

/** The book of the detail page and the signed-in user looking at it. */
export const $bookRef = atom<BookRef | null>(null);

const $bookKey = computed($bookRef, (ref) => (ref ? `${ref.id}|${ref.epustakaId ?? ''}` : null));

export const BOOK_KEY = 'catalogue/book/';

export const $book = createFetcherStore<BookDetail>([BOOK_KEY, $bookKey], {
  fetcher: (_prefix, key) => {
    const [book_id, epustaka_id] = String(key).split('|');
    return calls.getBookDetail(api, { book_id: book_id!, epustaka_id: epustaka_id || undefined });
  },
});

function bookCacheKey(): string | null {
  const key = $bookKey.get();
  return key ? BOOK_KEY + key : null;
}

/** The book as last known: the store's data, else what the page rendered. */
let renderedBook: BookDetail | null = null;

export function currentBook(): BookDetail | null {
  return $book.get().data ?? renderedBook;
}

/**
 * Starts the page's stores from the server-rendered book. Only the first call of a page counts:
 * islands hydrating later must not put back an older copy.
 */
export function seedBook(book: BookDetail, epustakaId: string | null, userId: string): void {
  const ref = $bookRef.get();
  if (ref && ref.id === book.id && ref.epustakaId === epustakaId) return;
  renderedBook = book;
  $bookRef.set({ id: book.id, epustakaId, userId });
  mutateCache(bookCacheKey()!, book);
}

/** Shows `next` as the book on screen at once (after an action changed it). */
export function patchBook(next: BookDetail): void {
  const key = bookCacheKey();
  if (!key) return;
  renderedBook = next;
  mutateCache(key, next);
}

/** Fetches the book again (after a change), keeping the shown one until the new one arrives. */
export function refreshBook(): void {
  const key = bookCacheKey();
  if (key) revalidateKeys(key);
}
