import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { overrideAccountSettings } from '../accounts/settings.ts';
import { createApi } from '../app.ts';
import { MULTIPART_ROUTES } from '../http/request-guard.ts';

/*
 * Cross-site requests: every unsafe call with a foreign Origin is refused before any handler
 * runs, whatever its content type (the web server's own check is tested in src/lib/bff/origin.test.ts);
 * and the API takes bodies only as JSON (multipart only for uploads), so no cross-site form can be
 * read as a call.
 */

let ctx: TestContext;
let token: string;
let unsafeRoutes: { method: string; path: string }[];
const UUID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  overrideAccountSettings(ctx.deps, { log: () => {}, publicUrl: 'https://app.test' });
  const user = await ctx.createUser();
  token = (await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).body.data.access_token;
  // Every route the API has, read from the router itself, so a new route is covered the day it is added.
  const seen = new Set<string>();
  unsafeRoutes = createApi(ctx.deps)
    .routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[a-zA-Z]+/g, UUID).replace(/\*$/, 'book.pdf') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
});
afterAll(() => ctx.close());

async function send(method: string, path: string, headers: Record<string, string>, body: string | FormData | undefined) {
  const res = await createApi(ctx.deps).request(path, { method, headers: { authorization: `Bearer ${token}`, ...headers }, body });
  const text = await res.text();
  return { status: res.status, code: text.startsWith('{') ? (JSON.parse(text).errors?.[0]?.code as string | undefined) : undefined };
}

describe('a foreign Origin', () => {
  test('the API has the unsafe routes the spec lists', () => {
    const names = unsafeRoutes.map((r) => `${r.method} ${r.path}`);
    for (const expected of ['POST /auth/login', 'POST /webhook/borrow', 'PUT /auth/account', 'POST /storage/uploadobject', 'DELETE /webhook/book-queue']) {
      expect(names).toContain(expected);
    }
    expect(unsafeRoutes.length).toBeGreaterThan(25);
  });

  test.each([
    ['https://evil.example', 'application/json'],
    ['null', 'application/json'],
    ['https://app.test.evil.example', 'application/json'],
    ['http://app.test', 'application/json'],
    ['https://evil.example', 'text/plain'],
    ['https://evil.example', 'application/x-www-form-urlencoded'],
  ])('Origin %s with %s is 403 foreign_origin on every unsafe route', async (origin, type) => {
    for (const route of unsafeRoutes) {
      const res = await send(route.method, route.path, { origin, 'content-type': type }, '{}');
      expect({ route, ...res }).toEqual({ route, status: 403, code: 'foreign_origin' });
    }
  });

  test('a cross-site fetch without Origin is refused too', async () => {
    for (const route of unsafeRoutes) {
      const res = await send(route.method, route.path, { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, '{}');
      expect({ route, ...res }).toEqual({ route, status: 403, code: 'foreign_origin' });
    }
  });

  test('the app’s own origin, or none, reaches the handler', async () => {
    const own = await send('POST', '/webhook/borrow', { origin: 'https://app.test', 'content-type': 'application/json' }, JSON.stringify({ book_id: UUID }));
    expect(own.code).not.toBe('foreign_origin');
    expect(own.status).toBeLessThan(500);
    const none = await send('PUT', '/auth/account', { 'content-type': 'application/json' }, JSON.stringify({ scope: 'profile', data: { bio: 'halo' } }));
    expect(none.status).toBe(200);
  });
});

describe('request bodies', () => {
  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''])(
    'a JSON route refuses a body sent as %j with 415',
    async (type) => {
      for (const route of unsafeRoutes.filter((r) => !MULTIPART_ROUTES[r.path])) {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const res = await send(route.method, route.path, headers, '{"email":"a@b.id","password":"x"}');
        expect({ route, ...res }).toEqual({ route, status: 415, code: 'unsupported_media_type' });
      }
    },
  );

  test('JSON and JSON:API bodies are read', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']) {
      const res = await send('PUT', '/auth/account', { 'content-type': type }, JSON.stringify({ scope: 'profile', data: { bio: 'halo' } }));
      expect(res.status).toBe(200);
    }
  });

  test('the upload routes take only multipart', async () => {
    expect(Object.keys(MULTIPART_ROUTES).length).toBeGreaterThanOrEqual(5);
    for (const path of Object.keys(MULTIPART_ROUTES)) {
      expect(await send('POST', path, { 'content-type': 'application/json' }, '{}')).toEqual({ status: 415, code: 'unsupported_media_type' });
    }
    const form = new FormData();
    form.set('bucketName', 'images');
    const res = await send('POST', '/storage/uploadobject', {}, form);
    expect(res.code).not.toBe('unsupported_media_type');
  });

  test('a JSON body over the limit is 413, whether its length is declared or not', async () => {
    const big = JSON.stringify({ scope: 'profile', data: { bio: 'x'.repeat(300 * 1024) } });
    expect(await send('PUT', '/auth/account', { 'content-type': 'application/json' }, big)).toEqual({ status: 413, code: 'payload_too_large' });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await createApi(ctx.deps).request('/auth/account', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  test('an unknown method is 405 with Allow', async () => {
    const res = await createApi(ctx.deps).request('/webhook/menu', { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });
});
