import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir } from '../../src/lib/build/precompress.ts';
import { createWebServer } from './http-server.ts';
import { pickEncoding } from './static.ts';

describe('pickEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('the web server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  const css = `body{color:red}\n${'.a{margin:0}\n'.repeat(400)}`;
  const page = `<!doctype html><p>${'Halo dunia. '.repeat(400)}</p>`;
  let origin = '';
  let close = () => {};

  beforeAll(async () => {
    mkdirSync(join(dir, '_astro'), { recursive: true });
    writeFileSync(join(dir, '_astro', 'site.abc123.css'), css);
    writeFileSync(join(dir, '_astro', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'secret.txt'), 'x'.repeat(2000));
    // The build's precompressed copies, as the server finds them in dist/client.
    expect(await precompressDir(dir)).toBe(2);
    // Stands in for the Astro handler: a page, and a ranged answer.
    const server = createWebServer((req, res) => {
      if (req.url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page);
      } else {
        res.writeHead(req.headers.range ? 206 : 404, { 'content-type': 'text/plain' });
        res.end(page.slice(0, 2000));
      }
    }, dir);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A GET whose body is read as sent (fetch would decode it). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ res: { status: number; headers: { get(name: string): string | null } }; body: Buffer }>((resolve, reject) => {
      get(origin + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const header = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return value === undefined ? null : String(value);
          };
          resolve({ res: { status: res.statusCode ?? 0, headers: { get: header } }, body: Buffer.concat(chunks) });
        });
      }).on('error', reject);
    });

  test('serves a hashed asset from its brotli copy, cached for a year', async () => {
    const { res, body } = await raw('/_astro/site.abc123.css', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(body.length).toBeLessThan(css.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(css);
  });

  test('falls back to gzip, and leaves other paths and traversal attempts to the next handler', async () => {
    const gz = await raw('/_astro/site.abc123.css', { 'accept-encoding': 'gzip' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(css);
    const outside = await raw('/_astro/..%2F..%2Foutside.css', { 'accept-encoding': 'br' });
    expect(outside.res.status).toBe(404);
  });

  test('compresses a page on the fly, but not a range answer', async () => {
    const html = await raw('/page', { 'accept-encoding': 'br' });
    expect(html.res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(html.body).toString()).toBe(page);
    const ranged = await raw('/book', { 'accept-encoding': 'br', range: 'bytes=0-1999' });
    expect(ranged.res.status).toBe(206);
    expect(ranged.res.headers.get('content-encoding')).toBeNull();
    expect(ranged.body.length).toBe(2000);
  });
});
