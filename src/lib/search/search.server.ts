import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { BookListItem } from '../catalogue/schema.ts';
import type { MultimediaItem, PersonRow } from '../people/schema.ts';
import { getSuggestedFriends, searchBooks, searchMultimedia, searchUsers } from '../people/api.ts';
import { SEARCH_PAGE_SIZE, type SearchQuery } from './rules.ts';
import { SUGGESTED_PAGE_SIZE } from '../people/rules.ts';

/** What the search page shows for an address. */
export type SearchView =
  | { kind: 'prompt' }
  | { kind: 'failed' }
  | { kind: 'books'; rows: BookListItem[]; total: number }
  | { kind: 'media'; media: 'audio' | 'video'; rows: MultimediaItem[]; total: number }
  | { kind: 'people'; suggested: boolean; rows: PersonRow[]; total: number };

/** The API's largest page. */
const API_PAGE = 100;

/** The first `want` rows of a list, fetched in pages the API accepts. */
export async function firstRows<T>(fetchPage: (page: { limit: number; offset: number }) => Promise<ListBody<T>>, want: number): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let offset = 0; offset < want; offset += API_PAGE) {
    const body = await fetchPage({ limit: Math.min(API_PAGE, want - offset), offset });
    rows.push(...body.data);
    total = body.meta.total;
    if (rows.length >= total || body.data.length === 0) break;
  }
  return { rows, total };
}

/**
 * Runs the search of `query` for the page: `query.page` pages at once from the start, so a
 * 'more' link (and a reload after it) shows everything loaded so far. With no query the user tab
 * shows suggested friends and the other tabs ask for words.
 */
export async function loadSearch(http: HttpClient, query: SearchQuery): Promise<SearchView> {
  const want = SEARCH_PAGE_SIZE * query.page;
  const { q } = query;
  try {
    if (query.tab === 'user') {
      if (!q) return { kind: 'people', suggested: true, ...(await firstRows((p) => getSuggestedFriends(http, p), SUGGESTED_PAGE_SIZE * query.page)) };
      return { kind: 'people', suggested: false, ...(await firstRows((p) => searchUsers(http, { q, ...p }), want)) };
    }
    if (!q) return { kind: 'prompt' };
    if (query.tab === 'books') return { kind: 'books', ...(await firstRows((p) => searchBooks(http, { q, ...p }), want)) };
    const media = query.tab;
    return { kind: 'media', media, ...(await firstRows((p) => searchMultimedia(http, { q, type: media, ...p }), want)) };
  } catch (error) {
    console.error(`The search could not be run (${query.tab}, page ${query.page})`, error);
    return { kind: 'failed' };
  }
}
