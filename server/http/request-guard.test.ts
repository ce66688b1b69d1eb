import { describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { MAX_JSON_BYTES, requestGuard } from './request-guard.ts';
import { respondToError } from './errors.ts';

/*
 * How the front door reads a body that comes straight from a socket (@hono/node-server passes the
 * socket's request as env.incoming): at once, into Hono's body cache, without the fetch Request and
 * web stream that reading c.req.raw.body builds. The request below stands for one from a socket:
 * its stream may not be read.
 */

class SocketRequest extends Request {
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    throw new Error('the body was read as a web stream');
  }
}

function api() {
  const app = new Hono();
  app.onError(respondToError);
  app.use(requestGuard(() => []));
  app.post('/text', async (c) => c.json({ text: await c.req.text() }));
  app.post('/json', async (c) => c.json({ json: await c.req.json() }));
  app.post('/bytes', async (c) => c.json({ length: (await c.req.arrayBuffer()).byteLength }));
  return app;
}

function fromSocket(path: string, body: Uint8Array<ArrayBuffer> | string, type = 'application/json') {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const request = new SocketRequest(`http://api.test${path}`, {
    method: 'POST',
    headers: { 'content-type': type, 'content-length': String(bytes.byteLength) },
    body: bytes,
  });
  return api().request(request, undefined, { incoming: {} });
}

describe('a body of a declared length from a socket', () => {
  test('is read at once, and each handler reads it as text, JSON or bytes', async () => {
    const body = JSON.stringify({ order_id: 'INV-1', note: 'Rp50.000 — lunas' });
    expect(await (await fromSocket('/text', body)).json()).toEqual({ text: body });
    expect(await (await fromSocket('/json', body)).json()).toEqual({ json: JSON.parse(body) });
    expect(await (await fromSocket('/bytes', body)).json()).toEqual({ length: new TextEncoder().encode(body).byteLength });
  });

  test('is still refused when it is not UTF-8, not JSON or too large', async () => {
    const notUtf8 = await fromSocket('/text', new Uint8Array([0x7b, 0xff, 0x7d]));
    expect([notUtf8.status, ((await notUtf8.json()) as { errors: { code: string }[] }).errors[0]!.code]).toEqual([400, 'invalid_characters']);
    const form = await fromSocket('/text', 'a=1', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    const large = await fromSocket('/text', JSON.stringify({ bio: 'x'.repeat(MAX_JSON_BYTES) }));
    expect(large.status).toBe(413);
  });
});
