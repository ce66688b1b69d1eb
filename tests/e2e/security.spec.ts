import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { demoPassword, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { outboxFor, outboxHeaders } from './support/users.ts';

/*
 * The XSS payload list (server/security/payloads/xss.txt) typed into the review, reply and
 * profile forms of the real app in Chromium. A hook installed before any page script fails the
 * test if anything a payload carries runs: alert, confirm, prompt and print are recorded, and
 * so is every script the content security policy had to block (a payload that became markup).
 * Each form takes the list in a few submissions of several payloads, one a line.
 */

const PAYLOADS = readFileSync(new URL('../../server/security/payloads/xss.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('# '));

/** The payloads in groups whose text (one payload a line) stays within `max` characters. */
function chunks(max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const payload of PAYLOADS) {
    const next = current ? `${current}\n${payload}` : payload;
    if (next.length > max && current) {
      out.push(current);
      current = payload.slice(0, max);
    } else current = next.slice(0, max);
  }
  if (current) out.push(current);
  return out;
}

/** Records anything a payload manages to run; read back with {@link fired}. */
async function installHook(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[] } & Record<string, unknown>;
    w.__xss = [];
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (...args: unknown[]) => {
        w.__xss.push(`${name}(${args.map(String).join(',')}) at ${location.pathname}`);
        return name === 'confirm' ? false : null;
      };
    }
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.violatedDirective.startsWith('script-src')) w.__xss.push(`blocked ${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  page.on('dialog', (dialog) => void dialog.dismiss());
}

async function fired(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __xss: string[] }).__xss);
}

async function apiJson<T>(request: APIRequestContext, path: string, params?: Record<string, string>): Promise<T> {
  const response = await request.get(path, { params });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new, verified student, signed in. */
async function newStudent(page: Page): Promise<{ id: string; email: string }> {
  const email = `xss-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  const register = await page.request.post('/auth/register', {
    data: { provider: 'local', data: { email, password: demoPassword, extras: { name: 'Penguji Keamanan', district_id: '11.01.01' } } },
  });
  expect(register.status(), await register.text()).toBe(201);
  const outbox = await outboxFor(page.request, email);
  const token = new URL(outbox[0]!.links[0]!).searchParams.get('token');
  expect((await page.request.post('/auth/verify-email', { data: { token } })).ok()).toBe(true);
  await signIn(page, email);
  const profile = await apiJson<{ data: { id: string } }>(page.request, '/webhook/profile');
  return { id: profile.data.id, email };
}

