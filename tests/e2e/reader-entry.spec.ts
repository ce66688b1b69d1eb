import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { borrow, ingest, type IngestedBook } from './support/books.ts';
import { returnBook } from './support/members.ts';

/*
 * How the reader opens: the question whether to continue the book read last comes only from the
 * generic entry /read and only for a book that can still be read, starting on the book the user
 * opened; a book whose loan has ended says so and offers borrowing it again.
 */

const baseUrl = () => test.info().project.use.baseURL!;

async function painted(page: Page): Promise<void> {
  await expect(page.locator('html[data-reader-painted="true"]')).toBeAttached({ timeout: 30_000 });
}

/** Opens a book in the reader as its own page links to it, and waits for its first page. */
async function read(page: Page, book: IngestedBook): Promise<void> {
  await page.goto(`/read-book?book=${book.book_id}`);
  await painted(page);
}

test.describe('continue reading?', () => {
  // The position kept for the returned book can no longer be saved: the server refuses it.
  test.use({ allowErrors: /status of 403 .*book-reading-progress/ });
  test('a chosen book is never interrupted; /read asks about a book still on loan, focused on the opened one; never about a returned one', async ({ page }) => {
    test.setTimeout(120_000);
    const [first, second] = await Promise.all([
      ingest(baseUrl(), 'panduan.pdf', ['--title', 'Buku Pertama', '--drm']),
      ingest(baseUrl(), 'panduan.pdf', ['--title', 'Buku Kedua', '--drm']),
    ]);
    await signIn(page, demoUsers.siswa);
    await borrow(page, first);
    await borrow(page, second);
    const ask = page.getByRole('dialog', { name: 'Lanjutkan membaca?' });

    // Read the first book, then choose the second: no question, the user just chose it.
    await read(page, first);
    await read(page, second);
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Buku Kedua' })).toBeVisible();

    // The generic entry asks about the second book, still on loan, with the focus on the opened one.
    await page.goto(`/read?book=${first.book_id}`);
    await expect(ask).toBeVisible({ timeout: 30_000 });
    await expect(ask).toContainText('Buku Kedua');
    await expect(ask.getByRole('button', { name: 'Baca buku ini' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Buku Pertama' })).toBeVisible();

    // Once the second book is returned, the generic entry does not offer it.
    await read(page, second);
    await page.goto('/shelf');
    await returnBook(page.request, second.book_id);
    const checked = page.waitForResponse((r) => r.url().includes('/webhook/book-detail') && r.url().includes(second.book_id));
    await page.goto(`/read?book=${first.book_id}`);
    await painted(page);
    await checked;
    await expect(ask).toHaveCount(0);
  });
});

for (const lang of ['id', 'en'] as const) {
  test(`(${lang}) a returned book says its loan has ended and offers borrowing it again`, async ({ page, context }) => {
    const book = await ingest(baseUrl(), 'panduan.pdf', ['--title', 'Buku Kembali', '--drm']);
    await signIn(page, demoUsers.siswa);
    await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
    await borrow(page, book);
    await returnBook(page.request, book.book_id);
    await page.goto(`/read-book?book=${book.book_id}`);
    const ended = lang === 'id' ? 'Masa pinjam buku ini sudah berakhir' : 'Your loan of this book has ended';
    await expect(page.getByRole('heading', { name: ended })).toBeVisible();
    await expect(page.getByText(lang === 'id' ? 'Terjadi kesalahan pada sistem internal' : 'Something went wrong')).toHaveCount(0);
    const again = page.getByRole('link', { name: lang === 'id' ? 'Pinjam lagi' : 'Borrow again' });
    await expect(again).toHaveAttribute('href', `/book/${book.book_id}`);
    await again.click();
    await expect(page).toHaveURL(new RegExp(`/book/${book.book_id}`));
  });
}
