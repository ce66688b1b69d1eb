import { expect, test, type Browser, type Page } from 'playwright/test';
import { demoUsers, signIn } from './support/auth.ts';
import { borrow, ingest, type IngestedBook } from './support/books.ts';
import { hydrated, open } from './support/pages.ts';
import { joinLibrary } from './support/members.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * The shelf in the Indonesian UI on a phone-sized screen: loans with their due
 * date, reading, returning, a queue whose held copy is borrowed from the shelf, reviews written
 * from the Review tab, the reading history with its progress, and every link the shelf shows.
 * Each test adds its own copy of a fixture book, so tests share no loans or queues.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const baseUrl = () => test.info().project.use.baseURL!;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addBook(title: string, copies: number): Promise<IngestedBook> {
  return ingest(baseUrl(), 'panduan.pdf', ['--title', title, '--drm', '--copies', String(copies)]);
}

/** The card of a book in a shelf list. */
function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'id-ID' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}


/**
 * A new student who has joined the book's (public) ePustaka. The shelf's tabs preview the six
 * items due soonest, so journeys that look for one loan there use a student whose shelf no other
 * test touches.
 */
async function signInAsNewReader(page: Page, name: string, book: IngestedBook): Promise<string> {
  const { id: userId } = await signInAsNewUser(page, name);
  await joinLibrary(page.request, book.epustaka_id, userId);
  return userId;
}

