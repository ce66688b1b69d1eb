import { Hono } from 'hono';
import { epustakaFeedListQuerySchema, feedDetailQuerySchema, feedListQuerySchema, likeSchema, postDeleteSchema, postingSchema } from '../../src/lib/feed/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { notFound } from '../http/errors.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { existingUserIds } from '../libraries/epustaka.repository.ts';
import { feedDetail, feedPage, setLike } from './feed.service.ts';
import { createPost, deletePost } from './posting.service.ts';
import { registerFeedComments } from './comment-target.ts';
import { limitWrite } from '../limits/write-limits.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/feeds, epustaka-feeds, feed-detail, like (POST, DELETE) and posting (POST, DELETE). */
export function feedRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);
  registerFeedComments();

  app.get('/feeds', auth, async (c) => {
    const query = queryParams(c, feedListQuerySchema);
    const viewerId = c.get('caller').user.id;
    if (query.user_id && query.user_id !== viewerId && (await existingUserIds(deps.db, [query.user_id])).size === 0) {
      throw notFound('user_not_found', 'The user could not be found.');
    }
    const scope = query.user_id ? { kind: 'user' as const, userId: query.user_id } : { kind: 'timeline' as const };
    return c.json(await feedPage(deps, viewerId, scope, query));
  });

  app.get('/epustaka-feeds', auth, async (c) => {
    const query = queryParams(c, epustakaFeedListQuerySchema);
    return c.json(await feedPage(deps, c.get('caller').user.id, { kind: 'epustaka', epustakaId: query.epustaka_id }, query));
  });

  app.get('/feed-detail', auth, async (c) => {
    const { id } = queryParams(c, feedDetailQuerySchema);
    return c.json({ data: await feedDetail(deps, c.get('caller').user.id, id) });
  });

  app.post('/like', auth, async (c) => {
    const input = await jsonBody(c, likeSchema);
    await limitWrite(deps, c, 'like');
    return c.json({ data: await setLike(deps, c.get('caller').user.id, input.object_id, true) });
  });

  app.delete('/like', auth, async (c) => {
    const input = await jsonBody(c, likeSchema);
    return c.json({ data: await setLike(deps, c.get('caller').user.id, input.object_id, false) });
  });

  app.post('/posting', auth, async (c) => {
    const input = await jsonBody(c, postingSchema);
    await limitWrite(deps, c, 'post');
    return c.json({ data: await createPost(deps, c.get('caller').user.id, input) }, 201);
  });

  app.delete('/posting', auth, async (c) => {
    const { id } = await jsonBody(c, postDeleteSchema);
    await deletePost(deps, c.get('caller').user.id, id);
    return c.json({ data: { id, deleted: true } });
  });

  return app;
}
