import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';

/* Visitors browse and search the public catalogue at /books with no script; members keep their list. */

test.describe('public book list', () => {
  test('a visitor searches, filters by category and pages through /books without script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/books');
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toContain('s-maxage');
    await expect(page.getByRole('heading', { level: 1, name: 'Jelajahi buku' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/books$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/books\?lang=en$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Jelajahi buku/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd['@type']).toBe('ItemList');
    const list = page.getByRole('list', { name: 'Daftar buku' });
    await expect(list.getByRole('link')).toHaveCount(24);
    expect(jsonLd.itemListElement).toHaveLength(24);

    // The next page, by a plain link.
    await page.getByRole('link', { name: 'Berikutnya' }).click();
    await expect(page).toHaveURL(/\/books\?page=2$/);
    await expect(page.getByText(/^Halaman 2 dari \d+$/)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    const secondPageFirst = await list.getByRole('link').first().getAttribute('href');
    expect(jsonLd.itemListElement.map((item: { url: string }) => new URL(item.url).pathname)).not.toContain(secondPageFirst);

    // A category: every book listed is in it, and fewer than all.
    const all = Number((await page.getByTestId('public-book-count').textContent())!.replace(/\D/g, ''));
    const categories = page.getByRole('navigation', { name: 'Kategori' });
    const category = categories.getByRole('link').nth(1);
    const categoryName = (await category.textContent())!.replace(/\(\d+\)/, '').trim();
    const expected = Number(/\((\d+)\)/.exec((await category.textContent())!)![1]);
    await category.click();
    await expect(page).toHaveURL(/\/books\?category=[0-9a-f-]{36}$/);
    await expect(categories.getByRole('link', { name: categoryName })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('public-book-count')).toHaveText(`${expected} buku`);
    expect(expected).toBeLessThan(all);

    // Search by a book's title finds it.
    await page.goto('/books');
    const first = list.getByRole('link').first();
    const title = (await first.locator('span.font-semibold').textContent())!.trim();
    const bookPath = await first.getAttribute('href');
    await page.getByLabel('Cari judul atau penulis').fill(title);
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page).toHaveURL(/\/books\?q=/);
    await expect(page.getByText(`Hasil untuk "${title}"`)).toBeVisible();
    await expect(list.locator(`a[href="${bookPath}"]`)).toBeVisible();
    await page.waitForLoadState('load');
    expect(scripts).toEqual([]);
    expect(await page.locator('script[src]').count()).toBe(0);

    // Signing in comes back to the same list.
    const here = new URL(page.url());
    await page.getByRole('link', { name: 'Masuk untuk meminjam dan membaca buku-buku ini.' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(here.pathname + here.search)}`);
  });

  test('members keep their own book list at /books', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    await page.goto('/books');
    await expect(page.getByRole('heading', { level: 1, name: 'Buku' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Jelajahi buku' })).toHaveCount(0);
  });

  test('/books is in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    const pages = /<loc>([^<]+\/sitemap-pages\.xml)<\/loc>/.exec(index)?.[1];
    const urlset = await (await request.get(new URL(pages!).pathname)).text();
    expect(urlset).toMatch(/<loc>https?:\/\/[^<]+\/books<\/loc>/);
  });
});
