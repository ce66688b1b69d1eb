import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { ingest, type IngestedBook } from './support/books.ts';

/*
 * The EPUB reader's pages on phones and in a fixed-layout picture book: pictures inside figures
 * stay in their column on every page, the footer's progress is never cut, the last page says so,
 * and a picture book counts its pages and gives no reading time. The books are made here
 * (tests/fixtures/make-epubs-illustrated.ts).
 */

const own = (name: string) => resolve('tests/fixtures/books', name);
/** A copy of the book of its own for each test, so each opens at its first page. */
const copyOf = (baseURL: string, name: string) => ingest(baseURL, own(name), ['--open']);

const label = (page: Page) => page.locator('footer [data-progress]');

async function phone(browser: Browser, baseURL: string, width: number, lang: 'id' | 'en' = 'id'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 700 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: lang === 'id' ? 'id-ID' : 'en-US' });
  const page = await context.newPage();
  await signIn(page, demoUsers.siswa);
  await context.addCookies([{ name: 'langActive', value: lang, url: baseURL }]);
  return page;
}

/** Opens a book at its first page. */
async function openAtStart(page: Page, book: IngestedBook): Promise<void> {
  await page.goto(`/read-book-epub?book=${book.book_id}`);
  await expect(page.locator('html')).toHaveAttribute('data-reader-painted', 'true', { timeout: 30_000 });
  await expect(label(page)).toHaveAttribute('data-position', '1');
  await expect(page.locator('footer [data-place]')).not.toHaveAttribute('data-place', '');
}

/** Turns to the next page and waits until the footer tells of it; false when the last page was already on screen. */
async function nextPage(page: Page): Promise<boolean> {
  if ((await label(page).getAttribute('data-last-page')) === 'true') return false;
  const place = page.locator('footer [data-place]');
  const before = (await place.getAttribute('data-place'))!;
  await page.locator('footer button').last().click();
  await expect(place).not.toHaveAttribute('data-place', before);
  return true;
}

/** Every picture on the page on screen lies inside the page's text column; the first that does not, described. */
function picturesOutsideColumn(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const box = document.querySelector('.epub-stage .epub-container')!.getBoundingClientRect();
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('.epub-stage iframe')) {
      const doc = frame.contentDocument;
      if (!doc?.body) continue;
      const offset = frame.getBoundingClientRect();
      const style = getComputedStyle(doc.body);
      const column = { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
      for (const picture of doc.querySelectorAll('img, svg, video')) {
        const rect = picture.getBoundingClientRect();
        const left = rect.left + offset.left;
        const right = rect.right + offset.left;
        if (rect.width === 0 || right <= box.left || left >= box.right) continue;
        if (left < column.left - 1 || right > column.right + 1) return `${picture.getAttribute('src')} at ${Math.round(left)}..${Math.round(right)} outside the column ${column.left}..${column.right}`;
      }
    }
    return null;
  });
}

/** Each visible piece of the progress text is whole: nothing cut off, nothing past the footer. */
function progressCut(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!.getBoundingClientRect();
    for (const el of document.querySelectorAll<HTMLElement>('footer [data-progress-text]')) {
      if (el.offsetParent === null) continue;
      const rect = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1) return `"${el.textContent}" is cut (${el.scrollWidth} > ${el.clientWidth})`;
      if (rect.left < footer.left - 0.5 || rect.right > footer.right + 0.5 || rect.bottom > footer.bottom + 0.5) return `"${el.textContent}" passes the footer`;
      for (const button of document.querySelectorAll('footer button')) {
        const other = button.getBoundingClientRect();
        if (rect.right > other.left + 0.5 && rect.left < other.right - 0.5) return `"${el.textContent}" runs under a page arrow`;
      }
    }
    return null;
  });
}

