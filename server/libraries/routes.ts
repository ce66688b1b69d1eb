import { Hono } from 'hono';
import { epustakaDetailQuerySchema, epustakaListQuerySchema } from '../../src/lib/libraries/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { listBody } from '../http/list-params.ts';
import { queryParams } from '../http/validate.ts';
import { listLibraries, listLibrarySitemap } from './libraries.repository.ts';
import { getLibraryDetail, getPublicLibraryDetail } from './libraries.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/epustaka-list, epustaka-detail, and the public public-epustaka-detail and public-epustaka-sitemap. */
export function libraryRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/epustaka-list', auth, async (c) => {
    const query = queryParams(c, epustakaListQuerySchema);
    const user = c.get('caller').user;
    const page = await listLibraries(deps.db, {
      organizationId: user.organization_id,
      viewerId: user.id,
      q: query.q,
      managedBy: query.managed ? user.id : undefined,
      limit: query.limit,
      offset: query.offset,
      now: deps.now(),
    });
    return c.json(listBody(page, query));
  });

  app.get('/epustaka-detail', auth, async (c) => {
    const { epustaka_id } = queryParams(c, epustakaDetailQuerySchema);
    const user = c.get('caller').user;
    return c.json({ data: await getLibraryDetail(deps, { id: user.id, organizationId: user.organization_id }, epustaka_id) });
  });

  app.get('/public-epustaka-detail', async (c) => {
    const { epustaka_id } = queryParams(c, epustakaDetailQuerySchema);
    return c.json({ data: await getPublicLibraryDetail(deps, epustaka_id) });
  });

  app.get('/public-epustaka-sitemap', async (c) => {
    const rows = await listLibrarySitemap(deps.db, deps.config.organizationId);
    return c.json(listBody({ rows, total: rows.length }, { limit: rows.length, offset: 0 }));
  });

  return app;
}
