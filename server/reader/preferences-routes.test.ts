import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEFAULT_READING_PREFERENCES } from '../../src/lib/reader/preferences-schema.ts';

let ctx: TestContext;
let token: string;
let otherToken: string;
let otherId: string;

async function signIn(user: { email: string; password: string }): Promise<string> {
  const res = await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
  return res.body.data.access_token as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  token = await signIn(await ctx.createUser());
  const other = await ctx.createUser();
  otherId = other.id;
  otherToken = await signIn(other);
});
afterAll(() => ctx.close());

const chosen = { font_size: 130, font_family: 'serif', line_height: 1.6, margin: 'wide', theme: 'sepia', pdf_flow: 'paged' } as const;

describe('webhook/reading-preferences', () => {
  test('needs a signed-in reader', async () => {
    expect((await ctx.request('GET', '/webhook/reading-preferences')).status).toBe(401);
    expect((await ctx.request('PUT', '/webhook/reading-preferences', { body: chosen })).status).toBe(401);
  });

  test('answers the defaults until something is chosen, then what was chosen, to that reader only', async () => {
    const first = await ctx.request('GET', '/webhook/reading-preferences', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual(DEFAULT_READING_PREFERENCES);
    const saved = await ctx.request('PUT', '/webhook/reading-preferences', { token, body: chosen });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(chosen);
    expect((await ctx.request('GET', '/webhook/reading-preferences', { token })).body.data).toEqual(chosen);
    expect((await ctx.request('GET', '/webhook/reading-preferences', { token: otherToken })).body.data).toEqual(DEFAULT_READING_PREFERENCES);
    const changed = { ...chosen, font_size: 90, theme: 'dark' };
    await ctx.request('PUT', '/webhook/reading-preferences', { token, body: changed });
    expect((await ctx.request('GET', '/webhook/reading-preferences', { token })).body.data).toEqual(changed);
  });

  test.each([
    ['a size out of range', { ...chosen, font_size: 500 }],
    ['an unknown theme', { ...chosen, theme: 'neon' }],
    ['an unknown field', { ...chosen, colour: 'red' }],
    ['a missing field', { font_size: 120 }],
    ['line spacing below 1', { ...chosen, line_height: 0.5 }],
  ])('refuses %s with a coded 400 and keeps what was saved', async (_name, body) => {
    const before = (await ctx.request('GET', '/webhook/reading-preferences', { token })).body.data;
    const res = await ctx.request('PUT', '/webhook/reading-preferences', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toMatch(/^[a-z_]+$/);
    expect((await ctx.request('GET', '/webhook/reading-preferences', { token })).body.data).toEqual(before);
  });

  test('a stored set with a field no longer valid reads back with that field at its default', async () => {
    await ctx.db.query('INSERT INTO reading_preferences (user_id, settings) VALUES ($1, $2)', [otherId, JSON.stringify({ ...chosen, theme: 'neon' })]);
    const res = await ctx.request('GET', '/webhook/reading-preferences', { token: otherToken });
    expect(res.body.data).toEqual({ ...chosen, theme: DEFAULT_READING_PREFERENCES.theme });
  });
});
