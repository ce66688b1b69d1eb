import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { loadConfig } from '../config.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ features: { ...loadConfig({}).features, bookDonation: false } });
  const user = await ctx.createUser({ name: 'Sekar Ayu' });
  token = (await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).body.data.access_token;
});
afterAll(() => ctx.close());

describe('webhook/menu', () => {
  test('returns groups holding android_menu lists, without donation while the flag is off', async () => {
    const res = await ctx.request('GET', '/webhook/menu?platform=web', { token });
    expect(res.status).toBe(200);
    const ids = res.body.data.flatMap((g: { android_menu: { id: string }[] }) => g.android_menu.map((e) => e.id));
    expect(ids).toEqual(expect.arrayContaining(['shelf', 'friendship', 'help', 'membership']));
    expect(ids).not.toContain('donation');
    // The souvenir shop is no donation: it stays.
    expect(ids).toContain('souvenir');
  });

  test('lists donation when the book-donation flag is on', async () => {
    const flagged = await createTestContext({
      features: { ...ctx.config.features, bookDonation: true },
    });
    try {
      const user = await flagged.createUser();
      const t = (await flagged.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).body.data.access_token;
      const res = await flagged.request('GET', '/webhook/menu?platform=web', { token: t });
      const ids = res.body.data.flatMap((g: { android_menu: { id: string }[] }) => g.android_menu.map((e) => e.id));
      expect(ids).toContain('donation');
    } finally {
      await flagged.close();
    }
  });

  test('rejects an unknown platform with a coded 400', async () => {
    const res = await ctx.request('GET', '/webhook/menu?platform=toaster', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_input');
  });
});

describe('webhook/profile', () => {
  test('returns the caller with organisation and role', async () => {
    const res = await ctx.request('GET', '/webhook/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Sekar Ayu');
    expect(res.body.data.organizations.id).toBe(ctx.config.organizationId);
    expect(res.body.data.role.role_code).toBe(303);
  });
});

describe('webhook/fcm-token', () => {
  test('stores the push token on the caller’s session', async () => {
    const res = await ctx.request('PATCH', '/webhook/fcm-token', { token, body: { fcm_token: 'abc-push' } });
    expect(res.status).toBe(200);
    const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE fcm_token = 'abc-push'");
    expect(rows[0]!.n).toBe(1);
  });

  test('rejects an empty token', async () => {
    const res = await ctx.request('PATCH', '/webhook/fcm-token', { token, body: { fcm_token: '  ' } });
    expect(res.status).toBe(400);
  });
});

describe('unknown endpoints', () => {
  test('answer a coded 404', async () => {
    const res = await ctx.request('GET', '/webhook/nothing-here', { token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('not_found');
  });
});
