import type { ApiDeps } from '../deps.ts';
import type { BookHome } from '../../src/lib/home/schema.ts';
import { listBooks } from '../catalogue/books.repository.ts';
import { settleDue } from '../lending/loans.service.ts';
import { topCategories } from './home.repository.ts';

/** Categories with a row of their own on the home page. */
export const HOME_CATEGORY_ROWS = 3;

/** The home rows: newest, most borrowed, and the largest categories' newest, each `limit` books. */
export async function bookHome(deps: ApiDeps, viewerId: string, organizationId: string, limit: number): Promise<BookHome> {
  await settleDue(deps);
  const now = deps.now();
  const page = (sort: 'latest' | 'popular', categoryId?: string) =>
    listBooks(deps.db, {
      conditions: categoryId ? [{ field: 'category_id', op: 'eq', value: categoryId }] : [],
      sort,
      limit,
      offset: 0,
      viewerId,
      now,
    });
  const [fresh, popular, categories] = await Promise.all([page('latest'), page('popular'), topCategories(deps.db, organizationId, HOME_CATEGORY_ROWS)]);
  const rows = await Promise.all(categories.map((c) => page('latest', c.id)));
  return {
    new: fresh.rows,
    popular: popular.rows,
    categories: categories.map((c, i) => ({
      category_id: c.id,
      category_name: c.category_name,
      category_name_en: c.category_name_en,
      books: rows[i]!.rows,
    })),
  };
}
