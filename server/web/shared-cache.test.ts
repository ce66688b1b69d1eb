import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWebServer } from './http-server.ts';

const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';

describe('the shared cache for signed-out visitors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cache-'));
  let clock = 1_000_000;
  let rendered = 0;
  let origin = '';
  let close = () => {};

  beforeAll(async () => {
    // Stands in for the Astro app: what each path answers, and a count of renders.
    const server = createWebServer((req, res) => {
      rendered++;
      const url = new URL(req.url!, 'http://x');
      const lang = /langActive=en/.test(req.headers.cookie ?? '') ? 'en' : 'id';
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': PUBLIC, 'content-security-policy': "default-src 'self'", vary: 'Cookie' };
      if (url.pathname === '/by-agent') headers.vary = 'User-Agent';
      if (url.pathname === '/private') headers['cache-control'] = 'private, no-store';
      if (url.pathname === '/cookie') headers['set-cookie'] = 'a=b';
      if (url.pathname === '/missing') {
        res.writeHead(404, headers);
        res.end('no');
        return;
      }
      res.writeHead(200, headers);
      res.write(`<p>${lang} ${url.pathname} render ${rendered}</p>`);
      res.end('x'.repeat(3000));
    }, dir, { now: () => clock, maxAgeSeconds: 30 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(origin + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  const text = async (path: string, headers: Record<string, string> = {}) => (await fetchRaw(path, headers)).body.toString().slice(0, 40);

  test('a public page is rendered once and then answered from the cache, headers included', async () => {
    const before = rendered;
    const first = await text('/book/1');
    const second = await fetchRaw('/book/1');
    expect(rendered - before).toBe(1);
    expect(second.body.toString().slice(0, 40)).toBe(first);
    expect(second.headers['cache-control']).toBe(PUBLIC);
    expect(second.headers['content-security-policy']).toBe("default-src 'self'");
    expect(second.headers.age).toBe('0');
    expect(second.headers.vary).toBe('Cookie, Accept-Encoding');
  });

  test('a cached page goes out compressed for a browser that takes brotli', async () => {
    await text('/book/2');
    const res = await fetchRaw('/book/2', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('/book/2 render');
  });

  test('keeps languages apart and never answers a signed-in visitor', async () => {
    expect(await text('/book/3', { cookie: 'langActive=en' })).toContain('<p>en /book/3');
    expect(await text('/book/3')).toContain('<p>id /book/3');
    const before = rendered;
    await text('/book/3', { cookie: 'ewAccessToken=abc; langActive=en' });
    await text('/book/3', { cookie: 'ewRefreshToken=abc' });
    expect(rendered - before).toBe(2);
  });

  test("keeps the site's host names apart, and refuses any other host before the cache or a page", async () => {
    const port = new URL(origin).port;
    await text('/book/6', { host: `127.0.0.1:${port}` });
    const before = rendered;
    await text('/book/6', { host: `localhost:${port}` });
    await text('/book/6', { host: `localhost:${port}` });
    expect(rendered - before).toBe(1);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, 'localhost.evil.example', 'bad host']) {
      const refused = await fetchRaw('/book/6', { host });
      expect(refused.status).toBe(421);
      expect(JSON.parse(refused.body.toString()).errors[0].code).toBe('unknown_host');
    }
    expect(rendered - before).toBe(1);
  });

  test('keeps answers over HTTPS (as a proxy reports it) apart from plain HTTP ones', async () => {
    await text('/book/5');
    const before = rendered;
    await text('/book/5', { 'x-forwarded-proto': 'https' });
    await text('/book/5', { 'x-forwarded-proto': 'https' });
    expect(rendered - before).toBe(1);
  });

  test('does not keep private answers, answers that set a cookie or vary on other headers, or errors', async () => {
    for (const path of ['/private', '/cookie', '/missing', '/by-agent']) {
      const before = rendered;
      await text(path);
      await text(path);
      expect(rendered - before).toBe(2);
    }
  });

  test('renders again once the entry is older than the cap', async () => {
    await text('/book/4');
    const before = rendered;
    clock += 29_000;
    await text('/book/4');
    expect(rendered - before).toBe(0);
    clock += 2_000;
    expect(await text('/book/4')).toContain(`render ${before + 1}`);
  });
});
