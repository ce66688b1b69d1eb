import { expect, type APIRequestContext, type Page } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { apiJson, holdingsOf, joinLibrary, borrowFrom, signInAsNewMember, type Holding } from './support/members.ts';

/*
 * Donations, the order box and payments in the browser: a donation from a book page paid on the
 * payment sandbox grows the library's copies; an order left unpaid runs out with its countdown at
 * 0:00; bad input is answered in words; the order pages answer for the caller's orders only.
 */

interface DonationBook {
  book_id: string;
  book_title: string;
  price: number;
  using_drm: boolean;
}

interface Library {
  id: string;
  epustaka_name: string;
}

/** Books that may be donated, and the libraries a donation may go to, as the signed-in user sees them. */
async function donationChoices(request: APIRequestContext): Promise<{ books: DonationBook[]; libraries: Library[] }> {
  const books = await apiJson<{ data: DonationBook[] }>(request, '/webhook/donation-book-list', { limit: 100 });
  const libraries = await apiJson<{ data: Library[] }>(request, '/webhook/donation-epustaka-list', { limit: 100 });
  return { books: books.data, libraries: libraries.data };
}

/** A donatable, copy-limited book that a public library holds, with that holding. */
async function donatableHolding(request: APIRequestContext, books: DonationBook[], libraries: Library[], skip = 0): Promise<{ book: DonationBook; holding: Holding }> {
  const allowed = new Set(libraries.map((library) => library.id));
  let seen = 0;
  for (const book of [...books].reverse()) {
    if (!book.using_drm) continue;
    const holding = (await holdingsOf(request, book.book_id)).find((h) => !h.epustaka_isprivate && allowed.has(h.id));
    if (holding && seen++ >= skip) return { book, holding };
  }
  throw new Error('no donatable book held by a public library');
}

/** Opens the book page in that library and the donation dialog from it. */
async function openDonationDialog(page: Page, book: DonationBook, holding: Holding) {
  await open(page, `/book/${book.book_id}/${holding.id}`);
  await page.getByRole('group', { name: 'Tindakan buku' }).getByRole('button', { name: 'Donasi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donasi buku' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-donation-price]')).not.toHaveText('Rp 0');
  return dialog;
}

test.describe('order pages', () => {
  test('the lists answer with their tabs and empty states, in both languages', async ({ page }) => {
    await signInAsNewMember(page, 'Pembeli Baru');
    await open(page, '/donation');
    await expect(page.getByRole('heading', { level: 1, name: 'Donasi & pesanan' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Status' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-order-empty]')).toContainText('Belum ada pesanan yang berjalan');
    await page.getByRole('link', { name: 'Riwayat' }).click();
    await expect(page.locator('[data-order-empty]')).toContainText('Belum ada riwayat pesanan');
    await page.getByRole('link', { name: 'Tryout' }).click();
    await expect(page).toHaveURL(/tab=history&category=TRYOUT/);
    await expect(page.locator('[data-order-empty]').getByRole('link', { name: 'Pilih paket' })).toHaveAttribute('href', '/');

    for (const [path, heading] of [
      ['/payment', 'Pembayaran'],
      ['/transaction', 'Transaksi'],
      ['/more-book-donation', 'Buku donasi'],
    ] as const) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.getByText('Belum ada buku donasi.')).toBeVisible();

    await page.goto('/lang?to=en&next=%2Fdonation');
    await open(page, '/donation');
    await expect(page.getByRole('heading', { level: 1, name: 'Donations & orders' })).toBeVisible();
  });
});

test.describe('orders of nobody', () => {
  // The pages below answer 404 on purpose.
  test.use({ allowErrors: /status of 404/ });

  test('an order that is not the caller\'s, or no order at all, is not found', async ({ page }) => {
    await signIn(page, demoUsers.siswa);
    for (const path of ['/cart/00000000-0000-4000-8000-000000000000/D', '/cart/not-an-id/D', '/cart/00000000-0000-4000-8000-000000000000/X', '/detail-order-box', '/detail-order-box/payment?order_box_id=00000000-0000-4000-8000-000000000000']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator('[data-order-not-found]')).toContainText('Pesanan tidak ditemukan');
    }
  });
});

