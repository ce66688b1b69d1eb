import { Hono } from 'hono';
import { ratingCreateSchema, ratingDeleteSchema, ratingDetailQuerySchema, ratingListQuerySchema, ratingReportSchema, ratingUpdateSchema, type RatingDetail, type RatingListMeta } from '../../src/lib/ratings/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { notFound } from '../http/errors.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { findBookBrief } from '../catalogue/books.repository.ts';
import { findRatingView, listReplies, listReviews, reviewStats } from './ratings.repository.ts';
import { createRating, deleteRating, editRating, reportRating } from './ratings.service.ts';
import { limitWrite } from '../limits/write-limits.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/book-rating (GET, POST, PUT, DELETE), book-rating-detail, book-rating-report. */
export function ratingRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/book-rating', auth, async (c) => {
    const query = queryParams(c, ratingListQuerySchema);
    const viewerId = c.get('caller').user.id;
    if (!(await findBookBrief(deps.db, query.book_id))) throw notFound('book_not_found', 'The book could not be found.');
    const [page, stats] = await Promise.all([
      listReviews(deps.db, { bookId: query.book_id, viewerId, limit: query.limit, offset: query.offset }),
      reviewStats(deps.db, query.book_id, viewerId),
    ]);
    const meta: RatingListMeta = { total: page.total, limit: query.limit, offset: query.offset, ...stats };
    return c.json({ data: page.rows, meta });
  });

  app.get('/book-rating-detail', auth, async (c) => {
    const query = queryParams(c, ratingDetailQuerySchema);
    const viewerId = c.get('caller').user.id;
    const rating = await findRatingView(deps.db, query.rating_id, viewerId);
    if (!rating) throw notFound('rating_not_found', 'The review could not be found.');
    const replies = await listReplies(deps.db, { ratingId: rating.id, viewerId, limit: query.limit, offset: query.offset });
    const data: RatingDetail = { ...rating, reply: replies.rows };
    return c.json({ data, meta: { total: replies.total, limit: query.limit, offset: query.offset } });
  });

  app.post('/book-rating', auth, async (c) => {
    const input = await jsonBody(c, ratingCreateSchema);
    await limitWrite(deps, c, input.parent_id ? 'reply' : 'comment');
    return c.json({ data: await createRating(deps, c.get('caller').user.id, input), message: 'Review saved.' }, 201);
  });

  app.put('/book-rating', auth, async (c) => {
    const input = await jsonBody(c, ratingUpdateSchema);
    return c.json({ data: await editRating(deps, c.get('caller').user.id, input), message: 'Review saved.' });
  });

  app.delete('/book-rating', auth, async (c) => {
    const { rating_id } = await jsonBody(c, ratingDeleteSchema);
    return c.json({ data: await deleteRating(deps, c.get('caller').user.id, rating_id), message: 'Ulasan terhapus.' });
  });

  app.put('/book-rating-report', auth, async (c) => {
    const input = await jsonBody(c, ratingReportSchema);
    await limitWrite(deps, c, 'report');
    await reportRating(deps, c.get('caller').user.id, input);
    return c.json({ data: { message: 'Your report has been sent' } });
  });

  return app;
}