test.describe('shelf', () => {
  test('a borrowed book shows with its due date, opens in the reader, shows its progress, and is returned in place', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Rak Pinjam ${unique()}`;
    const book = await addBook(title, 2);
    await signInAsNewReader(page, 'Rak Peminjam', book);
    await borrow(page, book);

    // Server-rendered: the loan is in the first HTML, before any script.
    const html = await (await page.request.get('/shelf')).text();
    expect(html).toContain(title);

    await open(page, '/shelf');
    await expect(page.getByRole('link', { name: 'Pinjam', exact: true })).toHaveAttribute('aria-current', 'page');
    const loan = card(page, title);
    await expect(loan).toContainText('Jatuh tempo');
    await expect(loan).toContainText('7 hari lagi');
    await expect(loan).toContainText('dari Perpustakaan Digital Nusantara');
    await expect(loan.locator('time')).toHaveText(/^Jatuh tempo \S+, \d{1,2} \S+ \d{4}/);
    await expect(loan).toContainText('Belum mulai dibaca');

    // Read it: the reader opens on page 1; going on to page 2 and back syncs the position.
    await loan.getByRole('link', { name: 'Baca' }).click();
    await page.waitForURL(new RegExp(`/read-book\\?book=${book.book_id}$`));
    await expect(page.getByText('Halaman 1 dari 9')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await expect(page.getByText('Halaman 2 dari 9')).toBeVisible();
    const synced = page.waitForResponse((r) => r.url().includes('/webhook/book-reading-progress') && r.request().method() === 'POST' && r.ok());
    await page.getByRole('button', { name: 'Kembali' }).click();
    await synced;
    await page.waitForURL(/\/shelf$/);
    await hydrated(page);
    await page.reload();
    await hydrated(page);
    await expect(card(page, title)).toContainText('Halaman 2 dari 9 · 22');

    // History lists it first with the same progress.
    await page.getByRole('link', { name: 'Riwayat', exact: true }).click();
    await page.waitForURL(/\/shelf\?tab=history$/);
    await hydrated(page);
    const history = page.getByRole('list', { name: 'Riwayat baca' });
    await expect(history.getByRole('listitem').first()).toContainText(title);
    await expect(history.getByRole('listitem').first()).toContainText('Halaman 2 dari 9');

    // Share and recommend open the book page's dialogs for this book.
    await page.goBack();
    await hydrated(page);
    await card(page, title).getByRole('button', { name: `Bagikan: ${title}` }).click();
    const share = page.getByRole('dialog', { name: 'Bagikan buku' });
    await expect(share.getByRole('textbox')).toHaveValue(new RegExp(`/book/${book.book_id}$`));
    await share.getByRole('button', { name: 'Tutup' }).first().click();
    await expect(share).toBeHidden();
    await card(page, title).getByRole('button', { name: `Rekomendasikan ke teman: ${title}` }).click();
    const recommend = page.getByRole('dialog', { name: 'Rekomendasikan ke teman' });
    await expect(recommend.getByLabel('Pesan (opsional)')).toBeVisible();
    await recommend.getByRole('button', { name: 'Tutup' }).first().click();
    await expect(recommend).toBeHidden();

    // Return it after confirming; the list updates without a reload.
    await page.evaluate(() => ((window as unknown as { shelfMarker: boolean }).shelfMarker = true));
    await card(page, title).getByRole('button', { name: 'Kembalikan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Kembalikan buku?' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Kembalikan' }).click();
    await expect(page.getByText(`"${title}" sudah dikembalikan.`)).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shelfMarker?: boolean }).shelfMarker)).toBe(true);
    const status = await page.request.get(`/webhook/check-borrow-status?book_id=${book.book_id}`);
    expect((await status.json()).data.has_borrow).toBe(false);
  });

  test('returning a loan another tab already returned says so and drops it from the list', async ({ page }) => {
    const title = `Rak Kembali ${unique()}`;
    const book = await addBook(title, 2);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await open(page, '/more-book-shelf');
    const loan = (await (await page.request.get(`/webhook/check-borrow-status?book_id=${book.book_id}`)).json()).data.borrow_book_id;
    expect((await page.request.put('/webhook/book-return', { data: { borrow_book_id: loan } })).ok()).toBe(true);
    await card(page, title).getByRole('button', { name: 'Kembalikan' }).click();
    await page.getByRole('dialog', { name: 'Kembalikan buku?' }).getByRole('button', { name: 'Kembalikan' }).click();
    await expect(page.getByText(`"${title}" sudah dikembalikan sebelumnya.`)).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  });

  test('the first in the queue sees the held copy with its deadline after a return, and borrows it from the shelf', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const title = `Rak Antre ${unique()}`;
    const book = await addBook(title, 1);
    await signInAsNewReader(page, 'Rak Pengantre', book);
    await borrow(page, book);

    const guru = await signedInPage(browser, demoUsers.guru);
    await open(guru, `/book/${book.book_id}`);
    await guru.getByRole('button', { name: 'Antre pinjam' }).first().click();
    await expect(guru.getByText(/Anda masuk antrean di urutan ke-1\./)).toBeVisible();
    await open(guru, '/shelf?tab=queue');
    const entry = card(guru, title);
    await expect(entry).toContainText('Antrean ke-1');
    await expect(entry.getByRole('button', { name: 'Pinjam sekarang' })).toHaveCount(0);

    // The holder returns it from the shelf.
    await open(page, '/shelf');
    await card(page, title).getByRole('button', { name: 'Kembalikan' }).click();
    await page.getByRole('dialog', { name: 'Kembalikan buku?' }).getByRole('button', { name: 'Kembalikan' }).click();
    await expect(page.getByText(`"${title}" sudah dikembalikan.`)).toBeVisible();

    // The home page announces the held copy and leads to the queue.
    await guru.goto('/');
    const notice = guru.getByRole('status').filter({ hasText: '1 salinan menunggu Anda' });
    await expect(notice).toContainText(title);
    await notice.getByRole('link', { name: 'Pinjam dari antrean' }).click();
    await guru.waitForURL(/\/shelf\?tab=queue$/);
    await hydrated(guru);
    const held = card(guru, title);
    await expect(held.getByRole('status')).toContainText(/Salinan menunggu Anda sampai \S+, \d{1,2} \S+ \d{4}/);
    await expect(held.getByRole('status')).toContainText(/Sisa waktu (23 jam 5\d|24 jam 0) menit/);
    await held.getByRole('button', { name: 'Pinjam sekarang' }).click();
    await expect(guru.getByText(new RegExp(`"${title}" berhasil dipinjam sampai`))).toBeVisible();
    await expect(card(guru, title)).toHaveCount(0);
    await expect(guru.getByText('Anda tidak sedang mengantre buku apa pun.')).toBeVisible();
    await open(guru, '/shelf?tab=borrow');
    await expect(card(guru, title)).toContainText('7 hari lagi');
    // Someone waiting blocks nothing now: nobody else is in line, so the loan may be renewed once.
    // Renewing asks first, naming the new due date (a week after the current one), then says it is done.
    await card(guru, title).getByRole('button', { name: 'Perpanjang' }).click();
    const ask = guru.getByRole('dialog', { name: 'Perpanjang pinjaman?' });
    await expect(ask).toContainText(new RegExp(`"${title}" akan dipinjam sampai \\S+, \\d{1,2} \\S+ \\d{4} pukul \\d{2}\\.\\d{2} WIB`));
    await ask.getByRole('button', { name: 'Perpanjang' }).click();
    await expect(guru.getByText(/Pinjaman diperpanjang sampai .* WIB\./)).toBeVisible();
    await expect(card(guru, title)).toContainText('14 hari lagi');
    await expect(card(guru, title).getByRole('button', { name: 'Perpanjang' })).toHaveCount(0);
    await guru.context().close();
  });

  test('leaving a queue asks first and updates the list in place', async ({ page, browser }) => {
    const title = `Rak Keluar ${unique()}`;
    const book = await addBook(title, 1);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    const guru = await signedInPage(browser, demoUsers.guru);
    const join = await guru.request.post('/webhook/book-queue', { data: { book_id: book.book_id, epustaka_id: book.epustaka_id } });
    expect(join.status(), await join.text()).toBe(201);
    await open(guru, '/more-book-queue');
    await card(guru, title).getByRole('button', { name: 'Keluar antrean' }).click();
    const dialog = guru.getByRole('dialog', { name: 'Keluar dari antrean?' });
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(card(guru, title)).toBeVisible();
    await card(guru, title).getByRole('button', { name: 'Keluar antrean' }).click();
    await dialog.getByRole('button', { name: 'Keluar antrean' }).click();
    await expect(guru.getByText(`Anda keluar dari antrean "${title}".`)).toBeVisible();
    await expect(card(guru, title)).toHaveCount(0);
    await guru.context().close();
  });

  test('a review is written from the Review tab in the book page’s review dialog', async ({ page }) => {
    const title = `Rak Ulas ${unique()}`;
    const book = await addBook(title, 2);
    await signInAsNewReader(page, 'Rak Pengulas', book);
    await borrow(page, book);
    await open(page, '/shelf?tab=review');
    const row = card(page, title);
    await expect(row).toContainText('Belum diulas');
    await row.getByRole('button', { name: 'Berikan Ulasan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tulis ulasan' });
    await expect(dialog).toContainText(title);
    // The text first: filling waits for the dialog to settle after it slides in.
    const text = `Ulasan dari rak ${unique()}`;
    await dialog.getByLabel('Isi ulasan').fill(text);
    // On a touch screen the rating is chosen with the slider (the half stars only show it).
    const stars = dialog.getByRole('slider', { name: 'Rating bintang' });
    await stars.fill('4');
    await expect(stars).toHaveAttribute('aria-valuetext', /^4,0 · Bagus/);
    await dialog.getByRole('button', { name: 'Simpan ulasan' }).click();
    await expect(page.getByText('Ulasan berhasil disimpan.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, title)).toContainText(text);
    await card(page, title).getByRole('button', { name: 'Ubah Ulasan' }).click();
    await expect(page.getByRole('dialog', { name: 'Ulasan Anda' }).getByLabel('Isi ulasan')).toHaveValue(text);

    // The book page shows the same review.
    const ratings = await page.request.get(`/webhook/book-rating?book_id=${book.book_id}`);
    expect(JSON.stringify(await ratings.json())).toContain(text);
  });

  test('history searches on Enter only, and an item can be removed', async ({ page }) => {
    const title = `Rak Riwayat ${unique()}`;
    const book = await addBook(title, 2);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    expect((await page.request.get(`/webhook/open-book?book_id=${book.book_id}`)).ok()).toBe(true);
    await open(page, '/more-book-history');
    const search = page.getByRole('searchbox', { name: 'Cari judul atau penulis' });
    await search.fill('zz-tidak-ada-zz');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
    await search.press('Enter');
    await expect(page.getByText('Data tidak ditemukan.')).toBeVisible();
    await search.fill(title);
    await search.press('Enter');
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: `Hapus dari riwayat: ${title}` }).click();
    await page.getByRole('dialog', { name: 'Hapus dari riwayat?' }).getByRole('button', { name: 'Hapus dari riwayat' }).click();
    await expect(page.getByText(`"${title}" dihapus dari riwayat.`)).toBeVisible();
    await expect(page.getByText('Data tidak ditemukan.')).toBeVisible();

    // Removing an item that is already gone (another tab removed it) shows the client-error message.
    expect((await page.request.get(`/webhook/open-book?book_id=${book.book_id}`)).ok()).toBe(true);
    await search.press('Enter');
    await expect(item).toHaveCount(1);
    const id = (await (await page.request.get('/webhook/book-history-shelf', { params: { q: title } })).json()).data[0].id;
    expect((await page.request.delete('/webhook/content-access-history', { data: { id } })).ok()).toBe(true);
    await item.getByRole('button', { name: `Hapus dari riwayat: ${title}` }).click();
    await page.getByRole('dialog', { name: 'Hapus dari riwayat?' }).getByRole('button', { name: 'Hapus dari riwayat' }).click();
    await expect(page.getByText('Terjadi kesalahan pada klien dan permintaan Anda tidak dapat diselesaikan.')).toBeVisible();
    await expect(page.getByText('Data tidak ditemukan.')).toBeVisible();

    // The grid of the books read, on a white page, 20 at a time.
    expect((await page.request.get(`/webhook/open-book?book_id=${book.book_id}`)).ok()).toBe(true);
    await page.getByRole('link', { name: 'Tampilkan sebagai kisi' }).click();
    await page.waitForURL(/\/book-history-list$/);
    await expect(page.locator('body')).toHaveClass(/bg-base-100/);
    const grid = page.getByRole('list', { name: 'Riwayat baca' });
    await expect(grid.getByRole('listitem').first()).toContainText(title);
    expect(await grid.getByRole('listitem').count()).toBeLessThanOrEqual(20);
  });

  test('a full list shows 25, then 25 more, and "more" only while there are more', async ({ page }) => {
    test.setTimeout(120_000);
    const { id: userId } = await signInAsNewUser(page, 'Rak Penuh');
    // 27 open books (never out of copies), borrowed from public libraries the new member joins.
    const books = (await (await page.request.get('/webhook/book-list', { params: { limit: 100 } })).json()).data as { id: string; using_drm: boolean }[];
    const joined = new Set<string>();
    let borrowed = 0;
    for (const book of books.filter((b) => !b.using_drm)) {
      if (borrowed === 27) break;
      const holdings = (await (await page.request.get('/webhook/epustaka-borrow', { params: { book_id: book.id } })).json()).data as { id: string; epustaka_isprivate: boolean }[];
      const open = holdings.find((h) => !h.epustaka_isprivate);
      if (!open) continue;
      if (!joined.has(open.id)) {
        await page.request.post('/webhook/join-epustaka-member', { data: { epustaka_id: open.id, user_ids: [userId] } });
        joined.add(open.id);
      }
      const res = await page.request.post('/webhook/borrow', { data: { epustaka_id: open.id, user_id: userId, book_id: book.id } });
      if (res.ok()) borrowed += 1;
    }
    expect(borrowed).toBe(27);

    await open(page, '/shelf?tab=review');
    await expect(page.getByRole('list', { name: 'Ulasan saya' }).getByRole('listitem')).toHaveCount(6);
    await page.getByRole('link', { name: 'Lihat semua (27)' }).click();
    await page.waitForURL(/\/more-book-review$/);
    await hydrated(page);
    const list = page.getByRole('list', { name: 'Ulasan saya' });
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await expect(page.getByText('Menampilkan 25 dari 27')).toBeVisible();
    await page.getByRole('button', { name: 'Muat lebih banyak' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(27);
    await expect(page.getByText('Menampilkan 27 dari 27')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Muat lebih banyak' })).toHaveCount(0);
  });

  test('the signed-in home shows "Lanjutkan membaca" with the open loans', async ({ page }) => {
    const title = `Rak Beranda ${unique()}`;
    const book = await addBook(title, 2);
    await signInAsNewReader(page, 'Rak Beranda', book);
    await borrow(page, book);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Lanjutkan membaca' });
    await expect(section).toContainText(title);
    await expect(section.getByRole('link', { name: 'Baca' }).first()).toHaveAttribute('href', /^\/read-book(-epub)?\?book=/);
  });
});

test.describe('shelf links', () => {
  const pages = ['/shelf', '/shelf?tab=queue', '/shelf?tab=history', '/shelf?tab=review', '/more-book-shelf', '/more-book-queue', '/more-book-history', '/more-book-review', '/book-history-list'];

  /** Every same-origin link on the page (content, header and footer) answers 200, directly or after redirects. */
  async function checkLinks(page: Page, path: string, seen: Set<string>): Promise<void> {
    await page.goto(path);
    const origin = new URL(baseUrl()).origin;
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.hash && url.pathname === new URL(page.url()).pathname) continue;
      url.hash = '';
      if (seen.has(url.href)) continue;
      seen.add(url.href);
      const res = await page.request.get(url.href);
      expect(res.status(), `${url.pathname}${url.search} linked from ${path}`).toBe(200);
    }
  }

  test('every same-origin link from the shelf pages answers 200, signed in', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, demoUsers.siswa);
    const seen = new Set<string>();
    for (const path of pages) await checkLinks(page, path, seen);
    expect(seen.size).toBeGreaterThan(5);
  });

  test('signed out, the shelf pages send to sign-in and every link there answers 200', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of pages) {
      await checkLinks(page, path, seen);
      expect(new URL(page.url()).pathname).toBe('/login');
    }
  });

  test('empty shelves say so in both languages', async ({ page, context }) => {
    await signInAsNewUser(page, 'Rak Kosong');
    const texts = {
      id: ['Belum ada buku yang Anda pinjam.', 'Anda tidak sedang mengantre buku apa pun.', 'Belum ada riwayat baca.', 'Belum ada buku untuk diulas.'],
      en: ['You have no books on loan.', 'You are not in any queue.', 'No reading history yet.', 'No books to review yet.'],
    };
    for (const lang of ['id', 'en'] as const) {
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      for (const [i, tab] of ['borrow', 'queue', 'history', 'review'].entries()) {
        await page.goto(`/shelf?tab=${tab}`);
        await expect(page.getByText(texts[lang][i]!)).toBeVisible();
      }
    }
  });
});
