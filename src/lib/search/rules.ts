import { MAX_SHOWN_PAGES } from '../people/rules.ts';
import { clip } from '../contract/shorten.ts';

/**
 * The search page's address: `/search?q=&tab=&page=`. Each tab searches one kind of thing
 * (spec 02 §2.1): books (the default), audio, video and users.
 */
export const SEARCH_TABS = ['books', 'audio', 'video', 'user'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Results per page of a tab; 'more' shows as many again (spec 02 §9). */
export const SEARCH_PAGE_SIZE = 25;
/** Longest query kept; the search box allows as much. */
export const SEARCH_MAX_LENGTH = 200;

export interface SearchQuery {
  q: string;
  tab: SearchTab;
  /** How many pages are shown at once, 1-based: 'more' asks for one page more. */
  page: number;
}

/** Reads the address; an unknown tab falls back to books, a bad page to 1. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const q = clip((params.get('q') ?? '').replace(/\s+/g, ' ').trim(), SEARCH_MAX_LENGTH);
  const tabParam = params.get('tab');
  const tab = (SEARCH_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as SearchTab) : 'books';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_SHOWN_PAGES ? pageParam : 1;
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

/** Where a result opens: a book, an audio or video item (in its ePustaka when known), a person. */
export function searchResultHref(kind: 'book' | 'audio' | 'video', item: { id: string; epustaka_id?: string | null }): string {
  return item.epustaka_id ? `/${kind}/${item.id}/${item.epustaka_id}` : `/${kind}/${item.id}`;
}
