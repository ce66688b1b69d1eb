import type { BookDetail, BookFilter } from './schema.ts';
import type { MembershipInput } from '../libraries/membership-rules.ts';
import { clip } from '../contract/shorten.ts';
import { isUuid } from '../contract/ids.ts';

/*
 * Pure rules of the book pages: the list's URL and API query, the counts after a loan and the
 * links to a book and its reader (spec 01 §2.4–2.6, §9).
 */

// ---------------------------------------------------------------------------------------------
// Lists

/** Page size and 'load more' step of the book lists (spec 01 §9). */
export const BOOK_PAGE_SIZE = 25;
/** Page size of the category and author pickers. */
export const PICKER_PAGE_SIZE = 20;
/** The oldest year of the publish-year filter. */
export const FIRST_FILTER_YEAR = 1950;

export type BookView = 'list' | 'recommendation';
export type BookSortOption = 'latest' | 'az' | 'za' | 'popular';

/** The book list as its URL says it: `/books?view=&sort=&category=&author=&year=&entry=1&public=1&q=`. */
export interface BookQuery {
  view: BookView;
  sort: BookSortOption;
  /** Category id. */
  category: string | null;
  /** Author name (exact, case-insensitive). */
  author: string | null;
  year: number | null;
  /** Only books borrowable without an entry request. */
  entry: boolean;
  /** Only books a public ePustaka holds. */
  collectionPublic: boolean;
  q: string | null;
  /** Only this ePustaka's books (the list is then /epustaka-book-category). */
  epustaka?: string | null;
  /** Only books with a copy available now (open books always have). */
  available?: boolean;
}

/** Sort options of a view; the first is its default (recommendations: most borrowed first). */
export function sortOptions(view: BookView): BookSortOption[] {
  return view === 'recommendation' ? ['popular', 'latest', 'az', 'za'] : ['latest', 'az', 'za'];
}

const API_SORT: Record<BookSortOption, string> = { latest: 'latest', az: 'catalog_title', za: '-catalog_title', popular: 'popular' };

/** Years of the filter: this year down to 1950. */
export function yearOptions(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: current - FIRST_FILTER_YEAR + 1 }, (_, i) => current - i);
}

function flag(value: string | null): boolean {
  return value === '1' || value === 'true';
}

function text(value: string | null, max = 200): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : clip(trimmed, max);
}

/** Reads a list's URL; anything invalid is left out rather than refused. */
export function parseBookQuery(params: URLSearchParams, now = new Date()): BookQuery {
  const view: BookView = params.get('view') === 'recommendation' ? 'recommendation' : 'list';
  const options = sortOptions(view);
  const sort = options.find((option) => option === params.get('sort')) ?? options[0]!;
  const year = Number(params.get('year'));
  const category = params.get('category');
  return {
    view,
    sort,
    category: isUuid(category) ? category.toLowerCase() : null,
    author: text(params.get('author')),
    year: Number.isInteger(year) && year >= FIRST_FILTER_YEAR && year <= now.getFullYear() ? year : null,
    entry: flag(params.get('entry')),
    collectionPublic: flag(params.get('public')),
    q: text(params.get('q')),
    ...(isUuid(params.get('epustaka')) ? { epustaka: params.get('epustaka')!.toLowerCase() } : {}),
    ...(flag(params.get('available')) ? { available: true } : {}),
  };
}

/** The address of a list: /books, or /epustaka-book-category for one ePustaka's books. */
export function bookListPath(query: BookQuery): string {
  return `${query.epustaka ? '/epustaka-book-category' : '/books'}${bookQueryString(query)}`;
}

