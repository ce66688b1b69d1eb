import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEFAULT_HASH_COST, hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  test('carry their cost, verify only the right password, and refuse what is not a hash', async () => {
    const hash = await hashPassword('kata-sandi-ku', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    // The stored hash's own cost counts, not the one configured now.
    expect(await verifyPassword('kata-sandi-ku', hash, 17)).toBe(true);
    expect(await verifyPassword('kata-sandi-kU', hash, 10)).toBe(false);
    expect(await verifyPassword('kata-sandi-ku', null, 10)).toBe(false);
    expect(await verifyPassword('kata-sandi-ku', 'bcrypt$whatever', 10)).toBe(false);
    // A damaged row asking for 2^40 is refused rather than tried.
    expect(await verifyPassword('kata-sandi-ku', hash.replace('scrypt$10$', 'scrypt$40$'), 10)).toBe(false);
    await expect(hashPassword('x', 9)).rejects.toThrow(RangeError);
  });

  test('PASSWORD_HASH_COST is 17 unless set, and a value out of range stops the start', () => {
    expect(DEFAULT_HASH_COST).toBe(17);
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '' }).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    for (const bad of ['9', '21', '12.5', 'tinggi']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST must be a whole number from 10 to 20/);
    }
  });
});

describe('the API hashes at the configured cost', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  test.each([
    // The environment a production server reads: no PASSWORD_HASH_COST, so N = 2^17.
    ['in production', { NODE_ENV: 'production' }, 17],
    ['with PASSWORD_HASH_COST=11', { PASSWORD_HASH_COST: '11' }, 11],
  ])('%s a password set through the API is hashed at that cost and signs in', async (_, env, cost) => {
    ctx.config.passwordHashCost = loadConfig(env).passwordHashCost;
    // Stored at a low cost, so only the change and the sign-in below pay the configured one.
    const email = `kuat${cost}@test.id`;
    const { rows: [user] } = await ctx.db.query<{ id: string }>(
      `INSERT INTO users (organization_id, email, password_hash, name, role_code, verified_at)
       VALUES ($1, $2, $3, 'Pengguna Kuat', 303, now()) RETURNING id`,
      [ctx.config.organizationId, email, await hashPassword('sandi-lama-123', 10)],
    );
    const token = (await ctx.request('POST', '/auth/login', { body: { email, password: 'sandi-lama-123' } })).body.data.access_token;
    const changed = await ctx.request('PUT', '/auth/account', { token, body: { scope: 'password', data: { old_password: 'sandi-lama-123', new_password: 'sandi-baru-123' } } });
    expect(changed.status).toBe(200);
    const { rows } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user!.id]);
    expect(rows[0]!.password_hash).toMatch(new RegExp(`^scrypt\\$${cost}\\$8\\$1\\$`));
    expect((await ctx.request('POST', '/auth/login', { body: { email, password: 'sandi-baru-123' } })).status).toBe(200);
  });
});
