import { Hono, type Context } from 'hono';
import { bookDetailQuerySchema, bookListQuerySchema, namedListQuerySchema, publicBookDetailQuerySchema, sitemapQuerySchema, type BookSort } from '../../src/lib/catalogue/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody, parseFilter, parseSort } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { BOOK_FILTER_FIELDS, BOOK_SORT_VALUES, listAuthors, listBooks, listCategories, listPublicBooks } from './books.repository.ts';
import { getBookDetail, getPublicBookDetail } from './books.service.ts';
import { settleDue } from '../lending/loans.service.ts';
import { findEpustaka } from '../libraries/epustaka.repository.ts';
import { epustakaBookCollectionQuerySchema } from '../../src/lib/lists/schema.ts';
import { notFound } from '../http/errors.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * webhook/book-list, epustaka-book-collection, book-recommendation, book-category-list, book-author-list, book-detail,
 * and the public public-book-detail and public-book-sitemap.
 */
export function bookRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  async function bookList(c: Context<AuthEnv>, defaultSort: BookSort) {
    const query = queryParams(c, bookListQuerySchema);
    const conditions = parseFilter(query.filter, BOOK_FILTER_FIELDS);
    if (query.available) conditions.push({ field: 'available', op: 'eq', value: true });
    if (query.q) conditions.push({ field: 'q', op: 'ilike', value: query.q });
    const sort = parseSort(query.sort, BOOK_SORT_VALUES, defaultSort);
    await settleDue(deps);
    const page = await listBooks(deps.db, {
      conditions,
      sort,
      limit: query.limit,
      offset: query.offset,
      viewerId: c.get('caller').user.id,
      epustakaId: query.epustaka_id,
      now: deps.now(),
    });
    return c.json(listBody(page, query));
  }

  app.get('/book-list', auth, (c) => bookList(c, 'latest'));

  // One library's books, as book-list with its epustaka_id; a library of another organisation is unknown.
  app.get('/epustaka-book-collection', auth, async (c) => {
    const { epustaka_id } = queryParams(c, epustakaBookCollectionQuerySchema);
    const library = await findEpustaka(deps.db, epustaka_id);
    if (!library || library.organization_id !== c.get('caller').user.organization_id) throw notFound('epustaka_not_found', 'The ePustaka could not be found.');
    return bookList(c, 'latest');
  });

  // Most borrowed first unless the caller sorts otherwise.
  app.get('/book-recommendation', auth, (c) => bookList(c, 'popular'));

  app.get('/book-category-list', auth, async (c) => {
    const query = queryParams(c, namedListQuerySchema);
    return c.json(listBody(await listCategories(deps.db, query), query));
  });

  app.get('/book-author-list', auth, async (c) => {
    const query = queryParams(c, namedListQuerySchema);
    return c.json(listBody(await listAuthors(deps.db, query), query));
  });

  app.get('/book-detail', auth, async (c) => {
    const { book_id, epustaka_id } = queryParams(c, bookDetailQuerySchema);
    return c.json({ data: await getBookDetail(deps, c.get('caller').user.id, book_id, epustaka_id) });
  });

  app.get('/public-book-detail', async (c) => {
    const { book_id } = queryParams(c, publicBookDetailQuerySchema);
    return c.json({ data: await getPublicBookDetail(deps, book_id) });
  });

  app.get('/public-book-sitemap', async (c) => {
    const query = queryParams(c, sitemapQuerySchema);
    return c.json(listBody(await listPublicBooks(deps.db, query), query));
  });

  return app;
}
