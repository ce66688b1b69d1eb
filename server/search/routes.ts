import { Hono } from 'hono';
import {
  searchBookQuerySchema,
  searchMultimediaQuerySchema,
  searchUserQuerySchema,
  suggestedFriendsQuerySchema,
} from '../../src/lib/people/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody, parseFilter, parseSort, type FilterField } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { listSuggestedFriends, searchBooks, searchMedia, searchUsers } from '../people/search.repository.ts';
import type { ApiDeps } from '../deps.ts';

const SUGGESTED_FILTER_FIELDS = {
  name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['u.name'] },
} satisfies Record<string, FilterField>;

const SUGGESTED_SORTS: Record<string, 'relevance' | 'name'> = { 'u.name': 'name', name: 'name', abjad: 'name' };

const empty = { rows: [], total: 0 };

/**
 * Search (spec 02 §2.1, §7 "Search and people"): webhook/search-book, search-multimedia,
 * search-user and suggested-friends. A blank query finds nothing.
 */
export function searchRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  for (const path of ['/search-book', '/search-multimedia', '/search-user', '/suggested-friends']) app.use(path, requireCaller(deps));

  app.get('/search-book', async (c) => {
    const query = queryParams(c, searchBookQuerySchema);
    const viewer = c.get('caller').user;
    const page = query.q ? await searchBooks(deps.db, { q: query.q, viewerId: viewer.id, limit: query.limit, offset: query.offset, now: deps.now() }) : empty;
    return c.json(listBody(page, query));
  });

  // Videos or audio of the caller's organisation held by an ePustaka, by title.
  app.get('/search-multimedia', async (c) => {
    const query = queryParams(c, searchMultimediaQuerySchema);
    const { user } = c.get('caller');
    const page = query.q
      ? await searchMedia(deps.db, {
          q: query.q,
          type: query.type,
          viewerId: user.id,
          organizationId: user.organization_id,
          limit: query.limit,
          offset: query.offset,
          now: deps.now(),
        })
      : empty;
    return c.json(listBody(page, query));
  });

  app.get('/search-user', async (c) => {
    const query = queryParams(c, searchUserQuerySchema);
    const { user } = c.get('caller');
    const page = query.q
      ? await searchUsers(deps.db, { q: query.q, viewerId: user.id, organizationId: user.organization_id, limit: query.limit, offset: query.offset })
      : empty;
    return c.json(listBody(page, query));
  });

  app.get('/suggested-friends', async (c) => {
    const query = queryParams(c, suggestedFriendsQuerySchema);
    const { user } = c.get('caller');
    const byName = parseFilter(query.filter, SUGGESTED_FILTER_FIELDS);
    const sort = parseSort(query.sort, SUGGESTED_SORTS, 'relevance');
    const page = await listSuggestedFriends(deps.db, {
      viewerId: user.id,
      organizationId: user.organization_id,
      name: query.q ?? (byName[0]?.value as string | undefined),
      byName: sort === 'name',
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(listBody(page, query));
  });

  return app;
}
