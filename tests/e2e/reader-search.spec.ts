import { resolve } from 'node:path';
import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { borrow, ingest, type IngestedBook } from './support/books.ts';

/*
 * Search in the EPUB reader: through the whole book, chapter by chapter, with the results under
 * their chapter titles and the match highlighted in the page. The book is made here
 * (tests/fixtures/make-epubs-illustrated.ts): three chapters, each with a word of its own.
 */

const own = (name: string) => resolve('tests/fixtures/books', name);
let drmBook: IngestedBook;
let openBook: IngestedBook;

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  const base = info.project.use.baseURL!;
  [drmBook, openBook] = await Promise.all([ingest(base, own('illustrated.epub'), ['--title', 'Buku Bergambar DRM']), ingest(base, own('illustrated.epub'), ['--title', 'Buku Bergambar Terbuka', '--open'])]);
});

/** The text of the match highlighted as the one opened in the chapter frame, or null. */
function currentHighlight(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('.epub-view iframe')) {
      const view = frame.contentWindow as (Window & { CSS: { highlights: Map<string, Set<Range>> } }) | null;
      const highlight = view?.CSS.highlights.get('epub-search-current');
      if (highlight) return [...highlight][0]!.toString();
    }
    return null;
  });
}

/** True when the opened match is on the page on screen (inside the rendition's box). */
function highlightOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.querySelector('.epub-stage .epub-container')!.getBoundingClientRect();
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('.epub-view iframe')) {
      const view = frame.contentWindow as (Window & { CSS: { highlights: Map<string, Set<Range>> } }) | null;
      const highlight = view?.CSS.highlights.get('epub-search-current');
      if (!highlight) continue;
      const rect = [...highlight][0]!.getBoundingClientRect();
      const offset = frame.getBoundingClientRect();
      const left = rect.left + offset.left;
      return rect.width > 0 && left >= box.left - 1 && left + rect.width <= box.right + 1;
    }
    return false;
  });
}

/** Opens the reader where this reader left the book (earlier tests may have moved on), once a page shows. */
async function openReader(page: Page, book: IngestedBook): Promise<void> {
  await page.goto(`/read-book-epub?book=${book.book_id}`);
  await expect(page.locator('html')).toHaveAttribute('data-reader-painted', 'true', { timeout: 20_000 });
  await expect(page.locator('footer [data-progress]')).not.toHaveAttribute('data-progress', '');
}

test('a DRM book is searched through every chapter: results by chapter, excerpts as text, the match highlighted, next and previous', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.siswa);
  await borrow(page, drmBook);
  await openReader(page, drmBook);
  await page.getByRole('button', { name: 'Buka pencarian' }).click();
  const box = page.getByRole('searchbox', { name: 'Cari di buku' });
  await box.fill('merak');
  await box.press('Enter');
  const results = page.getByRole('region', { name: 'Hasil pencarian' });
  // The word of chapter 3 only: one result, under that chapter's title from the contents.
  await expect(results.getByRole('region', { name: 'Bab 3: Pesta Teh' })).toBeVisible();
  await expect(results.locator('[data-search-result]')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText('merak');
  await results.locator('[data-search-result="0"]').click();
  await expect.poll(() => currentHighlight(page)).toBe('merak');
  await expect.poll(() => highlightOnScreen(page)).toBe(true);

  // A word of every chapter: grouped under the three titles; next and previous go through them in order.
  await box.fill('tebal');
  await box.press('Enter');
  await expect(results.locator('[data-search-chapter]')).toHaveCount(3);
  await expect(results.locator('section h3 > span:first-child')).toHaveText(['Bab 1: Lubang Kelinci', 'Bab 2: Kolam Air Mata', 'Bab 3: Pesta Teh']);
  // The book's text "<b>tebal</b>" shows as those characters, never as markup.
  await expect(results.locator('[data-search-result="1"]')).toContainText('<b>tebal</b> di bab 2');
  await expect(results.locator('[data-search-result] b')).toHaveCount(0);
  await page.getByRole('button', { name: 'Hasil berikutnya' }).first().click();
  await expect(results.locator('[aria-current="true"]')).toHaveAttribute('data-search-result', '0');
  await expect.poll(() => currentHighlight(page)).toBe('tebal');
  await page.getByRole('button', { name: 'Hasil berikutnya' }).first().click();
  await expect(results.locator('[aria-current="true"]')).toHaveAttribute('data-search-result', '1');
  await expect(page.frameLocator('.epub-view iframe').getByRole('heading', { name: 'Kolam Air Mata' })).toBeAttached();
  await expect.poll(() => highlightOnScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Hasil sebelumnya' }).first().click();
  await expect(results.locator('[aria-current="true"]')).toHaveAttribute('data-search-result', '0');

  await box.fill('tidakadadibuku');
  await box.press('Enter');
  await expect(page.locator('[data-epub-search] [role="status"]')).toHaveText('Tidak ditemukan');
});

