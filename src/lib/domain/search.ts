/**
 * The search page's address: `/search?q=&tab=books&page=`. Each tab searches one kind of thing;
 * a kind gets its tab here once its results can be shown, so the page never offers an empty one.
 */
export const SEARCH_TABS = ['books'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Results per page of a tab. */
export const SEARCH_PAGE_SIZE = 24;
/** Longest query kept; the search box allows as much. */
export const SEARCH_MAX_LENGTH = 200;

export interface SearchQuery {
  q: string;
  tab: SearchTab;
  /** 1-based. */
  page: number;
}

/** Reads the address; an unknown tab falls back to books, a bad page to 1. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH);
  const tabParam = params.get('tab');
  const tab = (SEARCH_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as SearchTab) : 'books';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  return { q, tab, page };
}

/** The address of a search: empty parts are left out, page 1 is the default. */
export function searchHref(query: Partial<SearchQuery> & { q: string }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  params.set('tab', query.tab ?? 'books');
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return `/search?${params.toString()}`;
}

/** Number of pages for `total` results. */
export function searchPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
}
