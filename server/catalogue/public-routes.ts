import { Hono } from 'hono';
import { publicBookListQuerySchema } from '../../src/lib/catalogue/public-books-schema.ts';
import { queryParams } from '../http/validate.ts';
import { listBody } from '../http/list-params.ts';
import { countPublicCatalogue, listPublicCatalogue, listPublicCategories } from './public-books.repository.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * webhook/public-book-list and public-book-category-list: the catalogue anyone may browse, signed
 * in or not (books held by a public ePustaka of the product's organisation).
 */
export function publicBookRoutes(deps: ApiDeps) {
  const app = new Hono();

  app.get('/public-book-list', async (c) => {
    const query = queryParams(c, publicBookListQuerySchema);
    const scope = { organizationId: deps.config.organizationId, q: query.q, categoryId: query.category_id, epustakaId: query.epustaka_id };
    const [rows, total] = await Promise.all([
      listPublicCatalogue(deps.db, { ...scope, sort: query.sort, limit: query.limit, offset: query.offset }),
      countPublicCatalogue(deps.db, scope),
    ]);
    return c.json(listBody({ rows, total }, query));
  });

  app.get('/public-book-category-list', async (c) => {
    const rows = await listPublicCategories(deps.db, deps.config.organizationId);
    return c.json({ data: rows, meta: { total: rows.length } });
  });

  return app;
}
