import { Hono } from 'hono';
import { bookHomeQuerySchema, publicHomeQuerySchema } from '../../src/lib/home/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { queryParams } from '../http/validate.ts';
import { findGreeting, listBanners, listPublicBookCards, listPublicLibraries } from './home.repository.ts';
import { bookHome } from './home.service.ts';
import { langOf } from '../accounts/messages.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/banners, book-home and greeting: the signed-in home page (spec 03 §2.2, §7.2); public-home: the visitors' front door. */
export function homeRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  // Banners show only while the logo-banner flag is on (spec 03 §9.2); otherwise the list is empty.
  app.get('/banners', auth, async (c) => {
    const org = c.get('caller').user.organization_id;
    const rows = deps.config.features.logoBanner ? await listBanners(deps.db, org, deps.now()) : [];
    return c.json({ data: rows, meta: { total: rows.length } });
  });

  app.get('/book-home', auth, async (c) => {
    const { limit } = queryParams(c, bookHomeQuerySchema);
    const caller = c.get('caller').user;
    return c.json({ data: await bookHome(deps, caller.id, caller.organization_id, limit) });
  });

  app.get('/greeting', auth, async (c) => {
    return c.json({ data: await findGreeting(deps.db, c.get('caller').user.organization_id, langOf(c.req.header('accept-language'))) });
  });

  // Anyone: what the product's public ePustakas offer, and a search of their books.
  app.get('/public-home', async (c) => {
    const { q } = queryParams(c, publicHomeQuerySchema);
    const organizationId = deps.config.organizationId;
    const [fresh, popular, libraries, results] = await Promise.all([
      listPublicBookCards(deps.db, { organizationId, sort: 'latest', limit: PUBLIC_ROW }),
      listPublicBookCards(deps.db, { organizationId, sort: 'popular', limit: PUBLIC_ROW }),
      listPublicLibraries(deps.db, organizationId, 6),
      q ? listPublicBookCards(deps.db, { organizationId, sort: 'latest', q, limit: PUBLIC_RESULTS }) : Promise.resolve(null),
    ]);
    return c.json({ data: { new: fresh, popular, libraries, results } });
  });

  return app;
}

/** Books per row and search results on the front door. */
const PUBLIC_ROW = 8;
const PUBLIC_RESULTS = 24;
