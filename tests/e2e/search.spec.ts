import { expect, test } from 'playwright/test';
import { demoUsers, signIn } from './support/auth.ts';
import { allBooks } from './support/members.ts';

/* The header search leads to /search, which lists books by title or author, with or without JavaScript. */

test.describe('search', () => {
  test('the header search lands on results from the home page, the book list and a book page', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    const books = await allBooks(page.request);
    const withAuthor = books.find((b) => b.book_author && b.book_author.split(' ').length >= 2)!;
    const surname = withAuthor.book_author!.split(' ').at(-1)!;
    const byAuthor = books.filter((b) => b.book_author?.toLowerCase().includes(surname.toLowerCase()) || b.book_title.toLowerCase().includes(surname.toLowerCase()));

    for (const start of ['/', '/books', `/book/${books[3]!.id}`]) {
      await page.goto(start);
      const box = page.locator('#header-search');
      await box.fill(surname);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe(surname);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hasil pencarian “${surname}”`);
      await expect(page.getByRole('link', { name: 'Buku', exact: true }).and(page.locator('[aria-current="page"]'))).toBeVisible();
      const results = page.getByRole('list', { name: 'Hasil pencarian buku' });
      // An author's name finds their books, not only titles.
      await expect(results.getByRole('heading', { name: withAuthor.book_title, exact: true })).toBeVisible();
      await expect(page.locator('[data-search-count]')).toHaveText(`${byAuthor.length} buku ditemukan`);
    }
  });

  test('the home page search box, a title and author mix, and a search that finds nothing', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    const book = (await allBooks(page.request)).find((b) => b.book_author && b.book_title.split(' ').length >= 2)!;
    const mixed = `${book.book_title.split(' ')[0]} ${book.book_author!.split(' ')[0]}`;
    await page.goto('/');
    await page.locator('#home-search').fill(mixed);
    await page.locator('#home-search').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    await expect(page.getByRole('list', { name: 'Hasil pencarian buku' }).getByRole('heading', { name: book.book_title, exact: true })).toBeVisible();

    await page.goto('/search?q=zzqxxkata-tanpa-hasil&tab=books');
    await expect(page.getByText('Tidak ada buku yang cocok dengan “zzqxxkata-tanpa-hasil”.')).toBeVisible();
    await page.getByRole('link', { name: 'Jelajahi semua buku' }).click();
    await expect(page).toHaveURL(/\/books$/);
  });

  test('works without JavaScript, 25 results then 25 more', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(demoUsers.siswa);
    await page.getByLabel('Kata sandi', { exact: true }).fill('demo12345');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    // "a" is in nearly every title or name: more than one page.
    await page.goto('/search?q=a&tab=books');
    const results = page.getByRole('list', { name: 'Hasil pencarian buku' });
    await expect(results.getByRole('listitem')).toHaveCount(25);
    const total = Number((await page.locator('[data-search-count]').textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(25);
    await page.getByRole('link', { name: 'Muat lebih banyak' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(results.getByRole('listitem')).toHaveCount(Math.min(50, total));
    await expect(page.getByRole('link', { name: 'Muat lebih banyak' })).toHaveCount(total > 50 ? 1 : 0);
    await context.close();
  });
});
