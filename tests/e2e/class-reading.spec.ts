import type { Page } from 'playwright/test';
import { expect, type OpenPage, test } from './support/console-guard.ts';
import { SCREENS, type Screen } from './support/screens.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { ingest } from './support/books.ts';

const baseUrl = () => test.info().project.use.baseURL!;

/*
 * Reading in class with the demo school, on a desktop and on a phone: Bagus opens XI IPA 1's
 * reading from the school page, sees what Sekar reads and recommends a new catalogue book to the
 * class; Sekar's notification leads to the book; Ratna sees the members' loans in her library's
 * Members' reading tab, which Sekar does not get; Sekar's settings say who sees her reading.
 */

/** `email` signed in on a page of its own, shaped like `screen`; `refused` names the API's refusals the journey provokes. */
async function person(openPage: OpenPage, email: string, use: Screen['use'], refused: RegExp | null = null): Promise<Page> {
  const page = await openPage(use, refused);
  await signIn(page, email, undefined, '/');
  return page;
}

/** The page is no wider than the screen. */
async function fitsScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const screen of SCREENS) {
  test(`reading in class on a ${screen.name}`, async ({ openPage }) => {
    test.setTimeout(120_000);
    const title = `Rekomendasi ${screen.name} ${Date.now().toString(36)}`;
    const book = await ingest(baseUrl(), 'panduan.pdf', ['--title', title]);
    // The API refuses the book recommended twice (409), which the browser logs.
    const bagus = await person(openPage, demoUsers.guru, screen.use, /status of 409 \(Conflict\) \(http:\/\/[^)]+\/webhook\/class-recommendation:/);

    // From the school page to XI IPA 1's reading: the class's totals and Sekar's books.
    await bagus.goto('/school');
    await bagus.getByRole('link', { name: /Bacaan kelas XI IPA 1/ }).click();
    await bagus.waitForURL(/\/school\/class-reading\?class=/);
    await expect(bagus.getByRole('heading', { level: 1 })).toContainText('XI IPA 1');
    await expect(bagus.locator('[data-total="students"]')).toContainText('2');
    const sekarCard = bagus.locator('[data-student="Sekar Ayu Lestari"]');
    await expect(sekarCard.locator('[data-book="Bayang-Bayang Gunung Agung"]')).toContainText('Dipinjam');
    await expect(sekarCard.locator('[data-count="books_finished"]')).toHaveText('2');
    await expect(sekarCard.locator('[data-count="seconds_read"]')).toHaveText('2 j 3 mnt');
    await fitsScreen(bagus);

    // One step recommends the book to the whole class.
    const recommend = bagus.locator('[data-class-recommend]');
    await recommend.scrollIntoViewIfNeeded();
    await expect(bagus.locator('astro-island[ssr]')).toHaveCount(0);
    await recommend.getByLabel('Cari buku di katalog').fill(title);
    await recommend.getByRole('button', { name: 'Cari', exact: true }).click();
    await recommend.getByRole('radio', { name: new RegExp(title) }).check();
    await recommend.getByRole('button', { name: 'Rekomendasikan ke kelas XI IPA 1' }).click();
    await expect(bagus.getByText('Rekomendasi terkirim ke 2 siswa.')).toBeVisible();
    await expect(recommend.locator('[data-recommendations]')).toContainText(title);
    // The same book again is refused, and said so.
    await recommend.getByLabel('Cari buku di katalog').fill(title);
    await recommend.getByRole('button', { name: 'Cari', exact: true }).click();
    await recommend.getByRole('radio', { name: new RegExp(title) }).check();
    await recommend.getByRole('button', { name: 'Rekomendasikan ke kelas XI IPA 1' }).click();
    await expect(bagus.getByText('Buku ini sudah pernah direkomendasikan ke kelas ini.')).toBeVisible();

    // Sekar is told, and the notification leads to the book.
    const sekar = await person(openPage, demoUsers.siswa, screen.use);
    await sekar.goto('/notifications-detail');
    await sekar.getByTestId('notification').filter({ hasText: `merekomendasikan “${title}” untuk kelas XI IPA 1` }).click();
    await sekar.waitForURL(new RegExp(`/book/${book.book_id}`));
    await expect(sekar.getByRole('heading', { level: 1 })).toContainText(title);

    // The class reading is not hers to see; nor is the library's Members' reading tab.
    await sekar.goto('/school/class-reading');
    await expect(sekar.locator('[data-no-classes]')).toBeVisible();
    await sekar.goto(`/epustaka/${book.epustaka_id}`);
    await expect(sekar.getByRole('link', { name: 'Bacaan anggota' })).toHaveCount(0);

    // Her settings say who sees what of her reading.
    await sekar.goto('/setting');
    const notice = sekar.locator('[data-reading-visibility]');
    await expect(notice.getByRole('heading', { name: 'Siapa yang melihat bacaan Anda' })).toBeVisible();
    await expect(notice).toContainText('XI IPA 1 (SMA Harapan Bangsa)');
    for (const kind of ['loans', 'progress', 'time', 'reviews']) await expect(notice.locator(`[data-visible="${kind}"]`)).toBeVisible();
    await expect(notice).toContainText('Perpustakaan Digital Nusantara');
    await fitsScreen(sekar);

    // The librarian sees the members' loans in her library's tab.
    const ratna = await person(openPage, demoUsers.pustakawan, screen.use);
    await ratna.goto(`/epustaka/${book.epustaka_id}`);
    await ratna.getByRole('link', { name: 'Bacaan anggota' }).click();
    await ratna.waitForURL(/tab=member-reading/);
    const tab = ratna.locator('[data-member-reading]');
    await expect(tab.locator('[data-loan="Sekar Ayu Lestari: Bayang-Bayang Gunung Agung"]')).toContainText('Berjalan');
    await expect(tab.getByRole('heading', { name: 'Ulasan anggota' })).toBeVisible();
    await fitsScreen(ratna);
  });
}
