import { Hono } from 'hono';
import { feedRecommendationSchema, followerListQuerySchema, followSchema, unfollowSchema } from '../../src/lib/social/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody, parseFilter, type FilterField } from '../http/list-params.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { visibleUserId } from '../people/people.service.ts';
import { listFollowers } from './social.repository.ts';
import { follow, recommendBook, unfollow } from './social.service.ts';
import { limitWrite } from '../limits/write-limits.ts';
import type { ApiDeps } from '../deps.ts';

const FOLLOWER_FILTER_FIELDS = {
  name: { type: 'text', ops: ['eq', 'ilike'], aliases: ['u.name'] },
} satisfies Record<string, FilterField>;

/** webhook/user-follow (POST, DELETE), follower, feed (book recommendations). */
export function socialRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.post('/user-follow', auth, async (c) => {
    const { user_id } = await jsonBody(c, followSchema);
    await limitWrite(deps, c, 'follow');
    const { result, created } = await follow(deps, c.get('caller').user.id, user_id);
    return c.json({ data: result }, created ? 201 : 200);
  });

  app.delete('/user-follow', auth, async (c) => {
    const { id } = await jsonBody(c, unfollowSchema);
    return c.json({ data: await unfollow(deps, c.get('caller').user.id, id) });
  });

  app.get('/follower', auth, async (c) => {
    const query = queryParams(c, followerListQuerySchema);
    const viewerId = c.get('caller').user.id;
    // Another member's followers: within the caller's organisation only, like their profile.
    const userId = await visibleUserId(deps, c.get('caller').user, query.user_id);
    const byName = parseFilter(query.filter, FOLLOWER_FILTER_FIELDS);
    const page = await listFollowers(deps.db, {
      userId,
      viewerId,
      name: query.q ?? (byName[0]?.value as string | undefined),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(listBody(page, query));
  });

  app.post('/feed', auth, async (c) => {
    const input = await jsonBody(c, feedRecommendationSchema);
    await limitWrite(deps, c, 'recommend');
    const result = await recommendBook(deps, c.get('caller').user.id, input);
    return c.json({ data: result, message: result.message }, 201);
  });

  return app;
}
