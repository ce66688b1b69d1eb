import type { HttpClient } from '../http/http.ts';
import type { ListBody } from '../contract/common.ts';
import type { PublicBookListItem, PublicBookListQuery, PublicCategory } from './public-books-schema.ts';

/* The public catalogue visitors browse (books held by a public ePustaka). */

/** GET webhook/public-book-list: a page of public books. */
export function getPublicBookList(http: HttpClient, params: PublicBookListQuery): Promise<ListBody<PublicBookListItem>> {
  return http.get('webhook/public-book-list', { ...params });
}

/** GET webhook/public-book-category-list: the categories holding public books. */
export async function getPublicCategories(http: HttpClient): Promise<PublicCategory[]> {
  return (await http.get<{ data: PublicCategory[] }>('webhook/public-book-category-list')).data;
}
