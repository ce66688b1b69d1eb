import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';

/* The help centre, the error page, and QR codes from making one to scanning it. */

test.describe('help and error pages', () => {
  test('a visitor opens a guide in its frame from the footer and finds guides by title', async ({ page }) => {
    await page.goto('/error');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Bantuan' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pusat Bantuan' })).toBeVisible();
    await expect(page.locator('[data-help-doc]')).toHaveCount(6);
    await page.locator('[data-help-doc="queues"] summary').click();
    const frame = page.frameLocator('[data-help-doc="queues"] iframe');
    await expect(frame.getByRole('heading', { level: 1, name: 'Antrean buku' })).toBeVisible();

    await page.getByLabel('Cari panduan berdasarkan judul').fill('kode qr');
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page.locator('[data-help-doc]')).toHaveCount(1);
    await expect(page.locator('[data-help-doc="qr-codes"]')).toHaveAttribute('open', '');
    await expect(page.frameLocator('[data-help-doc="qr-codes"] iframe').getByRole('heading', { level: 1 })).toHaveText('Kode QR untuk rak dan poster');
  });

  test('the error page names the reason and offers a way on', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    await page.goto('/error?reason=private');
    await expect(page.getByRole('heading', { level: 1, name: 'Tidak ada akses ke konten' })).toBeVisible();
    await page.goto('/error?reason=%3Cb%3E');
    await expect(page.getByRole('heading', { level: 1, name: 'Terjadi kesalahan' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buka Pusat Bantuan' })).toBeVisible();
  });
});

async function scansOf(page: Page, codeId: string): Promise<number> {
  await page.goto('/qr-codes');
  return Number(await page.locator(`[data-qr-code="${codeId}"] [data-qr-scans]`).getAttribute('data-qr-scans'));
}