test('the XSS list through the review, reply and profile forms runs nothing', async ({ page }) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(20_000);
  await installHook(page);
  const me = await newStudent(page);

  // The hook is armed: a direct call and an injected handler (blocked by the policy) are both caught.
  await open(page, '/setting');
  await page.evaluate(() => {
    window.alert('uji');
    document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg?x" onload="alert(2)" onerror="alert(2)">');
  });
  await expect.poll(async () => (await fired(page)).join(' | ')).toMatch(/^alert\(uji\).*\| blocked script-src/);
  await page.evaluate(() => ((window as unknown as { __xss: string[] }).__xss.length = 0));

  // An open book of a public ePustaka, borrowed so that it may be reviewed.
  const books = await apiJson<{ data: { id: string; using_drm: boolean }[] }>(page.request, '/webhook/book-list', { limit: '100', sort: 'catalog_title' });
  let borrowed: string | null = null;
  for (const book of books.data.filter((b) => !b.using_drm)) {
    const holdings = await apiJson<{ data: { id: string; epustaka_isprivate?: boolean }[] }>(page.request, '/webhook/epustaka-borrow', { book_id: book.id });
    for (const holding of holdings.data) {
      // Joining a public ePustaka is immediate; a private one waits for approval and lends nothing.
      await page.request.post('/webhook/join-epustaka-member', { data: { epustaka_id: holding.id, user_ids: [me.id] } });
      const res = await page.request.post('/webhook/borrow', { data: { book_id: book.id, epustaka_id: holding.id, user_id: me.id } });
      if (res.ok()) {
        borrowed = book.id;
        break;
      }
    }
    if (borrowed) break;
  }
  expect(borrowed, 'an open book the new student can borrow').toBeTruthy();

  // Reviews: the first group is written in the review form, the rest replace it through its edit.
  await open(page, `/book/${borrowed}`);
  const [first, ...rest] = chunks(1500);
  await page.getByRole('link', { name: 'Ulas', exact: true }).click();
  const form = page.locator('#review-form');
  await expect(form.getByRole('heading', { name: 'Tulis ulasan' })).toBeVisible();
  await hydrated(page);
  await form.getByRole('radio', { name: '4 bintang, Bagus' }).check({ force: true });
  // Shown only once the form's island runs, so the text below reaches its state.
  await expect(form.getByText('4,0 · Bagus')).toBeVisible();
  await form.getByLabel('Isi ulasan').fill(first!);
  await form.getByRole('button', { name: 'Simpan ulasan' }).click();
  await expect(page.getByText('Ulasan berhasil disimpan.')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Ulasan pembaca' });
  const mine = reviews.getByRole('article').filter({ hasText: first!.split('\n')[0]! }).first();
  await expect(mine).toBeVisible();
  const own = reviews.getByRole('article', { name: 'Ulasan oleh Penguji Keamanan' }).first();
  for (const text of rest) {
    await own.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await own.getByLabel('Ubah komentar').fill(text);
    await own.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(reviews.getByRole('article').filter({ hasText: text.split('\n')[0]! }).first()).toBeVisible();
  }
  expect(await fired(page)).toEqual([]);

  // Replies to the review.
  for (const text of chunks(1500)) {
    await own.getByRole('button', { name: 'Balas', exact: true }).first().click();
    await own.getByLabel('Isi balasan').fill(text);
    await own.getByRole('button', { name: 'Kirim', exact: true }).click();
    await expect(page.getByText('Balasan terkirim.').first()).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('list', { name: 'Ulasan pembaca' })).toBeVisible();
  const shown = page.getByRole('list', { name: 'Ulasan pembaca' }).getByRole('article').first();
  await shown.getByRole('button', { name: /^Lihat \d+ balasan$/ }).first().click();
  await expect(shown.getByRole('list', { name: 'Balasan' }).getByRole('article').first()).toBeVisible();
  expect(await fired(page)).toEqual([]);

  // Profile: name (it must start with a letter), bio and address, saved and shown again.
  for (const text of chunks(300)) {
    await open(page, '/setting?tab=edit');
    const name = `A ${text.replace(/\n/g, ' ')}`.slice(0, 100);
    await page.getByLabel('Nama', { exact: true }).fill(name);
    await page.getByLabel('Bio').fill(text);
    await page.getByLabel('Alamat').fill(text);
    await page.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.getByText('Profil berhasil disimpan.').first()).toBeVisible();
    // The identity tab shows what was saved as text.
    await open(page, '/setting');
    await expect(page.getByRole('tabpanel').locator('[data-field="bio"]')).toContainText(text.split('\n')[0]!.trim());
    expect(await fired(page)).toEqual([]);
  }
  // The name as others see it, beside the review.
  await open(page, `/book/${borrowed}#tab-review`);
  await expect(page.getByRole('list', { name: 'Ulasan pembaca' })).toBeVisible();
  expect(await fired(page)).toEqual([]);
});

