import type { Browser, Locator, Page } from 'playwright/test';
import { expect, guardPage, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { borrow, ingest, type IngestedBook } from './support/books.ts';

/** The footer's place in the 9-page guide: "Halaman n dari 9", or "Hlm. n/9" where the footer is narrow. */
const pdfPlace = (page: Page, n: number) => page.getByText(new RegExp(`^(Halaman ${n} dari 9|Hlm\\. ${n}/9)$`)).filter({ visible: true });

/*
 * Both readers on phones, with touch, in Indonesian: portrait 390×844 and 320×640, and landscape
 * 844×390. Each EPUB is opened several times: a layout bug that depends on when epub.js measures
 * its frame shows up only in some loads.
 */

const SCREENS = [
  { name: '390×844', viewport: { width: 390, height: 844 }, loads: 3 },
  { name: '320×640', viewport: { width: 320, height: 640 }, loads: 2 },
  { name: 'landscape 844×390', viewport: { width: 844, height: 390 }, loads: 2 },
] as const;

const phone = (viewport: { width: number; height: number }) => ({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

let books: { alice: IngestedBook; moby: IngestedBook; leaves: IngestedBook; comic: IngestedBook; paper: IngestedBook; openPaper: IngestedBook };

test.beforeAll(async ({}, info) => {
  test.setTimeout(180_000);
  const base = info.project.use.baseURL!;
  const [alice, moby, leaves, comic, paper, openPaper] = await Promise.all([
    ingest(base, 'epub3-gambar.epub', ['--title', 'Kampung Pustaka']),
    ingest(base, 'epub3-gambar.epub', ['--title', 'Kampung Pustaka Terbuka', '--open']),
    ingest(base, 'epub2-ncx.epub', ['--title', 'Hikayat', '--open']),
    ingest(base, 'fxl-gambar.epub', ['--title', 'Komik', '--open']),
    ingest(base, 'panduan.pdf', ['--title', 'Panduan']),
    ingest(base, 'panduan.pdf', ['--title', 'Panduan Terbuka', '--open']),
  ]);
  books = { alice, moby, leaves, comic, paper, openPaper };
});

/** Nothing of the page is wider than the screen, and every line of the chapter on screen is whole. */
async function layoutFits(page: Page): Promise<string | true> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) return `document ${root.scrollWidth} > ${root.clientWidth}`;
    const stage = document.querySelector('.epub-stage')!.getBoundingClientRect();
    if (stage.left < 0 || stage.right > innerWidth + 0.5) return `stage ${stage.left}..${stage.right} of ${innerWidth}`;
    const container = document.querySelector<HTMLElement>('.epub-stage .epub-container');
    if (!container) return 'no rendition yet';
    const box = container.getBoundingClientRect();
    if (box.left < stage.left - 0.5 || box.right > stage.right + 0.5) return `rendition ${box.left}..${box.right} outside ${stage.left}..${stage.right}`;
    if (container.clientWidth > stage.width + 0.5) return `rendition ${container.clientWidth} wider than ${stage.width}`;
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('.epub-stage iframe')) {
      const doc = frame.contentDocument;
      if (!doc?.body) continue;
      const offset = frame.getBoundingClientRect();
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = doc.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          const left = rect.left + offset.left;
          const right = rect.right + offset.left;
          // Only lines on the page on screen count; the others are on the pages before and after.
          if (right <= box.left + 1 || left >= box.right - 1) continue;
          if (left < box.left - 1 || right > box.right + 1) return `a line at ${Math.round(left)}..${Math.round(right)} is cut by the page ${box.left}..${box.right}`;
        }
      }
    }
    return true;
  });
}

/** Where the book is: the chapter on screen and how far its pages are scrolled. */
function position(page: Page): Promise<string> {
  return page.evaluate(() => {
    const container = document.querySelector<HTMLElement>('.epub-stage .epub-container');
    const views = [...document.querySelectorAll('.epub-stage .epub-container > *')].map((view) => view.getAttribute('ref')).join(',');
    return `${views}@${container?.scrollLeft ?? -1}`;
  });
}

