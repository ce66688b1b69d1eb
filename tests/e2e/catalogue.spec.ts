import { expect, test, type APIRequestContext, type Page } from 'playwright/test';
import { demoPassword, demoUsers, signIn } from './support/auth.ts';
import { signInAsNewUser } from './support/users.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * The book catalogue in the Indonesian UI. Each test uses its own
 * book or its own freshly registered user, so the tests neither depend on each other nor on the
 * order they run in, and can run again on the same database.
 */

interface ListItem {
  id: string;
  book_title: string;
  using_drm: boolean;
  all_qty: number;
  available_qty: number;
  category_id: string | null;
  category_name: string | null;
  publish_date: string | null;
}

interface Detail {
  id: string;
  book_title: string;
  using_drm: boolean;
  has_borrow: boolean;
  has_borrow_before: boolean;
  queue_position: number | null;
  available_qty: number;
  all_qty: number;
  epustaka: { id: string; epustaka_name: string; member_status: number | null; available_qty: number } | null;
}

async function apiJson<T>(request: APIRequestContext, path: string, params?: Record<string, string | number>): Promise<T> {
  const response = await request.get(path, { params });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function listBooks(request: APIRequestContext, params: Record<string, string | number>): Promise<ListItem[]> {
  return (await apiJson<{ data: ListItem[] }>(request, '/webhook/book-list', { limit: 100, ...params })).data;
}

async function bookDetail(request: APIRequestContext, id: string): Promise<Detail> {
  return (await apiJson<{ data: Detail }>(request, '/webhook/book-detail', { book_id: id })).data;
}

/** A demo book by the start of its title. */
async function findBookByTitle(request: APIRequestContext, title: string): Promise<ListItem> {
  const found = (await listBooks(request, { q: title })).find((book) => book.book_title.startsWith(title));
  expect(found, `the demo book “${title}”`).toBeTruthy();
  return found!;
}



/** The id of the ePustaka named `name` among those holding a book. */
async function epustakaId(request: APIRequestContext, bookId: string, name: string): Promise<string> {
  const holdings = await apiJson<{ data: { id: string; epustaka_name: string }[] }>(request, '/webhook/epustaka-borrow', { book_id: bookId });
  const found = holdings.data.find((e) => e.epustaka_name === name);
  expect(found, `${name} holds the book`).toBeTruthy();
  return found!.id;
}

/** The value shown in a specification tile. */
function tile(page: Page, id: string) {
  return page.locator(`[data-stat="${id}"]`);
}

async function tileNumber(page: Page, id: string): Promise<number> {
  return Number((await tile(page, id).innerText()).replace(/\D/g, ''));
}

test.describe('book list', () => {
  test('filters by a category and a year, keeps them in the address, and loads more', async ({ page }) => {
    await signIn(page, demoUsers.siswa, demoPassword, '/books');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Buku' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem').getByRole('link')).toHaveCount(25);

    // 'Load more' adds 25.
    await page.getByRole('button', { name: 'Muat lebih banyak' }).click();
    await expect(page.getByRole('main').getByRole('listitem').getByRole('link')).toHaveCount(50);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter buku' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fiksi', exact: true }).click();
    await dialog.getByLabel('Tahun terbit').selectOption('2019');
    await dialog.getByRole('button', { name: 'Terapkan' }).click();

    await expect(page).toHaveURL(/\/books\?category=[0-9a-f-]{36}&year=2019$/);
    const category = new URL(page.url()).searchParams.get('category')!;
    const expected = await listBooks(page.request, { filter: JSON.stringify({ category_id: category, catalog_publish_date: 2019 }) });
    expect(expected.length).toBeGreaterThan(0);
    for (const book of expected) {
      expect(book.category_name).toBe('Fiksi');
      expect(book.publish_date?.slice(0, 4)).toBe('2019');
    }
    const titles = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 });
    await expect(titles).toHaveText(expected.map((book) => book.book_title));
    await expect(page.getByRole('link', { name: /Kategori: Fiksi/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Tahun terbit: 2019/ })).toBeVisible();

    // The address alone rebuilds the same list.
    await page.reload();
    await hydrated(page);
    await expect(titles).toHaveText(expected.map((book) => book.book_title));

    // Sort Z-A on the same filter.
    await page.getByLabel('Urutkan').selectOption('za');
    await expect(page).toHaveURL(/year=2019&sort=za$/);
    await hydrated(page);
    const sorted = [...expected.map((book) => book.book_title)].sort((a, b) => b.localeCompare(a, 'id'));
    await expect(titles.first()).toHaveText(sorted[0]!);

    // Removing the year filter widens the list again.
    await page.getByRole('link', { name: /Tahun terbit: 2019/ }).click();
    await expect(page).toHaveURL(/\/books\?category=[0-9a-f-]{36}&sort=za$/);
  });

  test('shows an empty state that offers to change the filter', async ({ page }) => {
    await signIn(page, demoUsers.siswa, demoPassword, '/books?year=1950&author=Tidak%20Ada%20Penulis');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Tidak ada buku yang cocok' })).toBeVisible();
    await page.getByRole('button', { name: 'Ubah filter' }).click();
    await expect(page.getByRole('dialog', { name: 'Filter buku' })).toBeVisible();
  });
});

