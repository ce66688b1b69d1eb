import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { signIn, demoUsers } from './support/auth.ts';
import { borrow, ingest } from './support/books.ts';

/*
 * Offline reading: an open book saved from its page is read with the network off (the service
 * worker serves its reader page and files), and what was done offline reaches the server once
 * the network is back. A save that fails leaves nothing in the browser's storage.
 */

const baseUrl = () => test.info().project.use.baseURL!;

// Without network the browser logs each refused request (the worker's tries included).
test.use({ allowErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|net::ERR_FAILED/ });

const pdfWorkerKept = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('epustaka-shell-v1')).keys()).some((request) => /\/_astro\/pdf\.worker[^/]*\.mjs$/.test(request.url)));
const bookBuckets = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('epustaka-book-')));

test('an open book saved for offline is read without network, and its bookmark reaches the server afterwards', async ({ page, context }) => {
  // Waits for the service worker, saves the book, opens the reader twice and the offline page.
  test.setTimeout(120_000);
  const book = await ingest(baseUrl(), 'panduan.pdf', ['--title', 'Buku Luring', '--open']);
  await signIn(page, demoUsers.siswa);
  await borrow(page, book);

  // Signed-out pages carry no manifest (nothing competes with their first paint); signed-in ones can be installed.
  const visitor = await page.context().browser()!.newContext({ baseURL: baseUrl() });
  const publicHtml = await (await visitor.request.get(`/book/${book.book_id}`)).text();
  await visitor.close();
  expect(publicHtml).toContain('<h1');
  expect(publicHtml).not.toContain('rel="manifest"');
  await page.goto(`/book/${book.book_id}`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // The worker is installed and controls the page.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller);
  const save = page.getByRole('button', { name: /^Simpan untuk offline \(.+B\)$/ });
  await save.click();
  await expect(page.locator('[data-offline-state="saved"]')).toContainText('Tersimpan offline', { timeout: 30_000 });
  expect(await bookBuckets(page)).toEqual([`epustaka-book-${book.book_id}`]);

  await context.setOffline(true);
  const opened = await page.goto(`/read-book?book=${book.book_id}`);
  // The worker answered with the copy kept on the device: the network was out of reach.
  expect(opened?.fromServiceWorker()).toBe(true);
  expect(opened?.headers()['x-served-from']).toBe('offline-copy');
  await expect(page.getByText('Halaman 1 dari 9')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByText('Halaman 1 dari 9')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-page="1"] canvas')).toBeVisible({ timeout: 20_000 });

  // Pages turn, and a bookmark is kept in the browser while offline.
  await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
  await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
  await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
  await expect(page.getByText('Halaman 3 dari 9')).toBeVisible();
  await page.getByRole('button', { name: 'Tandai halaman ini' }).click();
  await expect(page.getByRole('button', { name: 'Hapus penanda halaman ini' })).toHaveAttribute('aria-pressed', 'true');

  // Back online: the bookmark and the position are sent, and the server has them.
  const synced = page.waitForResponse((r) => r.url().includes('/webhook/sync-bookmark') && r.ok());
  const position = page.waitForResponse((r) => r.url().includes('/webhook/book-reading-progress') && r.request().method() === 'POST' && r.ok());
  await context.setOffline(false);
  await synced;
  expect((await position).request().postDataJSON()).toMatchObject({ book_id: book.book_id, last_page: 3, total_page: 9 });
  const list = await page.request.get(`/webhook/bookmark-list?book_id=${book.book_id}`);
  expect(((await list.json()).data as { page: number }[]).map((b) => b.page)).toEqual([3]);

  // Another page without network shows the offline page, which lists the saved book.
  await context.setOffline(true);
  await page.goto('/timeline');
  await expect(page.getByRole('heading', { name: 'Anda sedang offline' })).toBeVisible();
  await expect(page.locator(`[data-saved-book="${book.book_id}"]`)).toContainText('Buku Luring');
  await context.setOffline(false);

  // The shelf lists it with the storage used; removing it frees its bucket.
  await page.goto('/shelf');
  const saved = page.locator(`[data-saved-book="${book.book_id}"]`);
  await expect(saved).toContainText('Buku Luring');
  await expect(page.locator('[data-storage-use]')).toContainText(/Buku tersimpan: [\d,]+ [KM]B · penyimpanan situs: .+ dari .+/);
  // The reader's engine is kept while a saved PDF needs it, and dropped with the book.
  expect(await pdfWorkerKept(page)).toBe(true);
  await saved.getByRole('button', { name: 'Hapus Buku Luring dari perangkat' }).click();
  await expect(saved).toHaveCount(0);
  expect(await bookBuckets(page)).toEqual([]);
  await expect.poll(() => pdfWorkerKept(page)).toBe(false);
});

test('a saved open EPUB opens its chapter without network', async ({ page, context }) => {
  const book = await ingest(baseUrl(), 'sajak.epub', ['--title', 'Tanah Tandus', '--open']);
  await signIn(page, demoUsers.siswa);
  await borrow(page, book);
  await page.goto(`/book/${book.book_id}`);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller);
  await page.getByRole('button', { name: /^Simpan untuk offline \(.+B\)$/ }).click();
  await expect(page.locator('[data-offline-state="saved"]')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.goto(`/read-book-epub?book=${book.book_id}`);
  await expect(page.frameLocator('.epub-view iframe').getByText('Pagi datang dari balik bukit kapur,')).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
});

test.describe('a failed save', () => {
  // Without the worker the page's own requests can be cut here; the save does not depend on it.
  test.use({ serviceWorkers: 'block' });

  test('leaves no part of the book behind', async ({ page }) => {
    const book = await ingest(baseUrl(), 'sajak.epub', ['--title', 'Tanah Tandus', '--open']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/book/${book.book_id}`);
    await page.route(`**/storage/books/${book.book_id}/epub/**/*.css`, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /^Simpan untuk offline \(.+B\)$/ }).click();
    await expect(page.getByText('Buku gagal disimpan')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Simpan untuk offline/ })).toBeVisible();
    expect(await bookBuckets(page)).toEqual([]);
  });
});