/** A position as one number that grows as the reader goes forward (first chapter on screen, then offset). */
function order(position: string): number {
  const [views, offset] = position.split('@');
  return Number(views!.split(',')[0]) * 1e7 + Number(offset);
}

/** The control is on screen, at least 44 px square, and nothing covers its middle. */
async function expectReachable(page: Page, control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });
  expect(onTop).toBe(true);
}

/** A one-finger horizontal swipe across the screen at height `y`. */
async function swipe(page: Page, fromX: number, toX: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / 6, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two fingers moving apart (or together) around the point (x, y). */
async function pinch(page: Page, x: number, y: number, from: number, to: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const points = (d: number) => [
    { x: x - d / 2, y, id: 0 },
    { x: x + d / 2, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 6) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Opens a book the way a link would. The position left by the book before (opened by address, not
 * left with Back) is dropped first, so the reader does not ask whether to go back to that book.
 */
async function openEpub(page: Page, book: IngestedBook): Promise<void> {
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
  await page.goto(`/read-book-epub?book=${book.book_id}`);
  await expect(page.locator('html[data-reader-painted="true"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Berikutnya' })).toBeEnabled();
  // Another book's place still waiting to be saved makes the reader ask which book to read.
  const ask = page.getByRole('dialog', { name: 'Lanjutkan membaca?' });
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Baca buku ini' }).click();
  await expect(ask).toBeHidden();
  await expect.poll(() => layoutFits(page), { timeout: 10_000 }).toBe(true);
}

/**
 * Notes every move of the book from now on (the page's scroll offset and the chapters on screen),
 * so a failed comparison of positions shows how the book got there.
 */
async function watchMoves(page: Page): Promise<() => Promise<string>> {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { __moves: string[] }).__moves = log;
    const started = performance.now();
    const note = (why: string) => {
      const container = document.querySelector<HTMLElement>('.epub-stage .epub-container');
      const views = [...document.querySelectorAll('.epub-stage .epub-container > *')].map((view) => `${view.getAttribute('ref')}:${Math.round(view.getBoundingClientRect().width)}`).join(',');
      log.push(`${Math.round(performance.now() - started)}ms ${why} ${views}@${container?.scrollLeft ?? -1}`);
    };
    document.querySelector('.epub-stage .epub-container')?.addEventListener('scroll', () => note('scroll'), { passive: true });
    new ResizeObserver(() => note('resize')).observe(document.querySelector('.epub-stage')!);
    new MutationObserver(() => note('views')).observe(document.querySelector('.epub-stage')!, { childList: true, subtree: true });
    for (const type of ['touchend', 'click']) document.addEventListener(type, () => note(type), true);
  });
  return () => page.evaluate(() => (window as unknown as { __moves: string[] }).__moves.join('\n'));
}

/** Turns the page with `act` and waits until the book has moved and still fits. */
async function turns(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await position(page);
  await act();
  await expect.poll(() => position(page), { timeout: 10_000 }).not.toBe(before);
  await expect.poll(() => layoutFits(page), { timeout: 10_000 }).toBe(true);
}