/** The query string of a list (with its '?', or '' for the plain list); defaults are left out. */
export function bookQueryString(query: BookQuery): string {
  const params = new URLSearchParams();
  if (query.epustaka) params.set('epustaka', query.epustaka);
  if (query.view === 'recommendation') params.set('view', 'recommendation');
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.author) params.set('author', query.author);
  if (query.year) params.set('year', String(query.year));
  if (query.entry) params.set('entry', '1');
  if (query.collectionPublic) params.set('public', '1');
  if (query.available) params.set('available', '1');
  if (query.sort !== sortOptions(query.view)[0]) params.set('sort', query.sort);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** How many filters are on (for the filter button's badge). */
export function activeFilterCount(query: BookQuery): number {
  return [query.category, query.author, query.year, query.entry || null, query.collectionPublic || null, query.available || null].filter((v) => v !== null).length;
}

/** The same list without any filter (sort, view and search stay). */
export function withoutFilters(query: BookQuery): BookQuery {
  return { ...query, category: null, author: null, year: null, entry: false, collectionPublic: false, available: false };
}

/** The filter of GET webhook/book-list as the API reads it, or undefined when nothing is filtered. */
export function bookFilter(query: BookQuery): BookFilter | undefined {
  const filter: BookFilter = {};
  if (query.category) filter.category_id = query.category;
  if (query.author) filter.author_name = { eq: query.author };
  if (query.year) filter.catalog_publish_date = query.year;
  if (query.entry) filter.entry = true;
  if (query.collectionPublic) filter.collectionpublic = true;
  if (query.available) filter.available = true;
  return Object.keys(filter).length === 0 ? undefined : filter;
}

/** Query parameters of GET webhook/book-list or webhook/book-recommendation (without paging). */
export function bookListParams(query: BookQuery): { sort: string; filter?: BookFilter; q?: string; epustaka_id?: string } {
  const filter = bookFilter(query);
  return { sort: API_SORT[query.sort], ...(filter ? { filter } : {}), ...(query.q ? { q: query.q } : {}), ...(query.epustaka ? { epustaka_id: query.epustaka } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Detail

/** `/book/{id}` or `/book/{id}/{epustakaId}`. */
export function bookPath(id: string, epustakaId?: string | null): string {
  return epustakaId ? `/book/${id}/${epustakaId}` : `/book/${id}`;
}

/** The reader of a book: the epub reader for EPUB files, the page reader otherwise. */
export function readerHref(book: { id: string; file_ext: string | null }): string {
  const reader = book.file_ext?.toLowerCase() === 'epub' ? '/read-book-epub' : '/read-book';
  return `${reader}?book=${encodeURIComponent(book.id)}`;
}

/**
 * The mark `/read` puts on the reader address it leads to: the reader was opened from a generic
 * entry, not from the book the user chose, so it may ask whether to continue the book read last.
 */
export const GENERIC_ENTRY_PARAM = 'from';
const GENERIC_ENTRY_VALUE = 'read';

/** The reader address of `book` as `/read` leads to it, marked as a generic entry. */
export function genericReaderHref(book: { id: string; file_ext: string | null }): string {
  return `${readerHref(book)}&${GENERIC_ENTRY_PARAM}=${GENERIC_ENTRY_VALUE}`;
}

/** True when a reader address carries the generic-entry mark of {@link genericReaderHref}. */
export function isGenericEntry(params: URLSearchParams): boolean {
  return params.get(GENERIC_ENTRY_PARAM) === GENERIC_ENTRY_VALUE;
}

/** Where a `/read` without a book it can open sends the reader: their borrowed books. */
export const READ_FALLBACK = '/shelf?tab=borrow';

/**
 * The book a `/read` address names (`book`, or `book_id`/`id` as other clients write it), lower
 * case; null when none of them is a book id.
 */
export function readRequestBookId(params: URLSearchParams): string | null {
  for (const name of ['book', 'book_id', 'id']) {
    const value = params.get(name);
    if (isUuid(value)) return value.toLowerCase();
  }
  return null;
}

/**
 * The book after the caller borrowed it from `epustakaId` (spec 01 §4.3): on loan, one more open
 * loan, one more reader when it is their first loan of it, and one copy fewer for a DRM book in
 * that library (and in the page's counts when it is the library shown).
 */
export function afterBorrow(book: BookDetail, epustakaId: string): BookDetail {
  if (book.has_borrow) return book;
  const taken = book.using_drm ? 1 : 0;
  const epustaka =
    book.epustaka && book.epustaka.id === epustakaId
      ? { ...book.epustaka, has_join: true, member_status: 1 as const, available_qty: Math.max(0, book.epustaka.available_qty - taken) }
      : book.epustaka;
  // The library lent from is now one the caller is an active member of, with one copy fewer.
  const holdings = book.holdings.map((h) =>
    h.id === epustakaId ? { ...h, has_join: true, member_status: 1 as const, available_qty: Math.max(0, h.available_qty - taken) } : h,
  );
  return {
    ...book,
    epustaka,
    holdings,
    has_borrow: true,
    has_borrow_before: true,
    active_borrow_count: book.active_borrow_count + 1,
    all_user_borrow_count: book.all_user_borrow_count + (book.has_borrow_before ? 0 : 1),
    // The page's copies are its library's own: a loan elsewhere leaves them as they were.
    available_qty: book.epustaka?.id === epustakaId ? Math.max(0, book.available_qty - taken) : book.available_qty,
    queue_position: null,
    queue_offer: null,
  };
}

/**
 * The membership button's input for the detail page's main button: the book's own ePustaka
 * (its copies there), the copies held over all ePustaka, and the caller's loan and queue place.
 */
export function detailButtonInput(book: BookDetail): MembershipInput {
  const epustaka = book.epustaka;
  return {
    has_join: epustaka?.has_join ?? false,
    member_status: epustaka?.member_status ?? null,
    epustaka_isprivate: epustaka?.epustaka_isprivate ?? false,
    using_drm: book.using_drm,
    available_qty: epustaka?.available_qty ?? book.available_qty,
    all_qty: book.all_qty,
    has_borrow: book.has_borrow,
    queued: book.queue_position !== null,
  };
}

/** The specification tiles of a book, in order. */
export function specTiles(book: Pick<BookDetail, 'file_size' | 'using_drm' | 'all_qty' | 'available_qty' | 'all_user_borrow_count'> &
  Partial<Pick<BookDetail, 'queue_count' | 'active_borrow_count'>>) {
  return {
    /** Bytes, or null when unknown. */
    fileSize: book.file_size,
    /** Copies, or null for an open book (unlimited). */
    total: book.using_drm ? book.all_qty : null,
    available: book.using_drm ? book.available_qty : null,
    readers: book.all_user_borrow_count,
    queue: book.queue_count ?? 0,
    borrowers: book.active_borrow_count ?? 0,
  };
}
