import { expect } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { apiJson, signInAsNewMember } from './support/members.ts';
import { SCREENS, expectFitsScreen } from './support/screens.ts';

/*
 * A souvenir from the shop to the buyer's door: found from the orders page, added to the box twice,
 * shipped by a courier service chosen at checkout (its fee in the bill), paid on the payment
 * sandbox, handed to the courier by the store's administrator from the store's work list, tracked
 * and confirmed received, on a desktop and on a phone. A buyer sees no work list.
 */

for (const screen of SCREENS) {
  test.describe(`souvenirs on a ${screen.name}`, () => {
    test.use(screen.use);

    test('order a souvenir, choose its courier, pay, have it shipped, track it and confirm receipt', async ({ page, browser }) => {
      test.setTimeout(180_000);
      await signInAsNewMember(page, 'Pembeli Suvenir');

      // The souvenir orders' empty state leads to the shop.
      await open(page, '/donation?tab=status&category=PRODUCT');
      await page.locator('[data-order-empty]').getByRole('link', { name: 'Pilih produk' }).click();
      await expect(page).toHaveURL(/\/more-edoo-toys$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Suvenir' })).toBeVisible();
      await expect(page.locator('[data-store-orders]')).toHaveCount(0);
      await hydrated(page);
      const mug = page.locator('[data-product]').filter({ hasText: 'Mug Keramik Baca Yuk' });
      await expect(page.locator('[data-product]')).toHaveCount(5);
      await expectFitsScreen(page, screen);
      await expect(mug.locator('img')).toHaveAttribute('src', /\/souvenirs\/mug\.svg$/);
      await expect(mug.locator('[data-product-price]')).toHaveText('Rp 55.000');
      const add = mug.getByRole('button', { name: 'Tambah ke kotak: Mug Keramik Baca Yuk' });
      await add.click();
      await expect(add).toBeEnabled();
      await add.click();
      await expect(page.getByText('Mug Keramik Baca Yuk sudah ada di kotak pesanan Anda.').first()).toBeVisible();
      await page.locator('[data-shop-box]').click();

      // The box: two mugs; checkout starts with the shipping.
      await expect(page).toHaveURL(/\/cart\/[0-9a-f-]+\/P$/);
      await hydrated(page);
      await expect(page.locator('[data-cart-total]')).toHaveText('Rp 110.000');
      await expectFitsScreen(page, screen);
      await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
      const shipping = page.getByRole('dialog', { name: 'Pengiriman' });
      const next = shipping.getByRole('button', { name: 'Lanjut', exact: true });
      await expect(shipping.getByRole('radio', { name: /JNE REG/ })).toBeVisible();
      await expect(next).toBeDisabled();
      await shipping.getByRole('radio', { name: /JNE REG/ }).check();
      // A new member has no address in the profile yet: a courier needs one.
      await expect(next).toBeDisabled();
      await shipping.getByLabel('Alamat pengiriman').fill('Jl. Asia Afrika 8, Bandung');
      await expectFitsScreen(page, screen, shipping);
      const fee = Number((await shipping.locator('label', { hasText: 'JNE REG' }).locator('span').last().innerText()).replace(/\D/g, ''));
      expect(fee).toBeGreaterThan(0);
      await next.click();
      const methods = page.getByRole('dialog', { name: 'Pilih metode pembayaran' });
      await methods.getByRole('radio', { name: /BNI/ }).check();
      await methods.getByRole('button', { name: 'Lanjut', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Ringkasan pembayaran' });
      await expect(summary.getByText('Ongkos kirim')).toBeVisible();
      await expectFitsScreen(page, screen, summary);
      await expect(summary.locator('[data-summary-bill]')).toHaveText(`Rp ${(110_000 + 4_000 + 440 + fee).toLocaleString('id-ID')}`);
      await summary.getByRole('button', { name: 'Bayar sekarang' }).click();
      await expect(page).toHaveURL(/\/webhook\/payment-sandbox\/invoice\//);
      await page.getByRole('button', { name: 'Bayar / Pay' }).click();
      await expect(page.locator('#status')).toHaveText('settlement');

      // Paid: verified, waiting for the courier.
      const ongoing = await apiJson<{ data: { id: string; payment_status: number; transaction_id: string; bill: number }[] }>(page.request, '/webhook/order-box-list', { status: 'ongoing', category: 'PRODUCT' });
      const order = ongoing.data.find((o) => o.payment_status === 6)!;
      expect(order.bill).toBe(110_000 + 4_440 + fee);

      // The store's administrator finds it in the store's work list and hands it to the courier with
      // a receipt number the courier knows.
      const store = await browser.newContext(screen.use);
      const admin = await store.newPage();
      await signIn(admin, demoUsers.pustakawan);
      let receipt = '';
      for (let n = 0; !receipt; n++) {
        const track = await admin.request.post('/webhook/shipping-waybill', { data: { courier: 'jne', receipt_number: `E2E-MUG-${n}` } });
        if (track.ok()) receipt = `E2E-MUG-${n}`;
      }
      await open(admin, '/more-edoo-toys');
      const work = admin.locator(`[data-store-order="${order.id}"]`);
      await expect(work).toContainText('Pembeli Suvenir');
      await expect(work).toContainText('Mug Keramik Baca Yuk × 2');
      await expect(work).toContainText('JNE REG · Jl. Asia Afrika 8, Bandung');
      await hydrated(admin);
      await expectFitsScreen(admin, screen);
      await work.getByLabel('Nomor resi').fill(receipt);
      await work.getByRole('button', { name: 'Kirim' }).click();
      await expect(work).toHaveCount(0);
      await store.close();

      // The buyer tracks it, newest entry first, and confirms receipt.
      await open(page, `/detail-order-box/payment?order_box_id=${order.id}`);
      const detail = page.locator('[data-order-detail]');
      await expect(detail.locator('[data-status]')).toHaveText('Dalam pengiriman');
      await expect(detail).toContainText(receipt);
      await page.getByRole('button', { name: 'Lacak pengiriman' }).click();
      await expect(page.locator('[data-tracking] [data-latest]')).toHaveCount(1);
      await expectFitsScreen(page, screen);
      await expect(page.locator('[data-tracking] li').first()).toHaveAttribute('data-latest', 'true');
      await page.getByRole('button', { name: 'Pesanan diterima' }).click();
      await page.getByRole('dialog', { name: 'Pesanan sudah diterima?' }).getByRole('button', { name: 'Ya, sudah diterima' }).click();
      await expect(detail.locator('[data-status]')).toHaveText('Pesanan diterima');
      await open(page, '/donation?tab=history&category=PRODUCT');
      await expect(page.locator('main')).toContainText('Pesanan diterima');
    });
  });
}
