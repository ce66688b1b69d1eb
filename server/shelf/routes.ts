import { Hono } from 'hono';
import {
  bookRenewSchema,
  borrowShelfQuerySchema,
  historyDeleteSchema,
  historyShelfQuerySchema,
  shelfPageQuerySchema,
} from '../../src/lib/shelf/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { notFound } from '../http/errors.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { settleDue } from '../lending/loans.service.ts';
import { listOpenLoans, listQueueEntries, listReviewShelf } from './shelf.repository.ts';
import { deleteAccess, isOrganizationMember, listBookHistory } from './history.repository.ts';
import { renewLoan } from './shelf.service.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * The caller's shelf (spec 02 §7 "Shelves and history", 03 §7.2): webhook/book-borrow-shelf,
 * book-queue-shelf, book-history-shelf, book-review-shelf, book-renew and content-access-history.
 */
export function shelfRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const { db } = deps;
  for (const path of ['/book-borrow-shelf', '/book-queue-shelf', '/book-history-shelf', '/book-review-shelf', '/book-renew', '/content-access-history']) {
    app.use(path, requireCaller(deps));
  }

  app.get('/book-borrow-shelf', async (c) => {
    const query = queryParams(c, borrowShelfQuerySchema);
    const page = await listOpenLoans(db, { userId: c.get('caller').user.id, now: deps.now(), q: query.q, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/book-queue-shelf', async (c) => {
    const query = queryParams(c, shelfPageQuerySchema);
    // Lapsed offers pass on first, so the list shows who holds what now.
    await settleDue(deps);
    const page = await listQueueEntries(db, { userId: c.get('caller').user.id, now: deps.now(), limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/book-history-shelf', async (c) => {
    const query = queryParams(c, historyShelfQuerySchema);
    const { user } = c.get('caller');
    const userId = query.user_id ?? user.id;
    if (userId !== user.id) {
      // Another member's reading, as their profile shows it: only within the same organisation.
      if (!(await isOrganizationMember(db, userId, user.organization_id))) throw notFound('user_not_found', 'The user could not be found.');
    }
    const page = await listBookHistory(db, { userId, q: query.q, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.get('/book-review-shelf', async (c) => {
    const query = queryParams(c, shelfPageQuerySchema);
    const page = await listReviewShelf(db, { userId: c.get('caller').user.id, limit: query.limit, offset: query.offset });
    return c.json(listBody(page, query));
  });

  app.put('/book-renew', async (c) => {
    const { borrow_book_id } = await jsonBody(c, bookRenewSchema);
    return c.json({ data: await renewLoan(deps, c.get('caller').user.id, borrow_book_id), message: 'The loan is renewed.' });
  });

  app.delete('/content-access-history', async (c) => {
    const { id } = await jsonBody(c, historyDeleteSchema);
    // Someone else's item is answered like a missing one.
    if (!(await deleteAccess(db, c.get('caller').user.id, id))) throw notFound('history_not_found', 'The history item could not be found.');
    return c.json({ data: { id, message: 'Removed from your history.' } });
  });

  return app;
}
