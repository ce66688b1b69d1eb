import { Hono } from 'hono';
import { newsDetailQuerySchema, newsHistoryQuerySchema, newsListQuerySchema } from '../../src/lib/articles/schema.ts';
import { optionalCaller, requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { notFound } from '../http/errors.ts';
import { listBody } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { isOrganizationMember } from '../shelf/history.repository.ts';
import { listNews, listNewsCategories, listNewsHistory, toNewsItem } from './news.repository.ts';
import { openNews } from './news.service.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * Articles (spec 03 §7.1): webhook/news-list, news-category-list, news-detail, news-history-list
 * for signed-in people, public-news-detail and public-news-list (the sitemap) for anyone.
 */
export function newsRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const { db } = deps;
  for (const path of ['/news-list', '/news-category-list', '/news-detail', '/news-history-list']) app.use(path, requireCaller(deps));

  app.get('/news-list', async (c) => {
    const query = queryParams(c, newsListQuerySchema);
    const { user } = c.get('caller');
    const page = await listNews(db, {
      organizationId: user.organization_id,
      userId: user.id,
      epustakaId: query.epustaka_id,
      categoryId: query.category_id,
      q: query.q,
      limit: query.limit,
      offset: query.offset,
      now: deps.now(),
    });
    return c.json(listBody({ rows: page.rows.map(toNewsItem), total: page.total }, query));
  });

  app.get('/news-category-list', async (c) => {
    const lang = c.req.query('lang') === 'en' ? 'en' : 'id';
    const data = await listNewsCategories(db, c.get('caller').user.organization_id, lang);
    return c.json({ data, meta: { total: data.length, limit: data.length, offset: 0 } });
  });

  app.get('/news-detail', async (c) => {
    const query = queryParams(c, newsDetailQuerySchema);
    const { user } = c.get('caller');
    const data = await openNews(db, {
      newsId: query.news_id,
      epustakaId: query.epustaka_id ?? null,
      reader: { userId: user.id, organizationId: user.organization_id },
      organizationId: deps.config.organizationId,
      now: deps.now(),
    });
    return c.json({ data });
  });

  app.get('/public-news-detail', optionalCaller(deps), async (c) => {
    const query = queryParams(c, newsDetailQuerySchema);
    const data = await openNews(db, { newsId: query.news_id, epustakaId: null, reader: null, organizationId: deps.config.organizationId, now: deps.now() });
    return c.json({ data });
  });

  app.get('/public-news-list', async (c) => {
    const query = queryParams(c, newsListQuerySchema);
    const page = await listNews(db, {
      organizationId: deps.config.organizationId,
      userId: null,
      epustakaId: query.epustaka_id,
      publicOnly: true,
      limit: query.limit,
      offset: query.offset,
      now: deps.now(),
    });
    return c.json(listBody({ rows: page.rows.map(toNewsItem), total: page.total }, query));
  });

  app.get('/news-history-list', async (c) => {
    const query = queryParams(c, newsHistoryQuerySchema);
    const { user } = c.get('caller');
    const userId = query.user_id ?? user.id;
    if (userId !== user.id && !(await isOrganizationMember(db, userId, user.organization_id))) throw notFound('user_not_found', 'The user could not be found.');
    const page = await listNewsHistory(db, { userId, viewerId: user.id, q: query.q, limit: query.limit, offset: query.offset, now: deps.now() });
    return c.json(listBody(page, query));
  });

  return app;
}
