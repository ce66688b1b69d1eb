import { Hono } from 'hono';
import { loginSchema, logoutSchema, refreshSchema, type Account } from '../../src/lib/auth/schema.ts';
import * as auth from './service.ts';
import type { UserRow } from './repository.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';

/** auth/login, auth/refresh-token, auth/logout, auth/account. */
export function authRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();

  app.post('/login', async (c) => {
    const input = await jsonBody(c, loginSchema);
    return c.json({ data: await auth.login(deps, input, c.req.header('user-agent') ?? null) });
  });

  app.post('/refresh-token', async (c) => {
    const { refresh_token } = await jsonBody(c, refreshSchema);
    return c.json({ data: await auth.refresh(deps, refresh_token) });
  });

  app.post('/logout', requireCaller(deps, { allowUnverified: true }), async (c) => {
    await jsonBody(c, logoutSchema);
    await auth.logout(deps, c.get('caller').sessionId);
    return c.json({ data: { message: 'Signed out.' } });
  });

  app.get('/account', requireCaller(deps, { allowUnverified: true }), (c) => c.json({ data: toAccount(c.get('caller').user) }));

  return app;
}

/** Maps a user row to the account the API shows its owner. */
export function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    verified: user.verified_at !== null,
    organization_id: user.organization_id,
    role_code: user.role_code,
    phone: user.phone,
    address: user.address,
    district_id: user.district_id,
    bio: user.bio,
    gender: user.gender,
    avatar_url: user.avatar_url,
  };
}
