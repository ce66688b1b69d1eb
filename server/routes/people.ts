import { Hono } from 'hono';
import { followingListQuerySchema, multimediaHistoryQuerySchema, newsHistoryQuerySchema } from '../../src/lib/api/schemas/people.ts';
import type { MultimediaItem, NewsHistoryItem } from '../../src/lib/api/schemas/people.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody, parseFilter, type FilterField } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { listFollowing } from '../people/people.repository.ts';
import { visibleUserId } from '../people/people.service.ts';
import type { ApiDeps } from '../deps.ts';

const FOLLOW_FILTER_FIELDS = {
  name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['u.name'] },
} satisfies Record<string, FilterField>;

/**
 * People and their histories (spec 02 §2.4, §2.5, §7): webhook/following, multimedia-history-list
 * and news-history-list. Another member's lists are open to their organisation only.
 */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  for (const path of ['/following', '/multimedia-history-list', '/news-history-list']) app.use(path, requireCaller(deps));

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

  // The history rows of video, audio and articles (content_access_history) are listed here once
  // those kinds of content are in the catalogue; until then every history is empty.
  app.get('/multimedia-history-list', async (c) => {
    const query = queryParams(c, multimediaHistoryQuerySchema);
    await visibleUserId(deps, c.get('caller').user, query.user_id);
    return c.json(listBody<MultimediaItem>({ rows: [], total: 0 }, query));
  });

  app.get('/news-history-list', async (c) => {
    const query = queryParams(c, newsHistoryQuerySchema);
    await visibleUserId(deps, c.get('caller').user, query.user_id);
    return c.json(listBody<NewsHistoryItem>({ rows: [], total: 0 }, query));
  });

  return app;
}
