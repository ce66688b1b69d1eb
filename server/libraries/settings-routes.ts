import { Hono } from 'hono';
import { epustakaSettingsSchema } from '../../src/lib/libraries/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody } from '../http/validate.ts';
import { saveLibrarySettings } from './settings.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/epustaka-settings: what a library's owner sets for it (the loan limit per member). */
export function librarySettingsRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.put('/epustaka-settings', auth, async (c) => {
    const input = await jsonBody(c, epustakaSettingsSchema);
    const user = c.get('caller').user;
    const data = await saveLibrarySettings(deps, { id: user.id, organizationId: user.organization_id }, input);
    return c.json({ data, message: 'The settings have been saved.' });
  });

  return app;
}
