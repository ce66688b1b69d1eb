import { Hono } from 'hono';
import { fcmTokenSchema, menuQuerySchema, type Profile } from '../../src/lib/shell/schema.ts';
import { savePushToken } from '../push/push.service.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { buildMenu } from './menu.ts';
import { findOrganization } from './shell.repository.ts';
import { profileQuerySchema } from '../../src/lib/people/schema.ts';
import { userProfile } from '../people/people.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/menu, webhook/profile, webhook/fcm-token. */
export function shellRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('/menu', requireCaller(deps));
  app.use('/profile', requireCaller(deps));
  app.use('/fcm-token', requireCaller(deps));

  app.get('/menu', (c) => {
    queryParams(c, menuQuerySchema);
    return c.json({ data: buildMenu(deps.config.features) });
  });

  app.get('/profile', async (c) => {
    const { user } = c.get('caller');
    // With user_id: that member's profile page (spec 02 §2.3), with the caller's follow of them.
    const { user_id } = queryParams(c, profileQuerySchema);
    if (user_id) return c.json({ data: await userProfile(deps, user, user_id) });
    const organization = await findOrganization(deps.db, user.organization_id);
    const profile: Profile = {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatar_url,
      greeting: user.greeting,
      organizations: organization ?? { id: user.organization_id, name: '', logo_url: null },
      role: { role_code: user.role_code },
    };
    return c.json({ data: profile });
  });

  app.patch('/fcm-token', async (c) => {
    const { fcm_token, lang } = await jsonBody(c, fcmTokenSchema);
    await savePushToken(deps, c.get('caller'), fcm_token, lang);
    return c.json({ data: { message: 'Saved.' } });
  });

  return app;
}
