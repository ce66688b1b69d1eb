import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function login(email: string, password: string, extra: Record<string, unknown> = {}) {
  return ctx.request('POST', '/auth/login', { body: { email, password, ...extra } });
}

describe('auth/login', () => {
  test('signs in with the right password and returns a token pair', async () => {
    const user = await ctx.createUser();
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.access_token.split('.')).toHaveLength(3);
    expect(res.body.data.refresh_token.length).toBeGreaterThan(30);
    expect(res.body.data.organization_id).toBe(ctx.config.organizationId);
    expect(res.body.data.verified).toBe(true);
    expect(res.body.data.expired_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00$/);
  });

  test('matches the e-mail case-insensitively', async () => {
    const user = await ctx.createUser({ email: 'Campur.Huruf@Test.id' });
    const res = await login('  CAMPUR.huruf@test.ID ', user.password);
    expect(res.status).toBe(200);
  });

  test('access tokens expire within 15 minutes', async () => {
    const user = await ctx.createUser();
    const { body } = await login(user.email, user.password);
    const payload = JSON.parse(Buffer.from(body.data.access_token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(15 * 60);
    expect(payload.exp - payload.iat).toBeGreaterThan(60);
  });

  test('a wrong password and an unknown e-mail answer alike with invalid_password', async () => {
    const user = await ctx.createUser();
    const wrong = await login(user.email, 'salah-sekali');
    const unknown = await login('tidak.ada@test.id', 'salah-sekali');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('invalid_password');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  test('a malformed e-mail is invalid_email (400)', async () => {
    const res = await login('bukan-email', 'apa saja');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_email');
  });

  test('a missing password is a coded 400', async () => {
    const res = await ctx.request('POST', '/auth/login', { body: { email: 'a@test.id' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBeTruthy();
  });

  test('a body that is not JSON is invalid_json', async () => {
    const res = await ctx.request('POST', '/auth/login', { headers: {}, body: undefined });
    expect(res.status).toBe(400);
    const raw = await ctx.deps.db.query('SELECT 1');
    expect(raw.rows).toHaveLength(1);
  });

  test('a deactivated account is refused with deactivated_account', async () => {
    const user = await ctx.createUser();
    await ctx.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [user.id]);
    const res = await login(user.email, user.password);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('deactivated_account');
  });

  test('an unverified account signs in with verified false and cannot use verified-only calls', async () => {
    const user = await ctx.createUser({ verified: false });
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.verified).toBe(false);
    const menu = await ctx.request('GET', '/webhook/menu?platform=web', { token: res.body.data.access_token });
    expect(menu.status).toBe(403);
    expect(menu.body.errors[0].code).toBe('unverified_account');
    const account = await ctx.request('GET', '/auth/account', { token: res.body.data.access_token });
    expect(account.status).toBe(200);
    expect(account.body.data.verified).toBe(false);
  });

  test('an organization_id other than the account’s is rejected', async () => {
    const user = await ctx.createUser();
    const res = await login(user.email, user.password, { organization_id: '11111111-2222-4333-8444-555555555555' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('invalid_account');
    const ok = await login(user.email, user.password, { organization_id: ctx.config.organizationId });
    expect(ok.status).toBe(200);
  });

  test('an account of another organisation reports that organisation', async () => {
    const other = '99999999-8888-4777-8666-555555555555';
    const user = await ctx.createUser({ organizationId: other });
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.organization_id).toBe(other);
  });
});

describe('auth/refresh-token', () => {
  test('rotates: the new pair works and differs from the old one', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.password)).body.data;
    const res = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } });
    expect(res.status).toBe(200);
    expect(res.body.data.refresh_token).not.toBe(first.refresh_token);
    const account = await ctx.request('GET', '/auth/account', { token: res.body.data.access_token });
    expect(account.status).toBe(200);
    expect(account.body.data.email).toBe(user.email);
  });

  test('a token replayed within the grace window still refreshes (two tabs)', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.password)).body.data;
    const [a, b] = await Promise.all([
      ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } }),
      ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const check = await ctx.request('GET', '/auth/account', { token: b.body.data.access_token });
    expect(check.status).toBe(200);
  });

  test('replaying a used token after the grace window revokes the whole session', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.password)).body.data;
    const second = (await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } })).body.data;
    ctx.setNow(new Date(Date.now() + 60_000));
    try {
      const replay = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } });
      expect(replay.status).toBe(401);
      expect(replay.body.errors[0].code).toBe('refresh_token_reused');
      // The legitimate holder's newer tokens are dead too.
      const next = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: second.refresh_token } });
      expect(next.status).toBe(401);
      const account = await ctx.request('GET', '/auth/account', { token: second.access_token });
      expect(account.status).toBe(401);
      expect(account.body.errors[0].code).toBe('session_revoked');
    } finally {
      ctx.setNow(null);
    }
  });

  test('an unknown refresh token is invalid_refresh_token', async () => {
    const res = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('invalid_refresh_token');
  });

  test('an expired refresh token is refused', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.password)).body.data;
    ctx.setNow(new Date(Date.now() + 31 * 24 * 3600 * 1000));
    try {
      const res = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: first.refresh_token } });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('refresh_token_expired');
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('auth/logout', () => {
  test('makes the access and the refresh token unusable at once', async () => {
    const user = await ctx.createUser();
    const pair = (await login(user.email, user.password)).body.data;
    await ctx.request('PATCH', '/webhook/fcm-token', { token: pair.access_token, body: { fcm_token: 'push-123' } });
    const out = await ctx.request('POST', '/auth/logout', { token: pair.access_token, body: {} });
    expect(out.status).toBe(200);
    const account = await ctx.request('GET', '/auth/account', { token: pair.access_token });
    expect(account.status).toBe(401);
    const refreshed = await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token: pair.refresh_token } });
    expect(refreshed.status).toBe(401);
    const { rows } = await ctx.db.query<{ fcm_token: string | null }>('SELECT fcm_token FROM sessions WHERE user_id = $1', [user.id]);
    expect(rows[0]!.fcm_token).toBeNull();
  });

  test('ends only its own session', async () => {
    const user = await ctx.createUser();
    const a = (await login(user.email, user.password)).body.data;
    const b = (await login(user.email, user.password)).body.data;
    await ctx.request('POST', '/auth/logout', { token: a.access_token, body: {} });
    expect((await ctx.request('GET', '/auth/account', { token: b.access_token })).status).toBe(200);
  });
});

describe('authentication of calls', () => {
  test('no token, a forged token and an expired token are 401 with distinct codes', async () => {
    const none = await ctx.request('GET', '/webhook/profile');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('missing_token');
    const forged = await ctx.request('GET', '/webhook/profile', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA' });
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].code).toBe('invalid_token');
    const user = await ctx.createUser();
    ctx.setNow(new Date(Date.now() - 16 * 60 * 1000));
    const old = (await login(user.email, user.password)).body.data;
    ctx.setNow(null);
    const expired = await ctx.request('GET', '/webhook/profile', { token: old.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].code).toBe('token_expired');
  });
});
