import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from './settings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { log: () => {} });
});
afterAll(() => ctx.close());

async function signedIn(options: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(options);
  const res = await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
  expect(res.status).toBe(200);
  return { ...user, token: res.body.data.access_token as string, refresh: res.body.data.refresh_token as string };
}

const putProfile = (token: string, data: Record<string, unknown>) => ctx.request('PUT', '/auth/account', { token, body: { scope: 'profile', data } });

describe('auth/profile and PUT auth/account scope profile', () => {
  test('saves the profile fields and returns the profile with district names', async () => {
    const user = await signedIn();
    const res = await putProfile(user.token, { name: '  Dewi Lestari ', phone: '+62-812-555', district_id: '32.73.02', address: 'Jl. Dago', bio: 'Suka membaca', gender: 'perempuan' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Dewi Lestari', phone: '+62812555', district_name: 'Coblong', gender: 'F', bio: 'Suka membaca', has_password: true });
    const profile = await ctx.request('GET', '/auth/profile', { token: user.token });
    expect(profile.body.data.name).toBe('Dewi Lestari');
    const header = await ctx.request('GET', '/webhook/profile', { token: user.token });
    expect(header.body.data.name).toBe('Dewi Lestari');
  });

  test.each([
    ['L', 'M'],
    ['male', 'M'],
    ['laki-laki', 'M'],
    ['P', 'F'],
    ['female', 'F'],
    ['', null],
  ])('gender %s is stored as %s', async (given, stored) => {
    const user = await signedIn();
    const res = await putProfile(user.token, { gender: given });
    expect(res.body.data.gender).toBe(stored);
  });

  test('an empty bio or the text null is stored as no bio', async () => {
    const user = await signedIn();
    expect((await putProfile(user.token, { bio: 'null' })).body.data.bio).toBeNull();
    expect((await putProfile(user.token, { bio: '   ' })).body.data.bio).toBeNull();
  });

  test.each([
    [{ name: '' }, 'name_required'],
    [{ name: '@budi' }, 'name_symbol_start'],
    [{ name: 'Bu' }, 'name_too_short'],
    [{ phone: '08x2' }, 'phone_digits'],
    [{ phone: '08123456789012' }, 'phone_too_long'],
    [{ district_id: ' ' }, 'district_required'],
    [{ district_id: '11.01.99' }, 'invalid_district'],
    [{ gender: 'lainnya' }, 'invalid_gender'],
    [{}, 'nothing_to_update'],
  ])('%o is refused with %s', async (data, code) => {
    const user = await signedIn();
    const res = await putProfile(user.token, data);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(code);
  });

  test('a phone another account uses is phone_taken; one’s own is fine', async () => {
    const other = await signedIn();
    expect((await putProfile(other.token, { phone: '0813-777-1111' })).status).toBe(200);
    const user = await signedIn();
    const res = await putProfile(user.token, { phone: '08137771111' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'phone_taken', field: 'phone' });
    expect((await putProfile(other.token, { phone: '08137771111' })).status).toBe(200);
  });

  test('needs a verified session', async () => {
    expect((await putProfile('nope', { name: 'Siapa Saja' })).status).toBe(401);
    const unverified = await signedIn({ verified: false });
    expect((await putProfile(unverified.token, { name: 'Siapa Saja' })).status).toBe(403);
  });

  test('an unknown scope is invalid_scope', async () => {
    const user = await signedIn();
    const res = await ctx.request('PUT', '/auth/account', { token: user.token, body: { scope: 'email', data: {} } });
    expect(res.body.errors[0].code).toBe('invalid_scope');
  });
});

describe('PUT auth/account scope password', () => {
  const change = (token: string, old_password: string, new_password: string) =>
    ctx.request('PUT', '/auth/account', { token, body: { scope: 'password', data: { old_password, new_password } } });

  test('a wrong old password is wrong_old_password and changes nothing', async () => {
    const user = await signedIn();
    const res = await change(user.token, 'bukan-sandi-lama', 'sandi-baru-123');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'wrong_old_password', message: 'Wrong old password' });
    expect((await ctx.request('GET', '/auth/account', { token: user.token })).status).toBe(200);
  });

  test('a short new password is password_too_short', async () => {
    const user = await signedIn();
    expect((await change(user.token, user.password, 'pendek')).body.errors[0].code).toBe('password_too_short');
  });

  test('success revokes every session and its refresh tokens; only the new password signs in', async () => {
    const user = await signedIn();
    const other = (await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).body.data;
    const res = await change(user.token, user.password, 'sandi-baru-123');
    expect(res.status).toBe(200);
    for (const token of [user.token, other.access_token]) {
      expect((await ctx.request('GET', '/auth/account', { token })).status).toBe(401);
    }
    for (const refresh_token of [user.refresh, other.refresh_token]) {
      expect((await ctx.request('POST', '/auth/refresh-token', { body: { refresh_token } })).status).toBe(401);
    }
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE s.user_id = $1',
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect((await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await ctx.request('POST', '/auth/login', { body: { email: user.email, password: 'sandi-baru-123' } })).status).toBe(200);
  });

  test('webhook/check-account tells whether a password is the caller’s', async () => {
    const user = await signedIn();
    const right = await ctx.request('POST', '/webhook/check-account', { token: user.token, body: { password: user.password } });
    const wrong = await ctx.request('POST', '/webhook/check-account', { token: user.token, body: { password: 'salah' } });
    expect(right.body.data.valid).toBe(true);
    expect(wrong.body.data.valid).toBe(false);
  });
});

