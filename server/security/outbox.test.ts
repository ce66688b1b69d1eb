import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTestContext, type TestContext } from '../test/context.ts';
import { loadAccountSettings, overrideAccountSettings } from '../accounts/settings.ts';
import { forwardedChain, isLocalClient, isLoopbackAddress, isOutboxPath } from '../http/local-client.ts';
import { refuseAtTheDoor } from '../web/door.ts';
import { createApi } from '../app.ts';

/*
 * The development outbox holds every mailed link (verification, password reset): whoever reads
 * it can take over any account. It answers only a client on this machine, never through a
 * forwarded request, only by the server's own loopback name (a page whose DNS name was rebound
 * to 127.0.0.1 names its own host) and only with the secret made at start; it is off in
 * production mode unless turned on.
 */

let ctx: TestContext;
let key = '';
/** The secret, as the web server forwards it. */
const withKey = (headers: Record<string, string> = {}) => ({ headers: { 'x-outbox-key': key, ...headers } });
beforeAll(async () => {
  ctx = await createTestContext();
  key = overrideAccountSettings(ctx.deps, { log: () => {}, outboxApi: true }).outboxKey;
  await ctx.db.query("INSERT INTO mail_outbox (recipient, subject, kind, text_body, links, raw) VALUES ('korban@test.id', 'Reset', 'reset_password', 'x', '{https://app/reset?token=rahasia}', 'x')");
});
afterAll(() => ctx.close());

const outbox = '/webhook/dev-outbox?to=korban%40test.id';

/** A request to the API as it arrives straight from a socket on port 8787 (npm run api), with the secret unless told. */
async function fromSocket(remoteAddress: string, headers: Record<string, string> = {}) {
  const app = createApi(ctx.deps);
  return app.request(outbox, { headers: { host: '127.0.0.1:8787', 'x-outbox-key': key, ...headers } }, { incoming: { socket: { remoteAddress, localPort: 8787 } } });
}

