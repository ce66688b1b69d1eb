import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { borrow, ingest } from './support/books.ts';

/*
 * A book saved on this device: saving asks only for files that exist, and signing out, which
 * deletes the saved books with the rest of the site's storage, says so and asks first.
 */

const baseUrl = () => test.info().project.use.baseURL!;
const bookBuckets = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('epustaka-book-')));

test('saving asks for no missing file; signing out warns that the saved book will be deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const book = await ingest(baseUrl(), 'panduan.pdf', ['--title', 'Buku Perangkat', '--open']);
  await signIn(page, demoUsers.siswa);
  await borrow(page, book);
  await page.goto(`/book/${book.book_id}`);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller);

  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.getByRole('button', { name: /^Simpan untuk offline \(.+B\)$/ }).click();
  await expect(page.locator('[data-offline-state="saved"]')).toContainText('Tersimpan offline', { timeout: 30_000 });
  expect(missing).toEqual([]);
  expect(await bookBuckets(page)).toEqual([`epustaka-book-${book.book_id}`]);

  // Signing out says what will be deleted; cancelling keeps the session and the book.
  const menu = page.getByRole('button', { name: /Menu profil/ });
  await menu.click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  const ask = page.getByRole('dialog', { name: 'Keluar dari akun?' });
  await expect(ask).toContainText('1 buku yang Anda simpan untuk dibaca offline di perangkat ini akan dihapus');
  await ask.getByRole('button', { name: 'Batal' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/book/${book.book_id}`));
  expect(await bookBuckets(page)).toEqual([`epustaka-book-${book.book_id}`]);

  await menu.click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await ask.getByRole('button', { name: 'Keluar dan hapus' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expect.poll(() => bookBuckets(page)).toEqual([]);
});