describe('sign-in rate limiting', () => {
  const login = (email: string, password: string, ip = '203.0.113.7') =>
    ctx.request('POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  test('five failures for one e-mail make the sixth attempt wait, even with the right password', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah-terus', `198.51.100.${i}`)).status).toBe(401);
    const blocked = await login(user.email, user.password, '198.51.100.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].code).toBe('too_many_attempts');
    // A short, growing delay rather than a lock-out (see server/accounts/rate-limit.ts).
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    ctx.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await login(user.email, user.password, '198.51.100.99')).status).toBe(200);
    } finally {
      ctx.setNow(null);
    }
  });

  test('an unknown e-mail is limited the same way, so the answer reveals nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await login('hantu@test.id', 'salah', `192.0.2.${i}`)).status).toBe(401);
    expect((await login('hantu@test.id', 'salah', '192.0.2.50')).status).toBe(429);
  });

  test('a successful sign-in clears the e-mail’s failures', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 4; i++) await login(user.email, 'salah', '198.18.0.1');
    expect((await login(user.email, user.password, '198.18.0.2')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'salah', '198.18.0.3')).status).toBe(401);
  });

  test('one address failing for many e-mails is refused once over its own limit', async () => {
    // Twenty by default (schools share addresses); a smaller limit keeps the test quick.
    const previous = overrideAccountSettings(ctx.deps, {}).loginFailuresPerIp;
    overrideAccountSettings(ctx.deps, { loginFailuresPerIp: 7 });
    try {
      const ip = '203.0.113.200';
      for (let i = 0; i < 7; i++) expect((await login(`orang${i}@test.id`, 'salah', ip)).status).toBe(401);
      const blocked = await login('orang-lain@test.id', 'salah', ip);
      expect(blocked.status).toBe(429);
      expect((await login('orang-lain@test.id', 'salah', '203.0.113.201')).status).toBe(401);
    } finally {
      overrideAccountSettings(ctx.deps, { loginFailuresPerIp: previous });
    }
  });

  test('wrong old passwords count too', async () => {
    const user = await signedIn();
    const change = () =>
      ctx.request('PUT', '/auth/account', { token: user.token, body: { scope: 'password', data: { old_password: 'salah', new_password: 'sandi-baru-123' } }, headers: { 'x-forwarded-for': '10.9.9.9' } });
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(400);
    const blocked = await change();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});
