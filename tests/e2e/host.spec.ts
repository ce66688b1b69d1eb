import { request as httpRequest } from 'node:http';
import { expect, test } from 'playwright/test';
import { demoUsers, signIn } from './support/auth.ts';

/*
 * The public pages, sitemaps and robots.txt are kept in the shared cache and carry absolute URLs
 * (canonical, og:url, og:image, hreflang, JSON-LD, sitemap locations). A request naming another
 * host is refused before any page or the cache runs, and the URLs come from the configured public
 * origin (here the address scripts/e2e-server.sh listens on), never from the Host: one forged
 * request must not point the next visitor's page at another site.
 */

const PORT = Number(process.env.E2E_PORT ?? 4399);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** A GET to the server under test with any Host, which the browser's request API would not send. */
function get(path: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, headers: { host, 'accept-language': 'id' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The first location in a sitemap whose path matches `pattern`. */
async function firstLoc(sitemap: string, pattern: RegExp): Promise<string> {
  const { body } = await get(sitemap, `127.0.0.1:${PORT}`);
  const path = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => pattern.test(p));
  expect(path, `a ${pattern} in ${sitemap}`).toBeTruthy();
  return path!;
}

test('every cached public route refuses a foreign Host and keeps only the configured origin in its URLs', async ({ page }) => {
  test.setTimeout(180_000);
  // A QR code of a book, made by the librarian (the demo has none of its own).
  await signIn(page, demoUsers.pustakawan);
  const listed = (await (await page.request.get('/webhook/book-list', { params: { limit: 1, sort: 'catalog_title' } })).json()).data[0] as { id: string; catalog_title: string };
  const targets = (await (await page.request.get('/webhook/qr-targets', { params: { q: listed.catalog_title } })).json()).data as { type: string; id: string }[];
  const made = await page.request.post('/webhook/qr-code', { data: { target_type: 'BOOK', target_id: targets.find((t) => t.type === 'BOOK' && t.id === listed.id)!.id } });
  expect(made.status(), await made.text()).toBe(201);
  const qr = (await made.json()).data.id as string;

  const routes = [
    '/',
    '/books',
    await firstLoc('/sitemap-books-1.xml', /^\/book\//),
    await firstLoc('/sitemap-epustaka.xml', /^\/epustaka\//),
    `/qr/${qr}`,
    await firstLoc('/sitemap-content.xml', /^\/article\//),
    await firstLoc('/sitemap-content.xml', /^\/video\//),
    await firstLoc('/sitemap-content.xml', /^\/audio\//),
    '/help',
    /\/help\/doc\/[a-z-]+/.exec((await get('/help', `127.0.0.1:${PORT}`)).body)![0],
    '/robots.txt',
    '/sitemap.xml',
    '/sitemap-books-1.xml',
    '/sitemap-epustaka.xml',
    '/sitemap-content.xml',
    '/sitemap-pages.xml',
  ];
  const probe = Date.now().toString(36);
  for (const route of routes) {
    // A query of its own, so the cache holds nothing for this address yet.
    const path = `${route}${route.includes('?') ? '&' : '?'}probe=${probe}`;
    for (const host of ['evil.example', `evil.example:${PORT}`, `localhost.evil.example:${PORT}`]) {
      const refused = await get(path, host);
      expect(refused.status, `${route} for ${host}`).toBe(421);
      expect(refused.body).not.toContain('evil.example');
    }
    const ordinary = await get(path, `127.0.0.1:${PORT}`);
    expect(ordinary.status, route).toBe(200);
    expect(String(ordinary.headers['cache-control']), `${route} is a shared-cache route`).toContain('s-maxage');
    expect(ordinary.body, route).not.toContain('evil.example');
    expect(ordinary.body, route).toContain(`${ORIGIN}/`);

    // Another of the machine's own names is answered, with the configured origin all the same.
    const alias = await get(`${path}&alias=1`, `localhost:${PORT}`);
    expect(alias.status, route).toBe(200);
    expect(alias.body, route).not.toContain(`localhost:${PORT}`);
    expect(alias.body, route).toContain(`${ORIGIN}/`);
  }
  await page.request.delete('/webhook/qr-code', { data: { id: qr } });
});