describe('GET webhook/dev-outbox', () => {
  test('answers a client on this machine, through the web server or straight', async () => {
    const viaWeb = await ctx.request('GET', outbox, withKey({ 'x-forwarded-for': '127.0.0.1' }));
    expect(viaWeb.status).toBe(200);
    expect(viaWeb.body.data[0].links[0]).toContain('rahasia');
    expect((await fromSocket('::1')).status).toBe(200);
    expect((await fromSocket('::ffff:127.0.0.1')).status).toBe(200);
  });

  test.each(['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:198.51.100.4', '2001:db8::1', 'unknown'])('is 404 from %s through the web server', async (address) => {
    const res = await ctx.request('GET', outbox, withKey({ 'x-forwarded-for': address }));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('rahasia');
  });

  test('is 404 from a non-loopback socket', async () => {
    expect((await fromSocket('203.0.113.9')).status).toBe(404);
    expect((await fromSocket('192.168.0.2')).status).toBe(404);
  });

  test('is 404 through a forwarded request, whatever the hops claim', async () => {
    // A reverse proxy on this machine connects from loopback on behalf of someone else.
    expect((await fromSocket('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    expect((await fromSocket('127.0.0.1', { forwarded: 'for=203.0.113.9' })).status).toBe(404);
    expect((await fromSocket('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).status).toBe(404);
    // Through the web server: the client's claim comes first, the connection last.
    const chained = forwardedChain('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' });
    expect((await ctx.request('GET', outbox, withKey({ 'x-forwarded-for': chained }))).status).toBe(404);
    expect((await ctx.request('GET', outbox, withKey({ 'x-forwarded-for': forwardedChain('127.0.0.1', { 'x-real-ip': '1.2.3.4' }) }))).status).toBe(404);
  });

  test('is 404 to a request with no known address', async () => {
    expect((await ctx.request('GET', outbox, withKey())).status).toBe(404);
  });

  test('is 404 without the secret made at start, or with another', async () => {
    expect((await ctx.request('GET', outbox, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
    expect((await ctx.request('GET', outbox, { headers: { 'x-forwarded-for': '127.0.0.1', 'x-outbox-key': key.slice(1) } })).status).toBe(404);
    expect((await ctx.request('GET', outbox, { headers: { 'x-forwarded-for': '127.0.0.1', 'x-outbox-key': `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` } })).status).toBe(404);
    expect((await fromSocket('127.0.0.1', { 'x-outbox-key': '' })).status).toBe(404);
    // Every start makes its own.
    expect(loadAccountSettings('/tmp', false, {}).outboxKey).not.toBe(loadAccountSettings('/tmp', false, {}).outboxKey);
  });

  test('is 404 straight from a socket to any host but its own loopback name and port', async () => {
    expect((await fromSocket('127.0.0.1', { host: 'localhost:8787' })).status).toBe(200);
    expect((await fromSocket('127.0.0.1', { host: '[::1]:8787' })).status).toBe(200);
    for (const host of ['evil.example:8787', 'evil.example', 'localhost:4321', '127.0.0.1']) {
      const res = await fromSocket('127.0.0.1', { host });
      expect(res.status, host).toBe(404);
      expect(await res.text()).not.toContain('rahasia');
    }
  });

  test('is off in production mode unless OUTBOX_API turns it on', () => {
    expect(loadAccountSettings('/tmp', true, {}).outboxApi).toBe(false);
    expect(loadAccountSettings('/tmp', true, { OUTBOX_API: 'true' }).outboxApi).toBe(true);
    expect(loadAccountSettings('/tmp', false, {}).outboxApi).toBe(true);
  });

  test('is 404 when turned off, even from this machine', async () => {
    overrideAccountSettings(ctx.deps, { outboxApi: false });
    try {
      expect((await ctx.request('GET', outbox, withKey({ 'x-forwarded-for': '127.0.0.1' }))).status).toBe(404);
    } finally {
      overrideAccountSettings(ctx.deps, { outboxApi: true });
    }
  });
});

describe('the web server in front of the outbox page and API', () => {
  /** A request on the web server's port 4321, by its loopback name unless `headers` names another host. */
  function call(path: string, remoteAddress: string, headers: Record<string, string> = {}) {
    const res = { status: 0, body: '', writeHead(status: number) { this.status = status; return this; }, end(body?: string) { this.body = body ?? ''; } };
    const req = { method: 'GET', url: path, headers: { host: 'localhost:4321', ...headers }, socket: { remoteAddress, localPort: 4321 }, resume() {} };
    const answered = refuseAtTheDoor(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    return { answered, status: res.status };
  }

  test.each(['/dev/outbox', '/webhook/dev-outbox?to=a%40b.id', '/dev/outbox/', '/DEV/OUTBOX', '/dev%2Foutbox', '//webhook//dev-outbox', '/webhook/dev%2Doutbox'])(
    '%s is 404 from a non-loopback client and through a proxy',
    (path) => {
      expect(call(path, '203.0.113.9')).toEqual({ answered: true, status: 404 });
      expect(call(path, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toEqual({ answered: true, status: 404 });
      expect(call(path, '127.0.0.1')).toEqual({ answered: false, status: 0 });
    },
  );

  test.each(['evil.example:4321', 'evil.example', 'localhost:4322', 'perpustakaan.example.id', '127.0.0.1.evil.example:4321'])(
    'the outbox is 404 to this machine asking by the host %s',
    (host) => {
      expect(call('/dev/outbox', '127.0.0.1', { host })).toEqual({ answered: true, status: 404 });
      expect(call('/webhook/dev-outbox', '::1', { host })).toEqual({ answered: true, status: 404 });
    },
  );

  test('the outbox passes by each loopback name on the server\'s own port', () => {
    for (const host of ['localhost:4321', '127.0.0.1:4321', '[::1]:4321']) expect(call('/dev/outbox', '127.0.0.1', { host }).answered).toBe(false);
  });

  test('other pages pass whoever asks', () => {
    expect(call('/books', '203.0.113.9').answered).toBe(false);
  });

  test('what counts as this machine', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', '::', '::ffff:10.0.0.1', '', 'localhost'].some(isLoopbackAddress)).toBe(false);
    expect(isLocalClient('127.0.0.1', { via: '1.1 proxy' })).toBe(false);
    expect(isOutboxPath('/dev/outbox')).toBe(true);
    expect(isOutboxPath('/dev/outboxes')).toBe(false);
  });
});
