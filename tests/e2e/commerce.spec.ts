import { expect } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { apiJson, holdingsOf, signInAsNewMember } from './support/members.ts';
import { donatableHolding, donationChoices, openDonationDialog } from './support/commerce.ts';
import { SCREENS, expectFitsScreen } from './support/screens.ts';

/*
 * Donations, the order box and payments in the browser: a donation from a book page paid on the
 * payment sandbox grows the library's copies; an order left unpaid runs out with its countdown at
 * 0:00 (both on a desktop and on a phone, each with a book of its own); bad input is answered in
 * words; the order pages answer for the caller's orders only; on a phone, in English. Cash, the
 * owner's verification and the queue: commerce-owner.spec.ts.
 */

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
    await expect(page.locator('[data-order-empty]').getByRole('link', { name: 'Pilih paket' })).toHaveAttribute('href', '/tryout');

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

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`donating on a ${screen.name}`, () => {
    test.use(screen.use);

    test('donate two copies from a book page, pay by virtual account on the sandbox, see the order paid and the copies grow', async ({ page, browser }) => {
      test.setTimeout(150_000);
      await signInAsNewMember(page, 'Donatur Buku');
      const { books, libraries } = await donationChoices(page.request);
      // Each screen donates to its own book, so the two runs never count each other's copies.
      const { book, holding } = await donatableHolding(page.request, books, libraries, 3 * n);
      const before = holding.total_qty;

      const dialog = await openDonationDialog(page, book, holding);
      await expectFitsScreen(page, screen, dialog);
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
      await expectFitsScreen(page, screen);
      await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
      const methods = page.getByRole('dialog', { name: 'Pilih metode pembayaran' });
      await expect(methods.getByText('Transfer bank (virtual account)')).toBeVisible();
      await expect(methods.getByText('Gerai ritel')).toBeVisible();
      await expectFitsScreen(page, screen, methods);
      await methods.getByRole('radio', { name: /BCA/ }).check();
      await methods.getByRole('button', { name: 'Lanjut', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Ringkasan pembayaran' });
      await expect(summary.locator('[data-summary-bill]')).toContainText('Rp ');
      await expectFitsScreen(page, screen, summary);
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
      await expectFitsScreen(page, screen);
      await expect.poll(async () => (await holdingsOf(page.request, book.book_id)).find((h) => h.id === holding.id)?.total_qty).toBe(before + 2);
      await open(page, '/more-book-donation');
      await expect(page.locator(`[data-donated-book="${book.book_id}"]`).first()).toContainText(`Total ${before + 2} Salinan`);
      await expectFitsScreen(page, screen);

      // Nobody else sees the order.
      const other = await browser.newContext(screen.use);
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
      const { book, holding } = await donatableHolding(page.request, books, libraries, 3 * n + 1);
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
      await expectFitsScreen(page, screen);
      // The gateway lets the charge expire, in another tab: the open page learns it from the server.
      const bank = await page.context().newPage();
      await bank.goto(invoice);
      await bank.getByRole('button', { name: 'Kedaluwarsa / Expire' }).click();
      await expect(bank.locator('#status')).toHaveText('expire');
      await expect(page.locator('[data-order-detail] [data-status]')).toHaveText('Dibatalkan', { timeout: 30_000 });
      await expect(page.locator('[data-countdown-value]')).toHaveText('0:00');
      await expect(page.locator('[data-countdown]')).toContainText('Waktu pembayaran habis');
    });
  });
}

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
