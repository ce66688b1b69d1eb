import { Hono } from 'hono';
import { normalizePreferences, readingPreferencesSchema } from '../../src/lib/reader/preferences-schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody } from '../http/validate.ts';
import { findPreferences, savePreferences } from './preferences.repository.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * webhook/reading-preferences: the caller's reading comfort. GET answers the defaults until the
 * reader has chosen anything; PUT replaces the whole set.
 */
export function readingPreferencesRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('/reading-preferences', requireCaller(deps));

  app.get('/reading-preferences', async (c) => {
    const { user } = c.get('caller');
    return c.json({ data: normalizePreferences(await findPreferences(deps.db, user.id)) });
  });

  app.put('/reading-preferences', async (c) => {
    const { user } = c.get('caller');
    const settings = await jsonBody(c, readingPreferencesSchema);
    await savePreferences(deps.db, user.id, settings);
    return c.json({ data: settings });
  });

  return app;
}
