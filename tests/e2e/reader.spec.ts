import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { signIn, demoUsers } from './support/auth.ts';
import { borrow, breakStoredPdf, fixtures, ingest } from './support/books.ts';

/*
 * The readers end to end: each test adds its own copy of a fixture with `npm run ingest` (handed to
 * the running server), borrows it as the demo student and reads it in the browser.
 */

const baseUrl = () => test.info().project.use.baseURL!;

async function firstPageHasInk(page: Page): Promise<boolean> {
  return page.locator('[data-page="1"] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark += 1;
    return dark > 100;
  });
}

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Buka pencarian' }).click();
  return page.getByRole('searchbox', { name: 'Cari di buku' });
}

test.describe('PDF reader', () => {
  test('a borrowed DRM PDF opens, searches, keeps a bookmark on the server and reopens at the last page', async ({ page }) => {
    // Renders and searches every page twice, and opens the reader three times.
    test.setTimeout(90_000);
    const book = await ingest(baseUrl(), 'panduan.pdf', ['--title', 'Panduan', '--drm']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);

    const streamed: Buffer[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/storage/streamobject') || !response.ok()) return;
      // A body is gone once the page navigates away; only the first page's answers matter here.
      response.body().then((body) => streamed.push(body), () => {});
    });
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByRole('heading', { name: 'Panduan' })).toBeVisible();
    await expect(page.getByText('Halaman 1 dari 9')).toBeVisible();
    await expect.poll(() => firstPageHasInk(page), { timeout: 20_000 }).toBe(true);
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.some((body) => body.includes('%PDF-'))).toBe(false);
    // The text layer is there for screen readers and selection.
    await expect(page.locator('[data-page="1"] .textLayer')).toContainText('Baca, pinjam dan ulas buku digital');

    // Search: Enter runs it, next moves, whole word changes the count (baca is also in membaca,
    // bacaan and pembaca).
    const box = await openSearch(page);
    await box.fill('baca');
    await box.press('Enter');
    const counter = page.getByRole('search').getByRole('status');
    await expect(counter).toHaveText(/^1 dari \d+$/, { timeout: 20_000 });
    await expect(page.locator('.textLayer .highlight.selected')).toHaveCount(1);
    // Every page searched: the count is final.
    await expect(page.getByRole('search')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const total = Number((await counter.textContent())!.split(' dari ')[1]);
    await page.getByRole('button', { name: 'Hasil berikutnya' }).click();
    await expect(counter).toHaveText(`2 dari ${total}`);
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Seluruh kata' }).click();
    await expect(counter).toHaveText(/^1 dari \d+$/);
    await expect(page.getByRole('search')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const wholeWords = Number((await counter.textContent())!.split(' dari ')[1]);
    expect(wholeWords).toBeGreaterThan(0);
    expect(wholeWords).toBeLessThan(total);
    await box.fill('zzqqxx');
    await box.press('Enter');
    await expect(counter).toHaveText('Tidak ditemukan');
    await page.getByRole('button', { name: 'Hapus pencarian' }).click();
    await expect(box).toHaveValue('');

    // Bookmark page 2; it is read back from the server after the browser forgets it.
    await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
    const synced = page.waitForResponse((r) => r.url().includes('/webhook/sync-bookmark') && r.ok());
    await page.getByRole('button', { name: 'Tandai halaman ini' }).click();
    await synced;
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByText(/^Halaman \d+ dari 9$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    await page.getByRole('tab', { name: 'Penanda' }).click();
    await page.getByRole('button', { name: 'Halaman 2 | Panduan' }).click();
    await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hapus penanda halaman ini' })).toHaveAttribute('aria-pressed', 'true');

    // Keyboard reading still works: the arrow key turns the page.
    await page.locator('.reader-pages').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Halaman 3 dari 9')).toBeVisible();

    // Back syncs the position; Read opens there again.
    const saved = page.waitForResponse((r) => r.url().includes('/webhook/book-reading-progress') && r.request().method() === 'POST' && r.ok());
    await page.getByRole('button', { name: 'Kembali' }).click();
    await saved;
    await page.waitForURL((url) => !url.pathname.startsWith('/read-book'));
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByText('Halaman 3 dari 9')).toBeVisible({ timeout: 20_000 });
  });

  test('the outline of a long PDF jumps to its chapters', async ({ page }) => {
    const book = await ingest(baseUrl(), 'panduan-bersampul.pdf', ['--title', 'Panduan Bersampul']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByText('Halaman 1 dari 10')).toBeVisible({ timeout: 20_000 });
    const navigation = (await (await page.request.get(`/webhook/book-navigation?book_id=${book.book_id}`)).json()).data;
    const preface = navigation.toc.find((entry: { title: string }) => entry.title === 'Meminjam Buku');
    expect(preface.page).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    await expect(page.getByRole('tab', { name: 'Daftar Isi' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: /^Meminjam Buku/ }).click();
    await expect(page.getByText(`Halaman ${preface.page} dari 10`)).toBeVisible();
  });

  test('a password-protected PDF opens without asking', async ({ page }) => {
    const book = await ingest(baseUrl(), 'sandi-abc.pdf', ['--password', 'abc']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    let prompted = false;
    page.on('dialog', (dialog) => {
      prompted = true;
      void dialog.dismiss();
    });
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.locator('[data-page="1"] .textLayer')).toContainText('Dokumen Bersandi 6010', { timeout: 20_000 });
    expect(prompted).toBe(false);
  });

  test.describe(() => {
    // The reader logs why the book could not be opened, and the browser logs the failed requests.
    test.use({ allowErrors: /The book could not be opened|Failed to load resource/ });
  test('a file broken after ingest shows the error screen, and Muat Ulang tries again', async ({ page }) => {
    // A one-page file: pdf.js reads all of a file without a PDF structure before it gives up, and
    // does so again on Muat Ulang; for a 1 MB file that took seconds, and minutes on a busy machine.
    const book = await ingest(baseUrl(), 'sandi-abc.pdf', ['--password', 'abc']);
    breakStoredPdf(book, statSync(join(fixtures, 'sandi-abc.pdf')).size);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByRole('heading', { name: 'Terjadi kesalahan pada sistem internal...' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Silakan muat ulang atau coba kembali nanti.')).toBeVisible();
    // A report button that could not report is not offered.
    await expect(page.getByRole('button', { name: 'Laporkan Masalah' })).toHaveCount(0);
    const retried = page.waitForRequest((r) => r.url().includes('/storage/streamobject'));
    await page.getByRole('button', { name: 'Muat Ulang' }).click();
    await retried;
    await expect(page.getByRole('button', { name: 'Muat Ulang' })).toBeVisible({ timeout: 20_000 });
  });

  });

  test('a book without a loan is not streamed', async ({ page }) => {
    const book = await ingest(baseUrl(), 'panduan.pdf');
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByText('Pinjam buku ini terlebih dahulu untuk membacanya.')).toBeVisible();
  });

  test('every toolbar control is a labelled button reached with Tab, and copying yields nothing', async ({ page }) => {
    const book = await ingest(baseUrl(), 'panduan.pdf');
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect.poll(() => firstPageHasInk(page), { timeout: 20_000 }).toBe(true);
    const names = ['Kembali', 'Menu daftar isi dan penanda', 'Perkecil', 'Perbesar', 'Tampilkan gambar kecil halaman', 'Tandai halaman ini', 'Buka pencarian'];
    await page.getByRole('button', { name: 'Kembali' }).focus();
    const reached: string[] = [];
    for (let i = 0; i < names.length + 2; i++) {
      reached.push((await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')) || '');
      await page.keyboard.press('Tab');
    }
    for (const name of names) expect(reached).toContain(name);

    const copied = await page.evaluate(() => {
      const event = new ClipboardEvent('copy', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      document.querySelector('.textLayer span')!.dispatchEvent(event);
      return { prevented: event.defaultPrevented, text: event.clipboardData!.getData('text/plain') };
    });
    expect(copied).toEqual({ prevented: true, text: '' });
    const devtools = await page.evaluate(() => {
      const event = new KeyboardEvent('keydown', { key: 'I', ctrlKey: true, shiftKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(devtools).toBe(true);

    // Thumbnails: a 20% panel of 'Halaman N' buttons that open their page.
    await page.getByRole('button', { name: 'Tampilkan gambar kecil halaman' }).click();
    await page.getByRole('navigation', { name: 'Gambar kecil halaman' }).getByRole('button', { name: 'Halaman 4' }).click();
    await expect(page.getByText('Halaman 4 dari 9')).toBeVisible();
  });
});

test.describe('EPUB reader', () => {
  test('a DRM EPUB shows chapter text, its contents jump, and the position comes back', async ({ page }) => {
    // epub.js unpacks a book streamed in sealed chunks, twice.
    test.setTimeout(90_000);
    const book = await ingest(baseUrl(), 'epub3-gambar.epub', ['--title', 'Kampung Pustaka']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.locator('body')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    await page.getByRole('button', { name: 'Bab 1. Pagi di Pelabuhan' }).click();
    await expect(frame.getByText(/^Namaku Laut, dan aku lahir di kampung nelayan ini\./)).toBeVisible({ timeout: 20_000 });
    // The label already shows the chapter's place; wait until Next has moved it on.
    const label = page.locator('footer [data-progress]');
    await expect(label).toContainText(/± halaman \d+ dari \d+/, { timeout: 20_000 });
    await expect(label).toBeVisible({ timeout: 20_000 });
    const before = await label.getAttribute('data-position');
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(label).not.toHaveAttribute('data-position', before!, { timeout: 20_000 });
    const position = await label.getAttribute('data-position');

    const saved = page.waitForResponse((r) => r.url().includes('/webhook/book-reading-progress') && r.request().method() === 'POST' && r.ok());
    await page.getByRole('button', { name: 'Kembali' }).click();
    const body = (await saved).request().postDataJSON();
    expect(body.epub_read_locator).toMatch(/^epubcfi\(/);
    await page.waitForURL((url) => !url.pathname.startsWith('/read-book'));
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    await expect(page.locator('footer [data-progress]')).toHaveAttribute('data-position', position!, { timeout: 20_000 });
  });

  test('an open EPUB reads without a loan, fixed layout too', async ({ page }) => {
    const book = await ingest(baseUrl(), 'sajak.epub', ['--open']);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    await expect(page.frameLocator('.epub-view iframe').getByText('Pagi datang dari balik bukit kapur,')).toBeVisible({ timeout: 20_000 });
    const comic = await ingest(baseUrl(), 'fxl-gambar.epub', ['--open']);
    await page.goto(`/read-book?book=${comic.book_id}`);
    await expect(page).toHaveURL(/read-book-epub/);
    await expect(page.frameLocator('.epub-view iframe').first().locator('img, image').first()).toBeVisible({ timeout: 20_000 });
  });
});