for (const width of [390, 320]) {
  test(`at ${width} px every picture of an illustrated book stays in its column, on every page`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await phone(browser, baseURL!, width);
    await openAtStart(page, await copyOf(baseURL!, 'illustrated.epub'));
    let pages = 0;
    do {
      pages += 1;
      await expect.poll(() => picturesOutsideColumn(page), { message: `page ${pages}` }).toBeNull();
    } while (await nextPage(page));
    expect(pages).toBeGreaterThan(5);
    await page.context().close();
  });

  for (const lang of ['id', 'en'] as const) {
    test(`at ${width} px (${lang}) the footer's progress is never cut, and the last page says so`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const page = await phone(browser, baseURL!, width, lang);
      await openAtStart(page, await copyOf(baseURL!, 'illustrated.epub'));
      const texts = lang === 'id' ? { last: 'Halaman terakhir', left: /lagi/ } : { last: 'Last page', left: /left/ };
      await expect(page.locator('footer')).toContainText(texts.left);
      do expect(await progressCut(page)).toBeNull();
      while (await nextPage(page));
      await expect(label(page)).toHaveAttribute('data-progress', '100');
      await expect(page.locator('footer')).toContainText(texts.last);
      await expect(page.locator('footer')).not.toContainText(texts.left);
      expect(await progressCut(page)).toBeNull();
      await page.context().close();
    });
  }
}

test('a fixed-layout picture book counts its six pages, reaches 100 % on the last spread and gives no reading time', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, demoUsers.siswa);
  await openAtStart(page, await copyOf(baseURL!, 'picture-book-fxl.epub'));
  const seen: string[] = [];
  do {
    await expect(label(page)).not.toHaveText('');
    seen.push((await label(page).textContent())!);
    await expect(page.locator('footer')).not.toContainText(/mnt|lagi/);
  } while (await nextPage(page));
  expect(seen[0]).toContain('Halaman 1 dari 6');
  expect(seen.every((text) => !text.includes('±'))).toBe(true);
  // The last spread (pages 5 and 6) is the end of the book.
  expect(seen.at(-1)).toContain('Halaman 6 dari 6');
  expect(seen.at(-1)).toContain('100% dibaca');
  await expect(page.locator('footer')).toContainText('Halaman terakhir');
});

test('on a phone each page of a picture book has its own number, and its bookmark says which', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await phone(browser, baseURL!, 390);
  await openAtStart(page, await copyOf(baseURL!, 'picture-book-fxl.epub'));
  const numbers: string[] = [];
  do numbers.push((await label(page).getAttribute('data-progress-page'))!);
  while (await nextPage(page));
  expect(numbers).toEqual(['1', '2', '3', '4', '5', '6']);
  await page.getByRole('button', { name: 'Tandai halaman ini' }).click();
  await expect(page.getByRole('status', { name: 'Notifikasi' })).toContainText('Halaman 6 ditandai.');
  // The notification leaves the page arrows free.
  for (const arrow of await page.locator('footer button').all()) {
    expect(await arrow.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (el === hit || el.contains(hit));
    })).toBe(true);
  }
  await page.getByRole('button', { name: 'Hapus penanda halaman ini' }).click();
  await page.context().close();
});

for (const width of [390, 320]) {
  for (const lang of ['id', 'en'] as const) {
    test(`at ${width} px (${lang}) every tool tab of both readers shows its whole label`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const page = await phone(browser, baseURL!, width, lang);
      const [epub, pdf] = await Promise.all([copyOf(baseURL!, 'illustrated.epub'), copyOf(baseURL!, 'scan-jbig2.pdf')]);
      for (const [path, tabCount] of [[`/read-book-epub?book=${epub.book_id}`, 4], [`/read-book?book=${pdf.book_id}`, 6]] as const) {
        await page.goto(path);
        await expect(page.locator('footer')).toBeVisible({ timeout: 30_000 });
        // The second book asks whether to go back to the first: this one is read.
        const readThis = page.getByRole('button', { name: lang === 'id' ? 'Baca buku ini' : 'Read this book' });
        // It asks as the reader opens, before the first page is drawn.
        await expect(page.locator('html')).toHaveAttribute('data-reader-painted', 'true', { timeout: 30_000 });
        if (await readThis.isVisible()) await readThis.click();
        await page.getByRole('button', { name: lang === 'id' ? 'Buka alat baca' : 'Open reading tools' }).click();
        const tabs = page.locator('[data-tools-sheet] [role="tab"]');
        await expect(tabs).toHaveCount(tabCount, { timeout: 30_000 });
        const count = await tabs.count();
        for (let i = 0; i < count; i++) {
          const tab = tabs.nth(i);
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          const whole = await tab.locator('[data-tab-label]').evaluate((el) => {
            const rect = el.getBoundingClientRect();
            return el.scrollWidth <= el.clientWidth + 1 && rect.left >= -0.5 && rect.right <= innerWidth + 0.5 && !/…$/.test(el.textContent ?? '');
          });
          expect(whole, `tab ${i + 1} on ${path}`).toBe(true);
        }
        await page.keyboard.press('Escape');
      }
      await page.context().close();
    });
  }
}