test.describe('donating', () => {
  // The sandbox's pay page (a development tool of the API, not a page of the site) carries its own
  // inline style and no icon; the browser reports both while the test plays the bank there.
  test.use({ allowErrors: /\/webhook\/payment-sandbox\/invoice\/|\/favicon\.ico/ });

  test('donate two copies from a book page, pay by virtual account on the sandbox, see the order paid and the copies grow', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signInAsNewMember(page, 'Donatur Buku');
    const { books, libraries } = await donationChoices(page.request);
    const { book, holding } = await donatableHolding(page.request, books, libraries);
    const before = holding.total_qty;

    const dialog = await openDonationDialog(page, book, holding);
    const cont = dialog.getByRole('button', { name: 'Lanjutkan' });
    await expect(cont).toBeDisabled();
    // Bad input is told in words and keeps Continue off.
    await dialog.getByLabel('Jumlah salinan').fill('0');
    await expect(dialog.locator('[data-field-error]')).toHaveText('Jumlah salinan minimal 1.');
    await dialog.getByLabel('Jumlah salinan').fill('1,5');
    await expect(dialog.locator('[data-field-error]')).toHaveText('Masukkan jumlah salinan berupa bilangan bulat.');
    await dialog.getByLabel('Jumlah salinan').fill('5000');
    await expect(dialog.locator('[data-field-error]')).toHaveText('Jumlah salinan paling banyak 1000.');
    await expect(cont).toBeDisabled();
    await dialog.getByLabel('Jumlah salinan').fill('1');
    await dialog.getByRole('button', { name: 'Tambah satu salinan' }).click();
    await expect(dialog.getByLabel('Jumlah salinan')).toHaveValue('2');
    await expect(cont).toBeDisabled();
    await dialog.getByRole('radio', { name: holding.epustaka_name }).check();
    await expect(dialog.locator('[data-donation-total]')).toHaveText(`Rp ${(2 * book.price).toLocaleString('id-ID')}`);
    await cont.click();

    // The cart: the line, its total, then the method chooser and the summary.
    await expect(page).toHaveURL(/\/cart\/[0-9a-f-]+\/D$/);
    await hydrated(page);
    await expect(page.locator('[data-order-line]')).toHaveCount(1);
    await expect(page.locator('[data-cart-total]')).toHaveText(`Rp ${(2 * book.price).toLocaleString('id-ID')}`);
    await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
    const methods = page.getByRole('dialog', { name: 'Pilih metode pembayaran' });
    await expect(methods.getByText('Transfer bank (virtual account)')).toBeVisible();
    await expect(methods.getByText('Gerai ritel')).toBeVisible();
    await methods.getByRole('radio', { name: /BCA/ }).check();
    await methods.getByRole('button', { name: 'Lanjut', exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Ringkasan pembayaran' });
    await expect(summary.locator('[data-summary-bill]')).toContainText('Rp ');
    await summary.getByRole('button', { name: 'Bayar sekarang' }).click();

    // The sandbox's invoice page: pay.
    await expect(page).toHaveURL(/\/webhook\/payment-sandbox\/invoice\//);
    await page.getByRole('button', { name: 'Bayar / Pay' }).click();
    await expect(page.locator('#status')).toHaveText('settlement');

    // The order is paid, in the history of donations, and the library holds two more copies.
    const paid = await apiJson<{ data: { id: string; payment_status: number }[] }>(page.request, '/webhook/order-box-list', { status: 'completed', category: 'DONATION' });
    const order = paid.data.find((o) => o.payment_status === 3);
    expect(order).toBeTruthy();
    await open(page, `/detail-order-box/payment?order_box_id=${order!.id}`);
    await expect(page.locator('[data-order-detail] [data-status]')).toHaveText('Lunas');
    await expect.poll(async () => (await holdingsOf(page.request, book.book_id)).find((h) => h.id === holding.id)?.total_qty).toBe(before + 2);
    await open(page, '/more-book-donation');
    await expect(page.locator(`[data-donated-book="${book.book_id}"]`).first()).toContainText(`Total ${before + 2} Salinan`);

    // Nobody else sees the order.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await signIn(stranger, demoUsers.guru);
    const res = await stranger.goto(`/detail-order-box/payment?order_box_id=${order!.id}`);
    expect(res?.status()).toBe(404);
    await other.close();
  });

  test('an order left unpaid runs out: the countdown reaches 0:00 and the order is cancelled', async ({ page }) => {
    test.setTimeout(150_000);
    await signInAsNewMember(page, 'Donatur Lupa Bayar');
    const { books, libraries } = await donationChoices(page.request);
    const { book, holding } = await donatableHolding(page.request, books, libraries, 1);
    const dialog = await openDonationDialog(page, book, holding);
    await dialog.getByRole('button', { name: 'Tambah satu salinan' }).click();
    await dialog.getByRole('radio', { name: holding.epustaka_name }).check();
    await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
    await expect(page).toHaveURL(/\/cart\//);
    const orderBoxId = page.url().split('/')[4]!;
    await hydrated(page);
    await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
    await page.getByRole('dialog', { name: 'Pilih metode pembayaran' }).getByRole('radio', { name: /QRIS/ }).check();
    await page.getByRole('button', { name: 'Lanjut', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ringkasan pembayaran' }).getByRole('button', { name: 'Bayar sekarang' }).click();
    await expect(page).toHaveURL(/payment-sandbox\/invoice/);

    // The payment detail counts down to the server's deadline.
    const invoice = page.url();
    await open(page, `/detail-order-box/payment?order_box_id=${orderBoxId}`);
    await expect(page.locator('[data-order-detail] [data-status]')).toHaveText('Menunggu pembayaran');
    await expect(page.locator('[data-countdown-value]')).toHaveText(/^\d+:\d\d:\d\d$/);
    // The gateway lets the charge expire, in another tab: the open page learns it from the server.
    const bank = await page.context().newPage();
    await bank.goto(invoice);
    await bank.getByRole('button', { name: 'Kedaluwarsa / Expire' }).click();
    await expect(bank.locator('#status')).toHaveText('expire');
    await expect(page.locator('[data-order-detail] [data-status]')).toHaveText('Dibatalkan', { timeout: 30_000 });
    await expect(page.locator('[data-countdown-value]')).toHaveText('0:00');
    await expect(page.locator('[data-countdown]')).toContainText('Waktu pembayaran habis');
  });

  test('remove a line of the cart, pay cash, land on the transaction with its detail open, and the library owner verifies it; an emptied box leaves', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signInAsNewMember(page, 'Donatur Tunai');
    const { books, libraries } = await donationChoices(page.request);
    const [first, second] = books.filter((book) => book.price > 0);
    // The demo librarian owns this library: she verifies the cash.
    const library = libraries.find((l) => l.epustaka_name === 'Pustaka SMA Harapan Bangsa')!;
    expect(library).toBeTruthy();
    const add = async (book: DonationBook) => {
      const res = await page.request.post('/webhook/add-order-box', {
        data: { order_type: 'BOOK', order_type_id: book.book_id, number_of_copy: 1, category: 'DONATION', buyer_type: 'PERSONAL', epustaka_id: library.id },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).data.order_box_id as string;
    };
    const box = await add(first!);
    expect(await add(second!)).toBe(box);

    await open(page, `/cart/${box}/D`);
    await expect(page.locator('[data-order-line]')).toHaveCount(2);
    await page.getByRole('button', { name: `Hapus ${second!.book_title}` }).click();
    await expect(page.locator('[data-order-line]')).toHaveCount(1);
    await expect(page.locator('[data-cart-total]')).toHaveText(`Rp ${first!.price.toLocaleString('id-ID')}`);

    await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
    await page.getByRole('dialog', { name: 'Pilih metode pembayaran' }).getByRole('radio', { name: 'Tunai' }).check();
    await page.getByRole('button', { name: 'Lanjut', exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Ringkasan pembayaran' });
    await expect(summary.locator('[data-summary-bill]')).toHaveText(`Rp ${first!.price.toLocaleString('id-ID')}`);
    await summary.getByRole('button', { name: 'Bayar sekarang' }).click();
    await expect(page).toHaveURL(new RegExp(`/transaction\\?order_box_id=${box}`));
    const detail = page.getByRole('dialog', { name: 'Rincian pembayaran' });
    await expect(detail.locator('[data-status]')).toHaveText('Verifikasi sedang diproses');
    await expect(detail.locator('[data-payment-method]')).toHaveText('Tunai');

    // The owner sees the donation on her administration screen and confirms the cash arrived.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, demoUsers.pustakawan);
    await open(owner, `/membership?epustaka=${library.id}`);
    await owner.getByRole('heading', { name: 'Donasi yang diterima' }).scrollIntoViewIfNeeded();
    const row = owner.locator(`[data-received="${box}"]`);
    await expect(row.locator('[data-status]')).toHaveText('Verifikasi sedang diproses');
    await row.getByRole('button', { name: 'Verifikasi pembayaran tunai' }).click();
    await expect(row.locator('[data-status]')).toHaveText('Lunas');
    await ownerContext.close();
    await expect.poll(async () => (await apiJson<{ data: { payment_status: number } }>(page.request, '/webhook/invoice-status', { order_box_id: box })).data.payment_status).toBe(3);

    // A new box with one line: removing it leaves for the donation list.
    const next = await add(second!);
    expect(next).not.toBe(box);
    await open(page, `/cart/${next}/D`);
    await page.getByRole('button', { name: `Hapus ${second!.book_title}` }).click();
    await expect(page).toHaveURL(/\/donation\?category=DONATION/);
  });

  test('a fully lent book invites a donation; two donated copies paid on the sandbox give the first in its queue the offer', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const donor = await signInAsNewMember(page, 'Donatur Antrean');
    const { books, libraries } = await donationChoices(page.request);
    const allowed = new Set(libraries.map((library) => library.id));
    // A donatable copy-limited book a public library holds with one copy left and nobody waiting.
    let found: { book: DonationBook; holding: Holding } | null = null;
    for (const book of books.filter((b) => b.using_drm)) {
      const holdings = await holdingsOf(page.request, book.book_id);
      const holding = holdings.find((h) => !h.epustaka_isprivate && allowed.has(h.id) && h.available_qty === 1 && h.total_qty === 1 && h.queue_count === 0);
      if (holding && holdings.length === 1) {
        found = { book, holding };
        break;
      }
    }
    expect(found, 'a book with its last copy in a public library').toBeTruthy();
    const { book, holding } = found!;

    // Someone borrows the last copy; someone else waits for it.
    const members = await Promise.all(['Peminjam Terakhir', 'Penunggu Donasi'].map(async (name) => {
      const context = await browser.newContext();
      const memberPage = await context.newPage();
      const member = await signInAsNewMember(memberPage, name);
      await joinLibrary(memberPage.request, holding.id, member.id);
      return { context, page: memberPage, member };
    }));
    const [holder, waiting] = members as [(typeof members)[0], (typeof members)[0]];
    await borrowFrom(holder.page.request, book.book_id, holding.id, holder.member.id);
    const queued = await waiting.page.request.post('/webhook/book-queue', { data: { book_id: book.book_id, epustaka_id: holding.id } });
    expect(queued.ok(), await queued.text()).toBe(true);

    // The book page invites the donor to donate so the line moves.
    await open(page, `/book/${book.book_id}/${holding.id}`);
    const invite = page.locator('[data-donation-invite]');
    await expect(invite).toContainText('Semua salinan sedang dipinjam. Donasikan salinan agar antrean bergerak.');
    await invite.getByRole('button', { name: 'Donasikan salinan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Donasi buku' });
    await dialog.getByRole('button', { name: 'Tambah satu salinan' }).click();
    await dialog.getByRole('radio', { name: holding.epustaka_name }).check();
    await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
    await expect(page).toHaveURL(/\/cart\//);
    await hydrated(page);
    await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
    await page.getByRole('dialog', { name: 'Pilih metode pembayaran' }).getByRole('radio', { name: /Alfamart/ }).check();
    await page.getByRole('button', { name: 'Lanjut', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ringkasan pembayaran' }).getByRole('button', { name: 'Bayar sekarang' }).click();
    await page.getByRole('button', { name: 'Bayar / Pay' }).click();
    await expect(page.locator('#status')).toHaveText('settlement');

    // The library holds three copies now, and the one waiting is offered one.
    await expect.poll(async () => (await holdingsOf(page.request, book.book_id)).find((h) => h.id === holding.id)?.total_qty).toBe(3);
    await expect.poll(async () => (await apiJson<{ data: { queue_offer: { epustaka_id: string } | null } }>(waiting.page.request, '/webhook/book-detail', { book_id: book.book_id })).data.queue_offer?.epustaka_id).toBe(holding.id);
    expect(donor.id).toBeTruthy();
    for (const member of members) await member.context.close();
  });
});

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, allowErrors: /\/webhook\/payment-sandbox\/invoice\/|\/favicon\.ico/ });

  test('donate from the bottom bar, pay by e-wallet on the sandbox and follow the order', async ({ page }) => {
    test.setTimeout(150_000);
    await signInAsNewMember(page, 'Donatur Ponsel');
    await page.goto('/lang?to=en&next=%2F');
    const { books, libraries } = await donationChoices(page.request);
    const { book, holding } = await donatableHolding(page.request, books, libraries, 2);
    await open(page, `/book/${book.book_id}/${holding.id}`);
    await page.getByRole('group', { name: 'Book actions' }).getByRole('button', { name: 'Donate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Donate copies' });
    await expect(dialog.locator('[data-donation-price]')).toHaveText(`Rp ${book.price.toLocaleString('en-GB')}`);
    await dialog.getByRole('button', { name: 'One copy more' }).click();
    await dialog.getByRole('radio', { name: holding.epustaka_name }).check();
    await expect(dialog.locator('[data-donation-total]')).toHaveText(`Rp ${(2 * book.price).toLocaleString('en-GB')}`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/cart\//);
    const orderBoxId = page.url().split('/')[4]!;
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue payment' }).click();
    await page.getByRole('dialog', { name: 'Choose a payment method' }).getByRole('radio', { name: /GoPay/ }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Bayar / Pay' }).click();
    await expect(page.locator('#status')).toHaveText('settlement');

    // The order is in the donations' History, paid; its detail opens over the list.
    await open(page, '/donation?tab=history&category=DONATION');
    await page.locator(`[data-order-row="${orderBoxId}"]`).click();
    const detail = page.getByRole('dialog', { name: 'Payment details' });
    await expect(detail.locator('[data-status]')).toHaveText('Paid');
    await expect(detail.locator('[data-payment-method]')).toContainText('GoPay');
    await expect(detail.locator('[data-bill]')).toContainText('Rp ');
  });
});
