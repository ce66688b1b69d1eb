import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { issueFirstAdminLink } from './first-admin.ts';
import { ROLE } from '../../src/lib/auth/schema.ts';

/*
 * A database started without the demo data has no account: the one-time link printed at start
 * creates the organisation's first administrator once, and nothing creates a second one.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const newLink = async () => (await issueFirstAdminLink(ctx.db, ctx.config, new Date(), 'https://perpustakaan.example.id'))!;
const admins = async () =>
  (await ctx.db.query<{ email: string; verified: boolean }>('SELECT email, verified_at IS NOT NULL AS verified FROM users WHERE organization_id = $1 AND role_code = $2', [ctx.config.organizationId, ROLE.admin])).rows;
const create = (token: string, email = 'admin@perpustakaan.id', password = 'kata-sandi-admin') =>
  ctx.request('POST', '/auth/first-admin', { body: { token, name: 'Ratna Wulandari', email, password } });

describe('auth/first-admin', () => {
  test('the printed link is on the public origin and names the organisation while no administrator exists', async () => {
    const link = await newLink();
    expect(link).toMatch(/^https:\/\/perpustakaan\.example\.id\/first-admin\?token=[\w-]{43}$/);
    const res = await ctx.request('GET', `/auth/first-admin?token=${tokenOf(link)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.organization_name).toBe('Test');
  });

  test('a link that was never made, or is malformed, does not work', async () => {
    expect((await ctx.request('GET', `/auth/first-admin?token=${'x'.repeat(43)}`)).body.errors[0].code).toBe('invalid_token');
    expect((await ctx.request('GET', '/auth/first-admin?token=short')).status).toBe(400);
    expect((await ctx.request('GET', '/auth/first-admin')).status).toBe(400);
    expect((await create('y'.repeat(43))).status).toBe(404);
  });

  test('bad input is refused with a coded answer, and the link still works afterwards', async () => {
    const token = tokenOf(await newLink());
    const short = await create(token, 'admin@perpustakaan.id', 'pendek');
    expect(short.status).toBe(400);
    expect(short.body.errors[0].code).toBe('password_too_short');
    const taken = await ctx.createUser({ email: 'sudah@perpustakaan.id' });
    const clash = await create(token, taken.email);
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].code).toBe('email_taken');
    expect((await ctx.request('GET', `/auth/first-admin?token=${token}`)).status).toBe(200);
    expect(await admins()).toEqual([]);
  });

  test('an expired link does not work', async () => {
    const link = (await issueFirstAdminLink(ctx.db, ctx.config, new Date(Date.now() - 25 * 3600_000), 'http://x'))!;
    expect((await ctx.request('GET', `/auth/first-admin?token=${tokenOf(link)}`)).status).toBe(404);
  });

  test('creates one verified administrator who signs in; the link then works no more, nor does any other', async () => {
    const first = tokenOf(await newLink());
    const second = tokenOf(await newLink());
    // Two links used at once: the organisation's row decides, one administrator is made.
    const [a, b] = await Promise.all([create(first, 'admin@perpustakaan.id'), create(second, 'kedua@perpustakaan.id')]);
    // The other is refused: it finds the administrator, or (started later) its link already gone.
    const [made1, refused] = a.status === 201 ? [a, b] : [b, a];
    expect(made1.status).toBe(201);
    expect(['administrator_exists', 'invalid_token']).toContain(refused.body.errors[0].code);
    expect(await admins()).toHaveLength(1);
    const made = (await admins())[0]!;
    expect(made.verified).toBe(true);
    const login = await ctx.request('POST', '/auth/login', { body: { email: made.email, password: 'kata-sandi-admin' } });
    expect(login.status).toBe(200);

    const again = await create(a.status === 201 ? first : second, 'lagi@perpustakaan.id');
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('invalid_token');
    expect(await admins()).toHaveLength(1);
    // Once an administrator exists, no new link is made.
    expect(await issueFirstAdminLink(ctx.db, ctx.config, new Date())).toBeNull();
  });
});
