import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/console-guard.ts';
import { signIn, demoUsers } from './support/auth.ts';
import { borrow, ingest, realBooks } from './support/books.ts';

/*
 * The readers on real-world books (the pdf.js demo paper, a 352-page book with an outline, IDPF
 * samples), when their folder is beside the repository; reader.spec.ts reads the same kinds of book
 * made by the repository. Without the folder these tests are skipped, and the run says why.
 */

const missing = existsSync(realBooks) ? null : `the real-world books are not here (${realBooks}); put them there or point BOOK_FIXTURES_DIR at them to run these tests`;
if (missing) console.warn(`reader-real-books.spec.ts: skipped, ${missing}.`);

const baseUrl = () => test.info().project.use.baseURL!;
const real = (name: string) => join(realBooks, name);

test.describe('readers on real-world books', () => {
  test.skip(missing !== null, missing ?? '');

  test('a PDF with embedded fonts shows its text layer and finds a word on every page', async ({ page }) => {
    test.setTimeout(90_000);
    const book = await ingest(baseUrl(), real('tracemonkey.pdf'), ['--title', 'TraceMonkey']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByText('Halaman 1 dari 14')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-page="1"] .textLayer')).toContainText('Trace-based Just-in-Time', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Buka pencarian' }).click();
    const box = page.getByRole('searchbox', { name: 'Cari di buku' });
    await box.fill('trace');
    await box.press('Enter');
    await expect(page.getByRole('search')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const total = Number((await page.getByRole('search').getByRole('status').textContent())!.split(' dari ')[1]);
    expect(total).toBeGreaterThan(10);
  });

  test('the outline of a 352-page PDF jumps to its chapters', async ({ page }) => {
    const book = await ingest(baseUrl(), real('freeculture-352p-outline.pdf'), ['--title', 'Free Culture']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book?book=${book.book_id}`);
    await expect(page.getByText('Halaman 1 dari 352')).toBeVisible({ timeout: 20_000 });
    const navigation = (await (await page.request.get(`/webhook/book-navigation?book_id=${book.book_id}`)).json()).data;
    const preface = navigation.toc.find((entry: { title: string }) => entry.title === 'PREFACE');
    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    await page.getByRole('button', { name: /^PREFACE/ }).click();
    await expect(page.getByText(`Halaman ${preface.page} dari 352`)).toBeVisible();
  });

  test('a long EPUB opens at a chapter from its contents, and a fixed-layout comic shows its page', async ({ page }) => {
    test.setTimeout(90_000);
    const book = await ingest(baseUrl(), real('moby-dick.epub'), ['--title', 'Moby-Dick', '--open']);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.locator('body')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    await page.getByRole('button', { name: 'Chapter 1. Loomings.' }).click();
    await expect(frame.getByText('Call me Ishmael.')).toBeVisible({ timeout: 20_000 });
    const comic = await ingest(baseUrl(), real('page-blanche-fxl.epub'), ['--open']);
    await page.goto(`/read-book?book=${comic.book_id}`);
    await expect(page).toHaveURL(/read-book-epub/);
    await expect(page.frameLocator('.epub-view iframe').first().locator('img, image').first()).toBeVisible({ timeout: 20_000 });
  });
});