test.describe('QR codes', () => {
  test.use({ allowErrors: /status of 404/ });

  test('an owner makes and prints a code; a visitor scans it with no script; each scan counts once', async ({ page, browser }) => {
    await signIn(page, demoUsers.pustakawan);
    await page.goto('/qr-codes');
    const candidate = page.locator('[data-qr-candidates] li').filter({ hasText: 'Buku' }).first();
    const title = (await candidate.locator('[data-qr-candidate-title]').textContent())!.trim();
    await candidate.getByLabel('Label lokasi (opsional)').fill('Rak 3, lantai 2');
    await candidate.getByRole('button', { name: 'Buat kode' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Kode QR dibuat.');
    const card = page.locator('[data-qr-code]').first();
    await expect(card).toContainText(title);
    await expect(card).toContainText('Lokasi: Rak 3, lantai 2');
    const codeId = (await card.getAttribute('data-qr-code'))!;
    const address = `/qr/${codeId}/rak-3-lantai-2`;
    await expect(card.getByRole('link', { name: new RegExp(`${address}$`) })).toBeVisible();
    await expect(card.locator('[data-qr-scans]')).toHaveAttribute('data-qr-scans', '0');

    // The poster in the image preview dialog, before printing.
    await card.getByRole('link', { name: 'Pratinjau poster' }).click();
    const preview = page.getByRole('dialog', { name: `Poster kode QR: ${title}` });
    await expect(preview.getByRole('img', { name: `Poster kode QR: ${title}` })).toBeVisible();
    await expect.poll(() => preview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await preview.getByRole('button', { name: 'Tutup' }).click();
    await expect(preview).toBeHidden();

    await card.getByRole('link', { name: 'Cetak label rak' }).click();
    await expect(page.locator('[data-qr-sheet="labels"] svg')).toBeVisible();
    const svg = await page.request.get(`/qr-codes/${codeId}/sheet.svg?layout=poster`);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toContain(address);

    // A visitor who is not signed in: the item's public page, no script files, cacheable.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await visitor.goto(address);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toContain('s-maxage');
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator('[data-qr-location]')).toHaveText('Lokasi: Rak 3, lantai 2');
    await visitor.waitForLoadState('load');
    expect(scripts).toEqual([]);
    expect(await visitor.locator('script[src]').count()).toBe(0);
    await visitorContext.close();
    expect(await scansOf(page, codeId)).toBe(1);
    await expect(page.locator(`[data-qr-code="${codeId}"]`)).toContainText('rak-3-lantai-2: 1');

    // Signed in, a scan opens the item's detail page and counts once more.
    await page.goto(`/qr/${codeId}`);
    await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/);
    expect(await scansOf(page, codeId)).toBe(2);

    await page.locator(`[data-qr-code="${codeId}"]`).getByRole('button', { name: /^Hapus/ }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Kode QR dihapus.');
    const gone = await page.goto(address);
    expect(gone!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Kode QR tidak ditemukan' })).toBeVisible();
  });

  test("a library's code shows its card to visitors, with sign-in coming back to the code", async ({ page, browser }) => {
    await signIn(page, demoUsers.pustakawan);
    const targets = await (await page.request.get('/webhook/qr-targets')).json();
    const library = targets.data.find((t: { type: string }) => t.type === 'EPUSTAKA') as { id: string; title: string };
    const made = await page.request.post('/webhook/qr-code', { data: { target_type: 'EPUSTAKA', target_id: library.id, location_label: '<b>Lobi</b>' } });
    expect(made.status(), await made.text()).toBe(201);
    const code = (await made.json()).data as { id: string };

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/qr/${code.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: library.title })).toBeVisible();
    // The label is text, never markup.
    await expect(visitor.locator('[data-qr-location]')).toHaveText('Lokasi: <b>Lobi</b>');
    await visitor.getByRole('main').getByRole('link', { name: 'Masuk' }).click();
    await expect(visitor).toHaveURL(`/login?next=${encodeURIComponent(`/qr/${code.id}`)}`);
    await visitorContext.close();
    await page.request.delete('/webhook/qr-code', { data: { id: code.id } });
  });

  test('an unknown code is a helpful 404 with a search', async ({ page }) => {
    const response = await page.goto('/qr/3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d/rak-9');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Kode QR tidak ditemukan' })).toBeVisible();
    await expect(page.locator('#qr-search')).toBeVisible();
  });
});

test.describe('home', () => {
  test('the welcome greeting shows once per session above the book rows', async ({ page }) => {
    // Signing in lands on the home page, the session's first: the greeting is there (opening the
    // page again could come after it was shown, and rightly not show it).
    await signIn(page, demoUsers.siswa);
    await expect(page).toHaveURL(/\/$/);
    const greeting = page.getByRole('dialog', { name: 'Selamat datang di ePustaka' });
    await expect(greeting).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Baru ditambahkan' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Baru ditambahkan' }).getByRole('listitem').first()).toBeVisible();
    expect(await page.locator('[data-home-row]').count()).toBeGreaterThanOrEqual(3);
    await greeting.getByRole('button', { name: 'Mulai menjelajah' }).click();
    await expect(greeting).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Baru ditambahkan' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-welcome-greeting]')).toHaveCount(0);
  });
});

test.describe('front door', () => {
  test('a visitor searches the public catalogue without script, and signing in returns to the book', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/');
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toContain('s-maxage');
    await expect(page.getByRole('heading', { level: 1, name: 'Perpustakaan digital sekolah dan komunitas Anda' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Baru ditambahkan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Perpustakaan' })).toBeVisible();
    const first = page.getByRole('list', { name: 'Paling banyak dibaca' }).getByRole('link').first();
    const title = (await first.locator('span.font-semibold').textContent())!.trim();

    await page.getByLabel('Cari di katalog publik').fill(title);
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page).toHaveURL(/\/\?q=/);
    const results = page.getByRole('list', { name: `Hasil pencarian "${title}"` });
    await results.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/);
    const bookPath = new URL(page.url()).pathname;
    await page.waitForLoadState('load');
    expect(scripts).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: 'Masuk' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(bookPath)}`);
    await signIn(page, demoUsers.siswa);
    await expect(page).toHaveURL(bookPath);
  });

  test('the front door and the help centre are listed in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    const pages = /<loc>([^<]+\/sitemap-pages\.xml)<\/loc>/.exec(index)?.[1];
    expect(pages).toBeTruthy();
    const urlset = await (await request.get(new URL(pages!).pathname)).text();
    expect(urlset).toMatch(/<loc>https?:\/\/[^<]+\/help<\/loc>/);
    expect(urlset).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
  });
});
