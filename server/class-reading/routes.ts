import { Hono } from 'hono';
import { classReadingQuerySchema, classRecommendationSchema, memberActivityQuerySchema } from '../../src/lib/class-reading/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { classReading, readingClasses, readingVisibility, recommendToClass } from './class-reading.service.ts';
import { memberLoanList, memberReviewList } from './library-reading.service.ts';

/**
 * webhook/class-reading-classes, class-reading and class-recommendation (a class's teachers and its
 * school's admins), epustaka-member-loan-list and epustaka-member-review-list (a library's owner
 * and admins), reading-visibility (anyone: who sees their own reading). All need a signed-in caller.
 */
export function classReadingRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/reading-visibility', auth, async (c) => c.json({ data: await readingVisibility(deps, c.get('caller').user) }));

  app.get('/class-reading-classes', auth, async (c) => c.json({ data: await readingClasses(deps, c.get('caller').user) }));

  app.get('/class-reading', auth, async (c) => {
    const query = queryParams(c, classReadingQuerySchema);
    const { data, total } = await classReading(deps, c.get('caller').user, query);
    return c.json({ data, meta: { total, limit: query.limit, offset: query.offset } });
  });

  app.post('/class-recommendation', auth, async (c) => {
    const input = await jsonBody(c, classRecommendationSchema);
    return c.json({ data: await recommendToClass(deps, c.get('caller').user, input) }, 201);
  });

  app.get('/epustaka-member-loan-list', auth, async (c) => {
    const query = queryParams(c, memberActivityQuerySchema);
    const { summary, ...page } = await memberLoanList(deps, c.get('caller').user, query);
    const body = listBody(page, query);
    return c.json({ ...body, meta: { ...body.meta, summary } });
  });

  app.get('/epustaka-member-review-list', auth, async (c) => {
    const query = queryParams(c, memberActivityQuerySchema);
    return c.json(listBody(await memberReviewList(deps, c.get('caller').user, query), query));
  });

  return app;
}
