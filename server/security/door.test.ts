import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { createWebServer } from '../web/http-server.ts';
import { guardServer, MAX_BODY_BYTES, MAX_INGEST_BODY_BYTES, MAX_URL_LENGTH, refuseAtTheDoor } from '../web/door.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

/*
 * Statuses at the door of both Node servers (the product's web server and `npm run api`):
 * requests no route could answer well get a coded answer, never a 500 or a reset connection.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(origin: string, method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin + path, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (options.body) req.end(options.body);
    else req.end();
  });
}

/** Sends `text` over a plain socket and returns everything the server answers. */
function socketRequest(origin: string, text: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

const servers: Server[] = [];
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let web = '';
let api = '';
let ctx: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'door-'));

beforeAll(async () => {
  // The web server, with a stand-in for the Astro handler that would turn TRACE into a 500.
  web = await listen(
    createWebServer((req, res) => {
      new Request(`http://x${req.url}`, { method: req.method });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }, dir, false),
  );
  // The API on its own, as server/api-main.ts serves it.
  ctx = await createTestContext();
  const listener = getRequestListener((await import('../app.ts')).createApi(ctx.deps).fetch);
  api = await listen(guardServer(createServer((req, res) => void (refuseAtTheDoor(req, res) || listener(req, res)))));
});
afterAll(async () => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

describe.each([
  ['the web server', () => web],
  ['the API on its own', () => api],
])('%s', (_name, origin) => {
  test.each(['TRACE', 'PROPFIND', 'MKCOL'])('%s is 405 with Allow', async (method) => {
    const res = await raw(origin(), method, '/webhook/menu');
    expect(res.status).toBe(405);
    expect(String(res.headers.allow)).toContain('GET');
    expect(JSON.parse(res.body).errors[0].code).toBe('method_not_allowed');
  });

  test.each([
    ['TRACK /webhook/menu', 405],
    ['FOO /webhook/menu', 405],
    ['CONNECT 127.0.0.1:1', 405],
    ['GET /\x01bad', 400],
  ])('%s (which Node parses on its own) is %i with a coded body', async (line, status) => {
    const reply = await socketRequest(origin(), `${line.replace('\\x01', '\x01')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(reply).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(reply).toMatch(/"errors":\[\{"code":"[a-z_]+"/);
  });

  test('an over-long address is 414, over-long headers 431', async () => {
    const long = await raw(origin(), 'GET', `/webhook/book-list?q=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body).errors[0].code).toBe('uri_too_long');
    const headers = await raw(origin(), 'GET', '/webhook/menu', { headers: { 'x-filler': 'a'.repeat(20_000) } });
    expect(headers.status).toBe(431);
  });

  test('a body over the limit is answered 413, not dropped', async () => {
    const res = await raw(origin(), 'POST', '/auth/login', {
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) },
      body: Buffer.alloc(64 * 1024, 0x20),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).errors[0].code).toBe('payload_too_large');
  });
});

test('storage/ingest may carry a video larger than any other body, and no more', async () => {
  const headers = (length: number) => ({ 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) });
  const passes = (length: number) => {
    const req = { method: 'POST', url: '/storage/ingest', headers: headers(length), socket: { remoteAddress: '127.0.0.1' }, resume() {} };
    return !refuseAtTheDoor(req as unknown as IncomingMessage, { writeHead() {}, end() {} } as unknown as ServerResponse);
  };
  expect(passes(MAX_BODY_BYTES + 1)).toBe(true);
  expect(passes(MAX_INGEST_BODY_BYTES)).toBe(true);
  const over = await raw(web, 'POST', '/storage/ingest', { headers: headers(MAX_INGEST_BODY_BYTES + 1), body: Buffer.alloc(1024) });
  expect(over.status).toBe(413);
  expect(JSON.parse(over.body).errors[0].code).toBe('payload_too_large');
});

test('the API answers an oversized JSON body with 413 over a real connection', async () => {
  const body = Buffer.from(JSON.stringify({ email: 'a@b.id', password: 'x'.repeat(400 * 1024) }));
  const res = await raw(api, 'POST', '/auth/login', { headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body });
  expect(res.status).toBe(413);
});

test('the API reads a JSON body over a real connection, of a declared length or chunked', async () => {
  const user = await ctx.createUser();
  const body = Buffer.from(JSON.stringify({ email: user.email, password: user.password }));
  const declared = await raw(api, 'POST', '/auth/login', { headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body });
  expect(declared.status).toBe(200);
  const chunked = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 10));
    req.end(body.subarray(10));
  });
  expect(chunked).toBe(200);
});