test('a book of SVG pages opens and turns its pages without a content security policy violation', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // The console guard of this file fails the test on any refused inline style, chapter frames included.
  const book = await copyOf(baseURL!, 'svg-fixed-layout.epub');
  await signIn(page, demoUsers.siswa);
  await page.goto(`/read-book-epub?book=${book.book_id}`);
  const frame = page.frameLocator('.epub-view iframe');
  await expect(frame.getByText('Halaman SVG 1')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(frame.getByText('Halaman SVG 2')).toBeVisible();
});

/**
 * Watches, at every frame, each PDF page on screen and counts those that show a blank white sheet:
 * at the middle of its part on screen there is neither the picture of page 1 over it, nor the sign
 * that it is on its way, nor a drawn picture (pdf.js draws every pixel opaque, an undrawn canvas is
 * transparent). `sheets.drawn()` tells which pages on screen are drawn.
 */
function watchSheets(): void {
  type Sheets = { blank: string[]; watched: number; drawn: () => number[] };
  const w = window as unknown as { sheets: Sheets };
  const state = (el: HTMLElement): 'picture' | 'drawing' | 'drawn' | 'blank' | null => {
    const stage = el.closest('.reader-pages')?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (!stage) return null;
    const top = Math.max(r.top, stage.top, 0);
    const bottom = Math.min(r.bottom, stage.bottom, innerHeight);
    const left = Math.max(r.left, stage.left, 0);
    const right = Math.min(r.right, stage.right, innerWidth);
    if (bottom - top < 1 || right - left < 1) return null;
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    for (const img of document.querySelectorAll<HTMLImageElement>('img[src^="blob:"]')) {
      const cover = img.parentElement!.getBoundingClientRect();
      if (img.complete && img.naturalWidth > 0 && x >= cover.left && x <= cover.right && y >= cover.top && y <= cover.bottom) return 'picture';
    }
    if (el.querySelector('[data-page-drawing] .loading')) return 'drawing';
    const canvas = el.querySelector('canvas');
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 'blank';
    const box = canvas.getBoundingClientRect();
    const px = Math.min(canvas.width - 1, Math.floor(((x - box.left) / box.width) * canvas.width));
    const py = Math.min(canvas.height - 1, Math.floor(((y - box.top) / box.height) * canvas.height));
    return canvas.getContext('2d')!.getImageData(px, py, 1, 1).data[3] > 0 ? 'drawn' : 'blank';
  };
  const onScreen = () => [...document.querySelectorAll<HTMLElement>('.pdf-page')].map((el) => ({ page: Number(el.dataset.page), state: state(el) })).filter((p) => p.state);
  w.sheets = { blank: [], watched: 0, drawn: () => onScreen().filter((p) => p.state === 'drawn').map((p) => p.page) };
  const look = () => {
    for (const { page, state: seen } of onScreen()) {
      w.sheets.watched += 1;
      if (seen === 'blank') w.sheets.blank.push(`page ${page} at ${Math.round(performance.now())} ms`);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

test.describe('a slow scan', () => {
  // The page's own requests are held back here, not the service worker's.
  test.use({ serviceWorkers: 'block' });

  test('shows that its page is on its way until pdf.js has drawn it, never a blank page', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const book = await copyOf(baseURL!, 'scan-jpx.pdf');
    await signIn(page, demoUsers.siswa);
    await page.addInitScript(watchSheets);
    // A picture of page 1, if the book has one, answers only once pdf.js has drawn the page: until
    // then the page itself is on screen, while pdf.js decodes the scan.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/storage/books/${book.book_id}/preview`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/read-book?book=${book.book_id}`);
    const drawn = () => page.evaluate(() => (window as unknown as { sheets: { drawn(): number[] } }).sheets.drawn());
    await expect.poll(drawn, { timeout: 60_000 }).toContain(1);
    release();
    await page.unrouteAll({ behavior: 'wait' });
    const seen = await page.evaluate(() => {
      const { blank, watched } = (window as unknown as { sheets: { blank: string[]; watched: number } }).sheets;
      return { blank, watched };
    });
    expect(seen.watched).toBeGreaterThan(0);
    expect(seen.blank).toEqual([]);
  });
});
