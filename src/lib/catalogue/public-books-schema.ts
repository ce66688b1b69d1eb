import { z } from 'zod';
import { PUBLIC_BOOK_PAGE_SIZE, PUBLIC_BOOK_SORTS } from './public-books-rules.ts';
import { limitParam, offsetParam, searchParam, uuidField } from '../contract/params.ts';
import type { PublicBookCard } from '../home/schema.ts';

/* The public catalogue for visitors: books held by a public ePustaka, and their categories. */

/** GET webhook/public-book-list: search, one category, an allowlisted sort, paging. */
export const publicBookListQuerySchema = z.object({
  q: searchParam,
  category_id: uuidField('invalid_category_id').optional(),
  /** One public ePustaka's books; a private one's are never listed. */
  epustaka_id: uuidField('invalid_epustaka_id').optional(),
  sort: z.enum(PUBLIC_BOOK_SORTS, { error: 'invalid_sort' }).default('latest'),
  limit: limitParam(PUBLIC_BOOK_PAGE_SIZE, 48),
  offset: offsetParam,
});
export type PublicBookListQuery = z.input<typeof publicBookListQuerySchema>;

/** A book of the public list: its card and its category. */
export interface PublicBookListItem extends PublicBookCard {
  category_id: string | null;
  category_name: string | null;
  category_name_en: string | null;
}

/** GET webhook/public-book-category-list: the categories that hold public books, with their counts. */
export interface PublicCategory {
  id: string;
  category_name: string;
  category_name_en: string | null;
  book_count: number;
}