for (const screen of SCREENS) {
  test.describe(`readers on a phone, ${screen.name}`, () => {
    test.use(phone(screen.viewport));

    test('every EPUB fits the screen on each load, turns by tap, tap zone and swipe, and its bars stay put', async ({ page }) => {
      test.setTimeout(300_000);
      await signIn(page, demoUsers.siswa);
      await borrow(page, books.alice);
      const list = [books.alice, books.comic, books.moby, books.leaves];
      for (const book of list) {
        const loads = book === books.alice || book === books.comic ? screen.loads : 1;
        for (let load = 0; load < loads; load++) await openEpub(page, book);
        // The EPUB 2 book opens on its cover, an SVG picture the book stretches to the page: it keeps its proportions.
        if (book === books.leaves) {
          await expect(page.frameLocator('.epub-stage iframe').first().locator('svg').first()).toHaveAttribute('preserveAspectRatio', 'xMidYMid meet');
        }
      }

      // The illustrated book: five taps on Next, a tap on the right edge, a swipe each way, a tap on the left edge.
      await openEpub(page, books.alice);
      const next = page.getByRole('button', { name: 'Berikutnya' });
      const back = page.getByRole('button', { name: 'Kembali' });
      await expectReachable(page, next);
      await expectReachable(page, back);
      const backBox = await back.boundingBox();
      for (let i = 0; i < 5; i++) await turns(page, () => next.tap());
      await expectReachable(page, back);
      await expectReachable(page, next);
      expect(await back.boundingBox()).toEqual(backBox);

      const stage = (await page.locator('.epub-stage').boundingBox())!;
      const middle = stage.y + stage.height / 2;
      const moves = await watchMoves(page);
      await turns(page, () => page.touchscreen.tap(stage.x + stage.width * 0.9, middle));
      const afterTap = await position(page);
      // A swipe to the left goes forward, one to the right goes back.
      await turns(page, () => swipe(page, stage.x + stage.width * 0.8, stage.x + stage.width * 0.2, middle));
      const afterSwipe = await position(page);
      expect(order(afterSwipe), await moves()).toBeGreaterThan(order(afterTap));
      await turns(page, () => swipe(page, stage.x + stage.width * 0.2, stage.x + stage.width * 0.8, middle));
      expect(order(await position(page)), await moves()).toBeLessThan(order(afterSwipe));
      await turns(page, () => page.touchscreen.tap(stage.x + stage.width * 0.1, middle));
      expect(await back.boundingBox()).toEqual(backBox);

      // Progress reads as pages and percent, in Indonesian.
      await expect(page.locator('footer [data-progress]')).toContainText(/± halaman \d+ dari \d+/, { timeout: 20_000 });
      await expect(page.locator('footer [data-progress]')).toContainText(/\d+% dibaca/);

      // The fixed-layout comic scales its page into the screen.
      await openEpub(page, books.comic);
      const pageBox = await page.locator('.epub-stage iframe').first().evaluate((frame) => {
        const doc = (frame as HTMLIFrameElement).contentDocument!;
        const target = doc.querySelector('img, svg') ?? doc.body;
        const r = target.getBoundingClientRect();
        const f = frame.getBoundingClientRect();
        return { left: f.left + r.left, right: f.left + r.right, top: f.top + r.top, bottom: f.top + r.bottom };
      });
      const comicStage = (await page.locator('.epub-stage').boundingBox())!;
      expect(pageBox.left).toBeGreaterThanOrEqual(comicStage.x - 1);
      expect(pageBox.right).toBeLessThanOrEqual(comicStage.x + comicStage.width + 1);
      expect(pageBox.bottom).toBeLessThanOrEqual(comicStage.y + comicStage.height + 1);
      await turns(page, () => next.tap());
    });

    test('the PDF fits the width, keeps every tool in a sheet for thumbs, searches, zooms by pinch and double tap', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, demoUsers.siswa);
      await borrow(page, books.paper);
      // Each screen starts from page 1: the reader reopens a book where it was left.
      await page.request.post('/webhook/book-reading-progress', { data: { book_id: books.paper.book_id, last_page: 1, total_page: 9, platform_info: 'web', epub_read_locator: null } });
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/read-book?book=${books.paper.book_id}`);
      await expect(pdfPlace(page, 1)).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html[data-reader-painted="true"]')).toHaveCount(1, { timeout: 30_000 });
      const width = () => page.locator('[data-page="1"]').evaluate((el) => el.getBoundingClientRect().width);
      const screenWidth = screen.viewport.width;
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // Fit to width on a phone: the page fills the screen's width, no more.
      if (screenWidth <= 642) {
        expect(await width()).toBeGreaterThan(screenWidth * 0.9);
        expect(await width()).toBeLessThanOrEqual(screenWidth);
      }
      await expect(page.getByText(/^11%( dibaca)?$/).filter({ visible: true })).toBeVisible();

      const next = page.getByRole('button', { name: 'Halaman berikutnya' });
      const back = page.getByRole('button', { name: 'Kembali' });
      await expectReachable(page, next);
      for (let i = 2; i <= 6; i++) {
        await next.tap();
        await expect(pdfPlace(page, i)).toBeVisible();
      }
      await expectReachable(page, back);

      // Every tool is in the sheet; search finds a word.
      const tools = screenWidth <= 642 ? page.getByRole('button', { name: 'Buka alat baca' }) : null;
      if (tools) {
        await expectReachable(page, tools);
        await tools.tap();
        const sheet = page.getByRole('region', { name: 'Alat baca' });
        for (const name of ['Daftar Isi', 'Penanda', 'Halaman', 'Cari', 'Perbesaran', 'Tampilan']) await expect(sheet.getByRole('tab', { name })).toBeVisible();
        await sheet.getByRole('tab', { name: 'Cari' }).tap();
        const box = sheet.getByRole('searchbox', { name: 'Cari di buku' });
        await box.fill('baca');
        await box.press('Enter');
        await expect(sheet.getByRole('search').getByRole('status')).toHaveText(/^1 dari \d+$/, { timeout: 30_000 });
        await expect(page.locator('.textLayer .highlight.selected')).toHaveCount(1);
        await sheet.getByRole('tab', { name: 'Halaman' }).tap();
        await sheet.getByRole('button', { name: 'Halaman 3', exact: true }).tap();
        await expect(pdfPlace(page, 3)).toBeVisible();
        await expect(sheet).toBeHidden();
      }

      // Pinch out zooms in around the fingers; a double tap goes back to the page's width.
      const fitted = await width();
      const pages = (await page.locator('.reader-pages').boundingBox())!;
      await pinch(page, pages.x + pages.width / 2, pages.y + pages.height / 2, 80, 200);
      await expect.poll(width).toBeGreaterThan(fitted * 1.8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await expectReachable(page, back);
      if (screenWidth <= 642) {
        await page.touchscreen.tap(pages.x + pages.width / 2, pages.y + pages.height / 2);
        await page.touchscreen.tap(pages.x + pages.width / 2, pages.y + pages.height / 2);
        await expect.poll(width).toBeLessThan(fitted * 1.05);
      }
    });
  });
}

test.describe('reading comfort on a phone', () => {
  test.use(phone({ width: 390, height: 844 }));

  test('a larger type size and the dark theme stay after a reload and on another device of the same reader', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.guru);
    const reset = () => page.request.put('/webhook/reading-preferences', { data: { font_size: 100, font_family: 'book', line_height: 0, margin: 'normal', theme: 'light', pdf_flow: 'scroll' } });
    await reset();
    try {
      await openEpub(page, books.moby);
      const chapterFontSize = () => page.locator('.epub-stage iframe').first().evaluate((frame) => getComputedStyle((frame as HTMLIFrameElement).contentDocument!.documentElement).fontSize);
      const base = parseFloat(await chapterFontSize());
      await page.getByRole('button', { name: 'Buka alat baca' }).tap();
      const sheet = page.getByRole('region', { name: 'Alat baca' });
      await sheet.getByRole('tab', { name: 'Tampilan' }).tap();
      const larger = sheet.getByRole('button', { name: 'Perbesar huruf' });
      await expectReachable(page, larger);
      for (let i = 0; i < 3; i++) await larger.tap();
      const saved = page.waitForResponse((r) => r.url().includes('/webhook/reading-preferences') && r.request().method() === 'PUT' && r.ok());
      await sheet.getByRole('button', { name: 'Gelap' }).tap();
      await saved;
      await expect(sheet.locator('output')).toHaveText('130%');
      await expect.poll(async () => parseFloat(await chapterFontSize())).toBeCloseTo(base * 1.3, 0);
      await expect.poll(() => layoutFits(page)).toBe(true);
      const dark = 'rgb(22, 24, 28)';
      await expect(page.locator('header[aria-label="Alat pembaca"]')).toHaveCSS('background-color', dark);

      await page.reload();
      await expect(page.locator('html[data-reader-painted="true"]')).toHaveCount(1, { timeout: 30_000 });
      await expect.poll(async () => parseFloat(await chapterFontSize())).toBeCloseTo(base * 1.3, 0);
      await expect(page.locator('header[aria-label="Alat pembaca"]')).toHaveCSS('background-color', dark);

      const other = await otherDevice(browser);
      try {
        const errors: string[] = [];
        guardPage(other, errors);
        await signIn(other, demoUsers.guru);
        await openEpub(other, books.moby);
        const size = await other.locator('.epub-stage iframe').first().evaluate((frame) => getComputedStyle((frame as HTMLIFrameElement).contentDocument!.documentElement).fontSize);
        expect(parseFloat(size)).toBeCloseTo(base * 1.3, 0);
        await other.getByRole('button', { name: 'Buka alat baca' }).tap();
        await other.getByRole('tab', { name: 'Tampilan' }).tap();
        await expect(other.getByRole('region', { name: 'Alat baca' }).locator('output')).toHaveText('130%');
        await expect(other.getByRole('button', { name: 'Gelap' })).toHaveAttribute('aria-pressed', 'true');
        expect(errors).toEqual([]);
      } finally {
        await other.context().close();
      }
    } finally {
      await reset();
    }
  });

  test('a PDF read page by page turns with a swipe, and its bars take the dark theme', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, demoUsers.pustakawan);
    const reset = () => page.request.put('/webhook/reading-preferences', { data: { font_size: 100, font_family: 'book', line_height: 0, margin: 'normal', theme: 'light', pdf_flow: 'scroll' } });
    await reset();
    try {
      await page.goto(`/read-book?book=${books.openPaper.book_id}`);
      await expect(page.locator('html[data-reader-painted="true"]')).toHaveCount(1, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Buka alat baca' }).tap();
      const sheet = page.getByRole('region', { name: 'Alat baca' });
      await sheet.getByRole('tab', { name: 'Tampilan' }).tap();
      await sheet.getByRole('button', { name: 'Per halaman' }).tap();
      await sheet.getByRole('button', { name: 'Gelap' }).tap();
      await sheet.getByRole('button', { name: 'Tutup alat baca' }).tap();
      await expect(page.locator('header[aria-label="Alat pembaca"]')).toHaveCSS('background-color', 'rgb(22, 24, 28)');
      // Page by page, the whole page is in view.
      const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
      const pages = (await page.locator('.reader-pages').boundingBox())!;
      expect(pageBox.height).toBeLessThanOrEqual(pages.height);
      await expect(page.getByText('Halaman 1 dari 9')).toBeVisible();
      await swipe(page, pages.x + pages.width * 0.85, pages.x + pages.width * 0.15, pages.y + pages.height / 2);
      await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
      await swipe(page, pages.x + pages.width * 0.85, pages.x + pages.width * 0.15, pages.y + pages.height / 2);
      await expect(page.getByText('Halaman 3 dari 9')).toBeVisible();
      await swipe(page, pages.x + pages.width * 0.15, pages.x + pages.width * 0.85, pages.y + pages.height / 2);
      await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
    } finally {
      await reset();
    }
  });
});

/** A second browser of the same size, as another phone of the same reader would be. */
async function otherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...phone({ width: 390, height: 844 }), locale: 'id-ID', baseURL: test.info().project.use.baseURL });
  return context.newPage();
}
