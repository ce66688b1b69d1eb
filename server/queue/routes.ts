import { Hono } from 'hono';
import { queueJoinSchema, queueLeaveSchema, queueListQuerySchema } from '../../src/lib/lending/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { listQueue } from './queue.repository.ts';
import { joinQueue, leaveQueue } from './queue.service.ts';
import { settleDue } from '../lending/loans.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/book-queue: GET the line, POST to join it, DELETE to leave it. */
export function queueRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/book-queue', auth, async (c) => {
    const query = queryParams(c, queueListQuerySchema);
    await settleDue(deps);
    const page = await listQueue(deps.db, {
      bookId: query.book_id,
      epustakaId: query.epustaka_id,
      viewerId: c.get('caller').user.id,
      q: query.q,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(listBody(page, query));
  });

  app.post('/book-queue', auth, async (c) => {
    const input = await jsonBody(c, queueJoinSchema);
    const entry = await joinQueue(deps, c.get('caller').user.id, input);
    return c.json({ data: entry, message: 'You have joined the queue.' }, 201);
  });

  app.delete('/book-queue', auth, async (c) => {
    const { queue_id } = await jsonBody(c, queueLeaveSchema);
    await leaveQueue(deps, c.get('caller').user.id, queue_id);
    return c.json({ data: { message: 'You have left the queue.' } });
  });

  return app;
}
