import { Hono } from 'hono';
import { firstAdminQuerySchema, firstAdminSchema } from '../../src/lib/auth/first-admin-schema.ts';
import { createFirstAdmin, firstAdminLink } from './first-admin.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * auth/first-admin: GET says whether the one-time link printed at start still works; POST creates
 * the organisation's first administrator with it (see accounts/first-admin.ts). No session needed.
 */
export function firstAdminRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.get('/first-admin', async (c) => {
    const { token } = queryParams(c, firstAdminQuerySchema);
    return c.json({ data: await firstAdminLink(deps, token) });
  });
  app.post('/first-admin', async (c) => c.json({ data: await createFirstAdmin(deps, await jsonBody(c, firstAdminSchema)) }, 201));
  return app;
}
