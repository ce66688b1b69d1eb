import { Hono } from 'hono';
import { bookDetailQuerySchema } from '../../src/lib/catalogue/schema.ts';
import { bookReturnSchema, borrowerListQuerySchema, borrowSchema, type BorrowResponse } from '../../src/lib/lending/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { getBorrowStatus } from '../catalogue/books.service.ts';
import { listBorrowers } from './loans.repository.ts';
import { borrow, returnBook } from './loans.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/borrow, book-return, check-borrow-status, book-borrower-list. */
export function borrowRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.post('/borrow', auth, async (c) => {
    const input = await jsonBody(c, borrowSchema);
    const { loan, repeated } = await borrow(deps, c.get('caller').user.id, input);
    const body: BorrowResponse = {
      code: 'SUCCESS',
      data: loan,
      message: repeated ? 'You already have this book on loan.' : 'The book is borrowed.',
    };
    return c.json(body, repeated ? 200 : 201);
  });

  app.put('/book-return', auth, async (c) => {
    const { borrow_book_id } = await jsonBody(c, bookReturnSchema);
    const { loan, alreadyReturned } = await returnBook(deps, c.get('caller').user.id, borrow_book_id);
    return c.json({
      data: loan,
      already_returned: alreadyReturned,
      message: alreadyReturned ? 'This book was already returned.' : 'The book is returned.',
    });
  });

  app.get('/check-borrow-status', auth, async (c) => {
    const { book_id, epustaka_id } = queryParams(c, bookDetailQuerySchema);
    return c.json({ data: await getBorrowStatus(deps, c.get('caller').user.id, book_id, epustaka_id) });
  });

  app.get('/book-borrower-list', auth, async (c) => {
    const query = queryParams(c, borrowerListQuerySchema);
    const page = await listBorrowers(deps.db, {
      bookId: query.book_id,
      viewerId: c.get('caller').user.id,
      all: query.all ?? false,
      q: query.q,
      limit: query.limit,
      offset: query.offset,
      now: deps.now(),
    });
    return c.json(listBody(page, query));
  });

  return app;
}
