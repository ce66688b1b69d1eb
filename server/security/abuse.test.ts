import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { emailDelaySeconds } from '../accounts/rate-limit.ts';
import * as password from '../auth/password.ts';

// Counts password hashes while keeping the real ones.
vi.mock('../auth/password.ts', async (original) => {
  const real = await original<typeof import('../auth/password.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { log: () => {} });
});
afterAll(() => ctx.close());

const login = (email: string, pass: string, ip: string, device?: string) =>
  ctx.request('POST', '/auth/login', { body: { email, password: pass }, headers: { 'x-forwarded-for': ip, ...(device ? { 'x-device-token': device } : {}) } });

describe('sign-in from a browser that signed in before', () => {
  test('gets a device token, and with it signs in while strangers keep failing for the e-mail', async () => {
    const user = await ctx.createUser();
    const first = await login(user.email, user.password, '198.51.100.10');
    expect(first.status).toBe(200);
    const device = first.headers.get('x-device-token')!;
    expect(device).toMatch(/^[\w-]{40,}$/);

    // Strangers, from everywhere, fail for the e-mail (the clock stands still meanwhile).
    ctx.setNow(new Date());
    try {
      for (let i = 0; i < 8; i++) await login(user.email, 'tebakan-salah', `203.0.113.${i + 1}`);
      const stranger = await login(user.email, user.password, '192.0.2.77');
      expect(stranger.status).toBe(429);

      const owner = await login(user.email, user.password, '198.51.100.11', device);
      expect(owner.status).toBe(200);
      // The same browser keeps the same token.
      expect(owner.headers.get('x-device-token')).toBe(device);
    } finally {
      ctx.setNow(null);
    }
  });

  test('a device token of another account is no help', async () => {
    const attacker = await ctx.createUser();
    const victim = await ctx.createUser();
    const own = (await login(attacker.email, attacker.password, '203.0.113.50')).headers.get('x-device-token')!;
    ctx.setNow(new Date());
    try {
      for (let i = 0; i < 6; i++) await login(victim.email, 'salah', '203.0.113.51', own);
      expect((await login(victim.email, victim.password, '203.0.113.51', own)).status).toBe(429);
    } finally {
      ctx.setNow(null);
    }
  });

  test('a trusted browser’s own failures do not slow the e-mail down for others', async () => {
    const user = await ctx.createUser();
    const device = (await login(user.email, user.password, '198.51.100.20')).headers.get('x-device-token')!;
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah', '198.51.100.20', device)).status).toBe(401);
    expect((await login(user.email, user.password, '198.51.100.21')).status).toBe(200);
  });

  test('a trusted browser that keeps failing loses its pass', async () => {
    const user = await ctx.createUser();
    const device = (await login(user.email, user.password, '198.51.100.30')).headers.get('x-device-token')!;
    // The clock stands still, so no delay runs out while the test works.
    ctx.setNow(new Date());
    try {
      for (let i = 0; i < 6; i++) await login(user.email, 'salah', '203.0.113.70');
      for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah', '198.51.100.30', device)).status).toBe(401);
      expect((await login(user.email, user.password, '198.51.100.30', device)).status).toBe(429);
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('the per-e-mail limit slows down instead of locking out', () => {
  test('the delay doubles from 2 s up to the ceiling', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 20].map((n) => emailDelaySeconds(n, 5, 60))).toEqual([0, 2, 4, 8, 16, 32, 60, 60]);
  });

  test('the right password gets through from a fresh address once the short delay has passed', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah', `203.0.113.${100 + i}`)).status).toBe(401);
    const waiting = await login(user.email, user.password, '192.0.2.200');
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(2);
    ctx.setNow(new Date(Date.now() + (retryAfter + 1) * 1000));
    try {
      expect((await login(user.email, user.password, '192.0.2.200')).status).toBe(200);
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('registration and the e-mail check are throttled per address', () => {
  test('e-mail checks past the allowance answer 429 with Retry-After; another address is unaffected', async () => {
    overrideAccountSettings(ctx.deps, { emailChecksPerIp: 3 });
    const check = (ip: string) => ctx.request('GET', '/auth/email-check?email=someone%40test.id', { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await check('203.0.113.150')).status).toBe(200);
    const refused = await check('203.0.113.150');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('too_many_attempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check('203.0.113.151')).status).toBe(200);
  });

  test('registrations past the allowance answer 429 before hashing a password', async () => {
    overrideAccountSettings(ctx.deps, { registrationsPerIp: 2 });
    const register = (n: number) =>
      ctx.request('POST', '/auth/register', {
        headers: { 'x-forwarded-for': '203.0.113.160' },
        body: {
          provider: 'local',
          data: { email: `daftar${n}.${Date.now()}@test.id`, password: 'sandi-rahasia', extras: { name: 'Pendaftar Uji', district_id: '32.73.01' } },
        },
      });
    // Well-formed attempts count whether or not they succeed.
    for (let i = 0; i < 2; i++) expect((await register(i)).status).toBe(201);
    vi.mocked(password.hashPassword).mockClear();
    const refused = await register(3);
    expect(refused.status).toBe(429);
    expect(password.hashPassword).not.toHaveBeenCalled();
  });
});

describe('auth/reset-password', () => {
  test('a bogus token is refused before any password hash is made', async () => {
    vi.mocked(password.hashPassword).mockClear();
    const res = await ctx.request('POST', '/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'sandi-baru-123' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_reset_token');
    expect(password.hashPassword).not.toHaveBeenCalled();
  });
});