test.describe('progress', () => {
  // The page's own requests are held back here, not the service worker's.
  test.use({ serviceWorkers: 'block' });
  test('a search shows its progress and can be stopped; each chapter is fetched once, not kept', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${openBook.book_id}`);
    await expect(page.frameLocator('.epub-view iframe').getByRole('heading', { name: 'Lubang Kelinci' })).toBeVisible({ timeout: 20_000 });
    // Chapter 3 answers only once the search has been stopped.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetched: string[] = [];
    await page.route('**/chapter*.xhtml', async (route) => {
      fetched.push(new URL(route.request().url()).pathname.split('/').pop()!);
      if (route.request().url().endsWith('chapter3.xhtml')) await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Buka pencarian' }).click();
    const box = page.getByRole('searchbox', { name: 'Cari di buku' });
    await box.fill('kelinci');
    await box.press('Enter');
    await expect(page.locator('[data-search-progress]')).toHaveText('Mencari… bab 3 dari 3');
    await expect(page.getByRole('search')).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: 'Hentikan pencarian' }).click();
    release();
    await expect(page.getByText('Pencarian dihentikan setelah 2 dari 3 bab.')).toBeVisible();
    // The two chapters searched keep their results.
    await expect(page.locator('[data-search-chapter]')).toHaveCount(2);
    // Chapter 1 was already on screen (fetched for the page), so the search read chapters 2 and 3 on their own.
    expect(fetched.filter((name) => name === 'chapter2.xhtml')).toHaveLength(1);
    // Searching again fetches chapter 2 again: the search did not keep it.
    await page.unroute('**/chapter*.xhtml');
    const again = page.waitForRequest((request) => request.url().endsWith('chapter2.xhtml'));
    await box.fill('taman');
    await box.press('Enter');
    await again;
    await expect(page.locator('[data-search-chapter]')).toHaveCount(3);
  });
});

for (const width of [390, 320]) {
  for (const lang of ['id', 'en'] as const) {
    test(`on a ${width} px phone (${lang}) the search is a sheet; a result shows the page with next and previous`, async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ baseURL, viewport: { width, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: lang === 'id' ? 'id-ID' : 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !/sandboxed/.test(message.text())) errors.push(message.text());
      });
      await signIn(page, demoUsers.siswa);
      await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
      await openReader(page, openBook);
      const texts = lang === 'id' ? { tools: 'Buka alat baca', tab: 'Cari', box: 'Cari di buku', next: 'Hasil berikutnya', of: '2 dari 3' } : { tools: 'Open reading tools', tab: 'Search', box: 'Search the book', next: 'Next match', of: '2 of 3' };
      await page.getByRole('button', { name: texts.tools }).click();
      await page.getByRole('tab', { name: texts.tab }).click();
      const sheet = page.locator('[data-tools-sheet]');
      const box = sheet.getByRole('searchbox', { name: texts.box });
      await box.fill('tebal');
      await box.press('Enter');
      await expect(sheet.locator('[data-search-result]')).toHaveCount(3);
      // Nothing of the sheet is wider than the phone.
      expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= innerWidth + 0.5)).toBe(true);
      await sheet.locator('[data-search-result="0"]').click();
      await expect(sheet).toHaveCount(0);
      const strip = page.locator('[data-search-strip]');
      await expect(strip).toBeVisible();
      await expect.poll(() => currentHighlight(page)).toBe('tebal');
      await strip.getByRole('button', { name: texts.next }).click();
      await expect(strip).toContainText(texts.of);
      await expect.poll(() => highlightOnScreen(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
