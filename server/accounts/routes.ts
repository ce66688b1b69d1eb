import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { accountUpdateSchema, checkAccountSchema } from '../../src/lib/account/schema.ts';
import * as accounts from './service.ts';
import { listOutbox } from './outbox.ts';
import { TooManyAttemptsError, tooManyAttemptsResponse } from './rate-limit.ts';
import { accountSettings } from './settings.ts';
import { notFound } from '../http/errors.ts';
import { isLocalApiCaller } from '../http/local-client.ts';
import { isOwnLoopbackHost } from '../http/public-origin.ts';
import { isOutboxKey, OUTBOX_KEY_HEADER } from './outbox-key.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { requestMeta } from './register-routes.ts';

/** auth/profile (GET) and auth/account (PUT, scope profile or password), for the signed-in user. */
export function accountRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.onError((error, c) => {
    if (error instanceof TooManyAttemptsError) return tooManyAttemptsResponse(c, error);
    throw error;
  });

  app.get('/profile', requireCaller(deps), async (c) => c.json({ data: await accounts.profileOf(deps, c.get('caller').user.id) }));

  app.put('/account', requireCaller(deps), async (c) => {
    const input = await jsonBody(c, accountUpdateSchema);
    const caller = c.get('caller');
    if (input.scope === 'password') {
      return c.json({ data: await accounts.changePassword(deps, caller, input.data.old_password, input.data.new_password, requestMeta(c)) });
    }
    return c.json({ data: await accounts.updateProfile(deps, caller, input.data) });
  });

  return app;
}

const outboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number({ error: 'invalid_limit' }).int().min(1, { error: 'invalid_limit' }).max(200, { error: 'invalid_limit' }).default(50),
});

/** webhook/check-account (password check) and webhook/dev-outbox (development outbox). */
export function accountWebhookRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.onError((error, c) => {
    if (error instanceof TooManyAttemptsError) return tooManyAttemptsResponse(c, error);
    throw error;
  });

  app.post('/check-account', requireCaller(deps), async (c) => {
    const { password } = await jsonBody(c, checkAccountSchema);
    return c.json({ data: await accounts.checkAccount(deps, c.get('caller'), password, requestMeta(c)) });
  });

  // Only to a client on this machine that names the server by its loopback name and knows the
  // secret made at start, and in production mode only with OUTBOX_API=true.
  app.get('/dev-outbox', async (c) => {
    const settings = accountSettings(deps);
    if (!settings.outboxApi || !isLocalApiCaller(c) || !calledByOwnName(c) || !isOutboxKey(c.req.header(OUTBOX_KEY_HEADER), settings.outboxKey)) {
      throw notFound('not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
    }
    const { to, limit } = queryParams(c, outboxQuery);
    return c.json({ data: await listOutbox(deps.db, { to, limit }) });
  });

  return app;
}

/**
 * Straight from a socket (`npm run api`), the Host must be a loopback name on the port the call
 * came in on; through the web server (no socket here) its door has checked the same.
 */
function calledByOwnName(c: Context): boolean {
  const incoming = (c.env as { incoming?: { socket?: { localPort?: number; encrypted?: boolean } } } | undefined)?.incoming;
  if (!incoming) return true;
  return isOwnLoopbackHost(c.req.header('host'), incoming.socket?.localPort, Boolean(incoming.socket?.encrypted));
}
