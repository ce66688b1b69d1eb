import { Hono } from 'hono';
import { pushTokenRemoveSchema } from '../../src/lib/push/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody } from '../http/validate.ts';
import { removeSubscription, vapidKeys } from './push.service.ts';
import type { ApiDeps } from '../deps.ts';

/**
 * DELETE webhook/fcm-token removes one of the signed-in user's Web Push subscriptions (PATCH, which
 * stores them, is the shell's push-token call, spec 01 §7.1); webhook/push-key answers the public
 * VAPID key the browser subscribes with.
 */
export function pushRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/push-key', async (c) => {
    const keys = await vapidKeys(deps);
    return c.json({ data: { public_key: keys.publicKey } });
  });

  app.delete('/fcm-token', auth, async (c) => {
    const { endpoint } = await jsonBody(c, pushTokenRemoveSchema);
    return c.json({ data: await removeSubscription(deps, c.get('caller').user.id, endpoint) });
  });

  return app;
}
