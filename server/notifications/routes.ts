import { Hono } from 'hono';
import { notificationListQuerySchema, notificationReadSchema } from '../../src/lib/notifications/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { listForCaller, markRead } from './notifications.service.ts';
import type { ApiDeps } from '../deps.ts';

/** webhook/notifications (the caller's list, `meta.unread`) and webhook/notification (mark read). */
export function notificationRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/notifications', auth, async (c) => {
    const query = queryParams(c, notificationListQuerySchema);
    return c.json(await listForCaller(deps, c.get('caller').user.id, query));
  });

  app.put('/notification', auth, async (c) => {
    const { notification_id, lang } = await jsonBody(c, notificationReadSchema);
    return c.json({ data: await markRead(deps, c.get('caller').user.id, notification_id, lang) });
  });

  return app;
}
