import type { APIRequestContext, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { apiJson } from './support/members.ts';

/* A visitor on a phone walks from the front door into a library's books, articles, video and audio, in both languages. */

const TEXTS = {
  id: { seeAll: /^Lihat semua \d+ judul$/, booksOf: 'Buku dari Perpustakaan Digital Nusantara', video: /^Video \(\d+\)$/, article: /^Artikel \(\d+\)$/, private: 'ePustaka ini privat: koleksinya hanya untuk anggota. Masuk untuk meminta bergabung.' },
  en: { seeAll: /^See all \d+ titles$/, booksOf: 'Books of Perpustakaan Digital Nusantara', video: /^Video \(\d+\)$/, article: /^Articles \(\d+\)$/, private: 'This ePustaka is private: its collection is for its members. Sign in to ask to join.' },
} as const;

/** Fails on any script the page loads: public pages need none. */
function noScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

async function libraryIdNamed(request: APIRequestContext, name: string): Promise<string> {
  const sitemap = await apiJson<{ data: { id: string }[] }>(request, '/webhook/public-epustaka-sitemap');
  for (const { id } of sitemap.data) {
    const detail = await apiJson<{ data: { epustaka_name: string } }>(request, '/webhook/public-epustaka-detail', { epustaka_id: id });
    if (detail.data.epustaka_name === name) return id;
  }
  throw new Error(`No library named ${name}`);
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const lang of ['id', 'en'] as const) {
  test.describe(`a visitor in ${lang}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
    });

    test('goes from the front door to a library, its books, videos and articles, with no script', async ({ page }) => {
      const text = TEXTS[lang];
      const scripts = noScripts(page);
      await page.goto('/');
      await page.getByTestId('front-library').filter({ hasText: 'Perpustakaan Digital Nusantara' }).click();
      await expect(page).toHaveURL(/\/epustaka\/[0-9a-f-]{36}$/);
      const libraryUrl = page.url();
      await expect(page.getByRole('heading', { level: 1, name: 'Perpustakaan Digital Nusantara' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', lang === 'en' ? /\/epustaka\/[0-9a-f-]{36}\?lang=en$/ : /\/epustaka\/[0-9a-f-]{36}$/);

      // Its books, then all of them on the visitors' list.
      const firstBook = page.locator('a[href^="/book/"]').first();
      await expect(firstBook).toBeVisible();
      await page.getByTestId('library-all-books').click();
      await expect(page.getByTestId('library-all-books')).toHaveCount(0);
      await expect(page).toHaveURL(/\/books\?epustaka=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: text.booksOf })).toBeVisible();
      const listed = Number((await page.getByTestId('public-book-count').textContent())!.replace(/\D/g, ''));
      expect(listed).toBeGreaterThan(0);
      await page.getByTestId('public-books-library').click();
      await expect(page).toHaveURL(libraryUrl);

      // Videos: a tab by a plain link, each item opening its public page.
      await page.getByRole('link', { name: text.video }).click();
      await expect(page).toHaveURL(/\?tab=video$/);
      const video = page.locator('a[href^="/video/"]').first();
      await video.click();
      await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await expect(page.locator('video')).toHaveCount(1);
      await page.goBack();

      // Articles.
      await page.getByRole('link', { name: text.article }).click();
      await expect(page).toHaveURL(/\?tab=article$/);
      await page.locator('a[href^="/article/"]').first().click();
      await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(scripts).toEqual([]);
    });

    test('sees a private library’s name and a sign-in prompt, none of its holdings', async ({ page, request }) => {
      const id = await libraryIdNamed(request, 'Pustaka SMA Harapan Bangsa');
      const scripts = noScripts(page);
      await page.goto(`/epustaka/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Pustaka SMA Harapan Bangsa' })).toBeVisible();
      await expect(page.getByTestId('library-sign-in')).toHaveText(TEXTS[lang].private);
      await expect(page.locator('a[href^="/book/"], a[href^="/video/"], a[href^="/audio/"], a[href^="/article/"]')).toHaveCount(0);
      await expect(page.locator('#library-breakdown')).toHaveCount(0);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(jsonLd.hasOfferCatalog).toBeUndefined();
      const books = await page.goto(`/books?epustaka=${id}`);
      expect(books!.status()).toBe(200);
      await expect(page.locator('a[href^="/book/"]')).toHaveCount(0);
      expect(scripts).toEqual([]);
    });
  });
}
