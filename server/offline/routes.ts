import { Hono } from 'hono';
import { offlineBookQuerySchema } from '../../src/lib/offline/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { queryParams } from '../http/validate.ts';
import { offlineBook } from './offline.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/offline-book: what a browser stores to read an open book without network. */
export function offlineRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('/offline-book', requireCaller(deps));

  app.get('/offline-book', async (c) => {
    const { book_id } = queryParams(c, offlineBookQuerySchema);
    const data = await offlineBook(deps.db, book_id, c.get('caller').user, deps.now());
    return c.json({ data }, 200, { 'Cache-Control': 'private, no-store' });
  });

  return app;
}
