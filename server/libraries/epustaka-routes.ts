import { Hono } from 'hono';
import { collectionOwnerQuerySchema, epustakaBorrowQuerySchema, joinEpustakaSchema } from '../../src/lib/lending/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { listBookEpustaka } from '../catalogue/books.service.ts';
import { listCollectionOwners } from '../lending/loans.repository.ts';
import { joinEpustaka } from './membership.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/join-epustaka-member, epustaka-borrow, collection-owner. */
export function epustakaRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.post('/join-epustaka-member', auth, async (c) => {
    const input = await jsonBody(c, joinEpustakaSchema);
    const result = await joinEpustaka(deps, c.get('caller').user.id, input);
    return c.json({ data: result, message: result.message });
  });

  app.get('/epustaka-borrow', auth, async (c) => {
    const { book_id, organization_id } = queryParams(c, epustakaBorrowQuerySchema);
    const rows = await listBookEpustaka(deps, c.get('caller').user.id, book_id, organization_id);
    return c.json(listBody({ rows, total: rows.length }, { limit: rows.length, offset: 0 }));
  });

  app.get('/collection-owner', auth, async (c) => {
    const query = queryParams(c, collectionOwnerQuerySchema);
    const page = await listCollectionOwners(deps.db, {
      bookId: query.book_id,
      viewerId: c.get('caller').user.id,
      q: query.q,
      limit: query.limit,
      offset: query.offset,
      now: deps.now(),
    });
    return c.json(listBody(page, query));
  });

  return app;
}
