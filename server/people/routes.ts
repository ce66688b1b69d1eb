import { Hono } from 'hono';
import { followingListQuerySchema } from '../../src/lib/people/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody, parseFilter, type FilterField } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { listFollowing } from './people.repository.ts';
import { visibleUserId } from './people.service.ts';
import type { ApiDeps } from '../deps.ts';

const FOLLOW_FILTER_FIELDS = {
  name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['u.name'] },
} satisfies Record<string, FilterField>;

/**
 * Whom a member follows (spec 02 §2.5, §7): webhook/following. Another member's list is open to
 * their organisation only. Their media and news histories are served by routes/media.ts and news.ts.
 */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  for (const path of ['/following']) app.use(path, requireCaller(deps));

  app.get('/following', async (c) => {
    const query = queryParams(c, followingListQuerySchema);
    const viewer = c.get('caller').user;
    const userId = await visibleUserId(deps, viewer, query.user_id);
    const byName = parseFilter(query.filter, FOLLOW_FILTER_FIELDS);
    const page = await listFollowing(deps.db, {
      userId,
      viewerId: viewer.id,
      name: query.q ?? (byName[0]?.value as string | undefined),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(listBody(page, query));
  });

  return app;
}