/** The status of a POST that announces a body of `length` bytes and sends none of it. */
function announcedBody(url: URL, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': String(length) } }, (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

test('the running product refuses at the door what no page or call could answer well', async ({ request }) => {
  // Unknown methods: 405, not the 500 a web Request would make of them.
  const trace = await request.fetch('/books', { method: 'TRACE' });
  expect(trace.status()).toBe(405);
  // A page past the end of the sitemap does not exist.
  expect((await request.get('/sitemap-books-999999.xml')).status()).toBe(404);
  expect((await request.get('/sitemap-books-1.xml')).status()).toBe(200);
  // The outbox through a proxy, as a page or as JSON, even with its secret.
  for (const path of ['/dev/outbox', '/webhook/dev-outbox']) {
    expect((await request.get(path, { headers: { 'x-forwarded-for': '203.0.113.9', ...outboxHeaders() } })).status()).toBe(404);
    expect((await request.get(path, { headers: { forwarded: 'for=203.0.113.9', ...outboxHeaders() } })).status()).toBe(404);
  }
  expect((await request.get('/webhook/dev-outbox', { headers: outboxHeaders() })).status()).toBe(200);
  // Without the secret printed at start, or with another, the outbox is not there; the printed
  // link opens the page and keeps the secret in a cookie of the page, out of the address.
  const key = outboxHeaders()['x-outbox-key']!;
  expect((await request.get('/webhook/dev-outbox')).status()).toBe(404);
  expect((await request.get('/webhook/dev-outbox', { headers: { 'x-outbox-key': `${key}x` } })).status()).toBe(404);
  expect((await request.get('/dev/outbox')).status()).toBe(404);
  expect((await request.get(`/dev/outbox?key=${key}x`)).status()).toBe(404);
  const opened = await request.get(`/dev/outbox?key=${key}`);
  expect(opened.status()).toBe(200);
  expect(new URL(opened.url()).search).toBe('');
  expect((await request.get('/dev/outbox?to=siswa%40demo.id')).status()).toBe(200);
  // A foreign Origin on a JSON call, and a JSON call sent as a form, through the web server.
  const foreign = await request.post('/auth/login', { headers: { origin: 'https://evil.example' }, data: { email: 'siswa@demo.id', password: demoPassword } });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).errors[0].code).toBe('foreign_origin');
  const own = new URL(trace.url()).origin;
  const asText = await request.post('/auth/reset-password-ticket', { headers: { origin: own, 'content-type': 'text/plain' }, data: '{"email":"siswa@demo.id"}' });
  expect(asText.status()).toBe(415);
  // Bodies over the limits are answered, not dropped.
  const big = await request.post('/auth/reset-password-ticket', { headers: { 'content-type': 'application/json' }, data: JSON.stringify({ email: 'x'.repeat(300 * 1024) }) });
  expect(big.status()).toBe(413);
  // A body announced over the upload limit is answered before it is sent (the server closes the
  // connection after its answer, so a client still writing the body may see the close instead).
  expect(await announcedBody(new URL('/storage/uploadobject', own), 23 * 1024 * 1024)).toBe(413);
  // NUL in a search.
  const nul = await request.get('/webhook/district-list?q=%00');
  expect(nul.status()).toBe(400);
});

test('strangers failing for an e-mail do not keep its owner out of the browser they used before', async ({ page, browser }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(20_000);
  const me = await newStudent(page);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'ewDevice');
  expect(device, 'the device cookie').toBeTruthy();
  expect(device!.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('ewDevice');
  // Signed out, as after a session ends: the session cookies go, the device cookie stays. The tab
  // leaves the app first, so its own scripts do not react to the ended session meanwhile.
  await page.goto('about:blank');
  await page.context().clearCookies({ name: /^ewAccessToken$|^ewRefreshToken$/ });

  // Someone else, elsewhere, fails for the same e-mail until it must wait.
  const stranger = await browser.newContext();
  let last = 0;
  for (let i = 0; i < 7 && last !== 429; i++) {
    last = (await stranger.request.post('/auth/login', { data: { email: me.email, password: 'tebakan-salah' } })).status();
  }
  expect(last).toBe(429);
  const refused = await stranger.request.post('/auth/login', { data: { email: me.email, password: demoPassword } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeLessThanOrEqual(60);
  // At the same moment, the owner's browser (it brings its device cookie) signs in.
  const owner = await page.request.post('/auth/login', { data: { email: me.email, password: demoPassword } });
  expect(owner.status()).toBe(200);
  await stranger.close();
  await open(page, '/setting');
  await expect(page).toHaveURL(/\/setting/);
});
