import { clip } from '../contract/shorten.ts';

/*
 * The visitors' book pages (/books signed out): a public catalogue with search, a category filter,
 * an allowlisted sort and pages by links. Plain values, shared by the page and the API schema.
 */

/** Books per page of the visitors' list. */
export const PUBLIC_BOOK_PAGE_SIZE = 24;
/** The furthest page a link may lead to (the sitemap lists every public book anyway). */
export const PUBLIC_BOOK_MAX_PAGE = 200;

/** The sorts a visitor may choose, the first being the default. */
export const PUBLIC_BOOK_SORTS = ['latest', 'popular', 'title'] as const;
export type PublicBookSort = (typeof PUBLIC_BOOK_SORTS)[number];

/** What the visitors' list shows, read from its address. */
export interface PublicBookQuery {
  q: string;
  category: string | null;
  /** One public ePustaka's books (`?epustaka=`), or every public book. */
  epustaka: string | null;
  sort: PublicBookSort;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query of `/books?q=&category=&epustaka=&sort=&page=`; anything unknown falls back to the default. */
export function parsePublicBookQuery(params: URLSearchParams): PublicBookQuery {
  const sort = params.get('sort');
  const category = params.get('category');
  const epustaka = params.get('epustaka');
  const page = Number(params.get('page') ?? '1');
  return {
    q: clip((params.get('q') ?? '').trim(), 200),
    category: category && UUID.test(category) ? category.toLowerCase() : null,
    epustaka: epustaka && UUID.test(epustaka) ? epustaka.toLowerCase() : null,
    sort: (PUBLIC_BOOK_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PublicBookSort) : 'latest',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PUBLIC_BOOK_MAX_PAGE) : 1,
  };
}

/** The address of a list: only what differs from the defaults is in it. */
export function publicBooksHref(query: PublicBookQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.epustaka) params.set('epustaka', query.epustaka);
  if (query.sort !== 'latest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/books?${search}` : '/books';
}

/** True when the list is the plain first page (the one address search engines index). */
export function isPlainPublicBookList(query: PublicBookQuery): boolean {
  return !query.q && !query.category && !query.epustaka && query.sort === 'latest' && query.page === 1;
}

/** How many pages `total` books fill (at least one), capped at PUBLIC_BOOK_MAX_PAGE. */
export function publicBookPageCount(total: number): number {
  return Math.min(PUBLIC_BOOK_MAX_PAGE, Math.max(1, Math.ceil(total / PUBLIC_BOOK_PAGE_SIZE)));
}

/** How many category links the visitors' list shows: the largest ones, so the page stays light. */
export const PUBLIC_CATEGORY_LINKS = 20;

/**
 * The categories the list links to: the PUBLIC_CATEGORY_LINKS with the most books (in their
 * original order), and the chosen one wherever it ranks.
 */
export function shownCategories<T extends { id: string; book_count: number }>(categories: readonly T[], chosen: string | null): T[] {
  const largest = new Set([...categories].sort((a, b) => b.book_count - a.book_count).slice(0, PUBLIC_CATEGORY_LINKS).map((c) => c.id));
  return categories.filter((c) => largest.has(c.id) || c.id === chosen);
}