test.describe('book detail', () => {
  test('borrow a book, then review it, reply, edit and delete', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    // A copy-limited book of the library she belongs to that she has never borrowed.
    let book: Detail | undefined;
    for (const candidate of await listBooks(page.request, { sort: 'catalog_title' })) {
      if (!candidate.using_drm || candidate.available_qty < 2) continue;
      const detail = await bookDetail(page.request, candidate.id);
      if (detail.epustaka?.member_status === 1 && detail.epustaka.available_qty > 0 && !detail.has_borrow && !detail.has_borrow_before) {
        book = detail;
        break;
      }
    }
    expect(book, 'a book siswa has never borrowed').toBeTruthy();

    await open(page, `/book/${book!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: book!.book_title })).toBeVisible();
    const available = await tileNumber(page, 'available');
    const readers = await tileNumber(page, 'readers');
    const borrowers = await tileNumber(page, 'borrowers');
    await expect(page.getByText('Pinjam buku ini terlebih dahulu untuk memberi ulasan.')).toBeHidden();

    await page.getByRole('button', { name: 'Pinjam', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Perpustakaan Digital Nusantara' });
    await row.getByRole('button', { name: 'Pinjam' }).click();
    await expect(dialog).toBeHidden();
    const confirmation = page.getByRole('dialog', { name: 'Buku dipinjam' });
    await expect(confirmation.getByText(`“${book!.book_title}” berhasil dipinjam.`)).toBeVisible();
    await confirmation.getByRole('button', { name: 'Nanti saja' }).click();

    const read = page.getByRole('link', { name: 'Baca', exact: true });
    await expect(read).toBeVisible();
    await expect(read).toHaveAttribute('href', new RegExp(`^/read-book(-epub)?\\?book=${book!.id}$`));
    await expect(tile(page, 'available')).toHaveText(String(available - 1));
    await expect(tile(page, 'borrowers')).toHaveText(String(borrowers + 1));
    await expect(tile(page, 'readers')).toHaveText(String(readers + 1));

    // The first review is saved.
    await page.getByRole('link', { name: 'Ulas', exact: true }).click();
    const form = page.locator('#review-form');
    await expect(form.getByRole('heading', { name: 'Tulis ulasan' })).toBeVisible();
    const save = form.getByRole('button', { name: 'Simpan ulasan' });
    await expect(save).toBeDisabled();
    await form.getByRole('radio', { name: '4 bintang, Bagus' }).check({ force: true });
    await expect(form.getByText('4,0 · Bagus')).toBeVisible();
    const review = `Ulasan uji ${Date.now()}: ceritanya runtut dan mudah diikuti.`;
    await form.getByLabel('Isi ulasan').fill(review);
    await save.click();
    await expect(page.getByText('Ulasan berhasil disimpan.')).toBeVisible();
    const reviews = page.getByRole('list', { name: 'Ulasan pembaca' });
    const mine = reviews.getByRole('article').filter({ hasText: review }).first();
    await expect(mine).toBeVisible();
    // It shows once, with its Edit action; the form is gone.
    await expect(form).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Ulasan \(\d+\)$/ })).toHaveText(/\(1\)|\(\d+\)/);

    // Reply to it.
    await mine.getByRole('button', { name: 'Balas' }).click();
    const reply = `Balasan uji ${Date.now()}`;
    await mine.getByLabel('Isi balasan').fill(reply);
    await mine.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByText('Balasan terkirim.')).toBeVisible();
    // The replies open by themselves to show it.
    await expect(mine.getByRole('button', { name: 'Sembunyikan balasan' })).toBeVisible();
    const replyItem = mine.getByRole('list', { name: 'Balasan' }).getByRole('article').filter({ hasText: reply });
    await expect(replyItem).toBeVisible();

    // Edit the reply: it says 'diedit'.
    await replyItem.getByRole('button', { name: 'Edit' }).click();
    await replyItem.getByLabel('Ubah komentar').fill(`${reply} (diperbaiki)`);
    await replyItem.getByRole('button', { name: 'Simpan' }).click();
    const edited = mine.getByRole('list', { name: 'Balasan' }).getByRole('article').filter({ hasText: `${reply} (diperbaiki)` });
    await expect(edited).toContainText('diedit');

    // Delete the review.
    await mine.getByRole('button', { name: 'Hapus' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Hapus komentar?' });
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText('Ulasan terhapus.')).toBeVisible();
    await expect(reviews.getByText('Komentar ini telah dihapus.').first()).toBeVisible();
  });

  test('report a review: sent once, then the already-reported warning', async ({ page, context }) => {
    await signInAsNewUser(page, 'Pelapor Uji');
    const book = await findBookByTitle(page.request, 'Gerimis di Kota Kembang');
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await open(tab, `/book/${book.id}#tab-review`);
      await expect(tab.getByRole('list', { name: 'Ulasan pembaca' })).toBeVisible();
    }
    const report = async (tab: Page) => {
      const item = tab.getByRole('list', { name: 'Ulasan pembaca' }).getByRole('article', { name: 'Ulasan oleh Rina Marpaung' }).first();
      await expect(item).toContainText('Alurnya pelan di awal');
      await item.getByRole('button', { name: 'Laporkan' }).click();
      const dialog = tab.getByRole('dialog', { name: 'Laporkan komentar' });
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
      await dialog.getByLabel('Konten komersial yang tidak diinginkan atau spam').check();
      await dialog.getByRole('button', { name: 'OK' }).click();
      return item;
    };
    const item = await report(page);
    await expect(page.getByRole('dialog', { name: 'Laporan terkirim' })).toContainText('Laporan Anda telah terkirim');
    await expect(item).toContainText('Anda telah melaporkan komentar ini.');
    // The other tab still offers to report it; the server says it was reported already.
    await report(other);
    await expect(other.getByRole('dialog', { name: 'Sudah dilaporkan' })).toContainText('Maaf. Anda sudah pernah melaporkan konten ini sebelumnya.');
  });

  test('queue for a copy-limited book that is out of copies, then follow someone in the line', async ({ page, browser }) => {
    const user = await signInAsNewUser(page, 'Antre Uji');
    const nusantara = await epustakaId(page.request, (await findBookByTitle(page.request, 'Gerimis di Kota Kembang')).id, 'Perpustakaan Digital Nusantara');
    const join = await page.request.post('/webhook/join-epustaka-member', { data: { epustaka_id: nusantara, user_ids: [user.id] } });
    expect(join.ok(), await join.text()).toBe(true);

    // A DRM book of the library with copies but none left; else a helper lends out the last copy.
    const books = [...(await listBooks(page.request, { sort: 'catalog_title' })), ...(await listBooks(page.request, { sort: 'catalog_title', offset: 100 }))];
    let target = books.find((b) => b.using_drm && b.all_qty > 0 && b.available_qty === 0);
    if (!target) {
      target = books.find((b) => b.using_drm && b.available_qty === 1 && b.all_qty === 1)!;
      const helper = await browser.newPage();
      await signIn(helper, demoUsers.guru);
      const helperId = (await apiJson<{ data: { id: string } }>(helper.request, '/webhook/profile')).data.id;
      const lend = await helper.request.post('/webhook/borrow', { data: { book_id: target.id, epustaka_id: nusantara, user_id: helperId } });
      expect(lend.ok(), await lend.text()).toBe(true);
      await helper.close();
    }

    await open(page, `/book/${target.id}`);
    await expect(tile(page, 'available')).toHaveText('0');
    const waiting = await tileNumber(page, 'queue');
    await page.getByRole('button', { name: 'Antre pinjam' }).click();
    await expect(page.getByText(/Anda masuk antrean di urutan ke-\d+\./)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Antrean ke-\d+$/ })).toBeDisabled();
    await expect(tile(page, 'queue')).toHaveText(String(waiting + 1));

    await page.locator('button:has([data-stat="queue"])').click();
    const dialog = page.getByRole('dialog', { name: 'Antrean' });
    const own = dialog.getByRole('listitem').filter({ hasText: 'Antre Uji' });
    await expect(own).toContainText('(Anda)');
    await expect(own.getByRole('button')).toHaveCount(0);
    const others = dialog.getByRole('listitem').filter({ hasNotText: 'Antre Uji' });
    if ((await others.count()) > 0) {
      const first = others.first();
      const name = (await first.locator('a').first().innerText()).trim();
      await first.getByRole('button', { name: `Ikuti ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Ikuti pengguna' });
      await expect(confirm).toContainText(`Ikuti ${name}?`);
      await confirm.getByRole('button', { name: 'Ikuti', exact: true }).click();
      await expect(page.getByText(`Anda sekarang mengikuti ${name}.`)).toBeVisible();
      await expect(first.getByRole('button', { name: `Berhenti mengikuti ${name}` })).toHaveText('Mengikuti');
      // The name leads to the person's profile.
      await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/profil\/user\/[0-9a-f-]{36}$/);
    }
  });
});

test.describe('membership gate', () => {
  test('joining a public ePustaka goes on to borrow the book', async ({ page }) => {
    await signInAsNewUser(page, 'Anggota Baru');
    const book = await findBookByTitle(page.request, 'Kota Lama Banjarmasin');
    await open(page, `/book/${book.id}`);
    await expect(page.getByText('Anda belum terdaftar sebagai anggota ePustaka ini.')).toBeVisible();
    await page.getByRole('button', { name: 'Gabung & pinjam', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Rumah Baca Tepian Mahakam' });
    await expect(row).toContainText('Publik');
    await row.getByRole('button', { name: 'Gabung & pinjam' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('dialog', { name: 'Buku dipinjam' }).getByRole('button', { name: 'Nanti saja' }).click();
    await expect(page.getByRole('link', { name: 'Baca', exact: true })).toBeVisible();
    await expect(page.getByText('Anda belum terdaftar sebagai anggota ePustaka ini.')).toBeHidden();
  });

  test('asking to join a private ePustaka leaves the book pending approval', async ({ page }) => {
    await signInAsNewUser(page, 'Calon Anggota');
    const book = await findBookByTitle(page.request, 'Biologi untuk SMA/MA Kelas X');
    await open(page, `/book/${book.id}`);
    await page.getByRole('button', { name: 'Minta bergabung', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Pustaka SMA Harapan Bangsa' });
    await expect(row).toContainText('Privat');
    await row.getByRole('button', { name: 'Minta bergabung' }).click();
    await expect(page.getByText(/Permintaan bergabung ke Pustaka SMA Harapan Bangsa terkirim/)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Menunggu persetujuan' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByRole('button', { name: 'Menunggu persetujuan', exact: true })).toBeDisabled();
    await expect(page.getByText('Permintaan bergabung Anda sedang menunggu persetujuan pengelola ePustaka.')).toBeVisible();
  });
});

test.describe('recommend and share', () => {
  test('recommends a book to a follower and shares its link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, demoUsers.siswa);
    const book = await findBookByTitle(page.request, 'Perahu Terakhir dari Buton');
    await open(page, `/book/${book.id}`);

    // The overflow menu shows its entries only while open.
    await expect(page.getByRole('button', { name: 'Rekomendasikan ke teman' })).toBeHidden();
    await page.getByRole('button', { name: `Opsi lain untuk ${book.book_title}` }).click();
    await page.getByRole('button', { name: 'Rekomendasikan ke teman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rekomendasikan ke teman' });
    await dialog.getByLabel('Pesan (opsional)').fill('Coba baca ini!');
    await dialog.getByLabel('Cari pengikut').fill('Bagus');
    const row = dialog.getByRole('listitem').filter({ hasText: 'Bagus Prasetyo' });
    await row.getByRole('button', { name: 'Kirim rekomendasi ke Bagus Prasetyo' }).click();
    await expect(page.getByText('Rekomendasi berhasil terkirim.')).toBeVisible();
    await expect(row).toContainText('Terkirim');
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    await page.getByRole('button', { name: `Opsi lain untuk ${book.book_title}` }).click();
    await page.getByRole('button', { name: 'Bagikan' }).click();
    const share = page.getByRole('dialog', { name: 'Bagikan buku' });
    const url = new URL(`/book/${book.id}`, page.url()).href;
    await expect(share.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url).replace(/[.?*+^$()|[\]\\]/g, '\\$&')}`));
    await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    await expect(share.getByRole('link', { name: /Twitter/ })).toHaveAttribute('href', /^https:\/\/twitter\.com\/intent\/tweet\?/);
    await expect(share.getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', /^https:\/\/t\.me\/share\/url\?/);
    await share.getByRole('button', { name: 'Salin tautan' }).click();
    await expect(share.getByRole('button', { name: 'Tersalin' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });
});

test.describe('public book page', () => {
  test('serves search engines a complete page without script, listed in the sitemap', async ({ page, request }) => {
    const book = (await (await request.get('/webhook/public-book-sitemap', { params: { limit: 1 } })).json()).data[0] as { id: string };
    const response = await request.get(`/book/${book.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('public');
    expect(response.headers()['cache-control']).toContain('s-maxage');
    const html = await response.text();

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBe(1);
    expect(scripts[0]![1]).toContain('type="application/ld+json"');
    const data = JSON.parse(scripts[0]![2]!) as Record<string, unknown>;
    expect(data['@type']).toBe('Book');
    expect(typeof data.name).toBe('string');
    expect(html).toMatch(/<title>[^<]+ · ePustaka<\/title>/);
    expect(data.image).toMatch(/^https?:\/\//);
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: 0 });
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/book/${book.id}">`));
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);
    expect(html).toContain('hreflang="en"');

    // In a browser: no console error (the content security policy included), no script run.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/book/${book.id}`);
    await expect(page.getByRole('heading', { level: 1, name: data.name as string })).toBeVisible();
    expect(await page.title()).toBe(`${data.name as string} · ePustaka`);
    await page.getByRole('link', { name: 'Detail', exact: true }).click();
    await expect(page.getByText('Tahun terbit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pinjam' })).toHaveCount(0);
    expect(errors).toEqual([]);

    // The sitemap index leads to a page sitemap that lists the book.
    const index = await (await request.get('/sitemap.xml')).text();
    const pageSitemap = /<loc>([^<]+sitemap-books-1\.xml)<\/loc>/.exec(index)?.[1];
    expect(pageSitemap).toBeTruthy();
    expect(index).toMatch(/<lastmod>[^<]+<\/lastmod>/);
    const urls = await (await request.get(new URL(pageSitemap!).pathname)).text();
    expect(urls).toContain(`/book/${book.id}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test('a book that does not exist says so and goes home', async ({ page }) => {
    const response = await page.goto('/book/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Item tidak tersedia');
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '6;url=/');
  });
});
