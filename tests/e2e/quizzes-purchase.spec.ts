import { expect } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { hydrated, open } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';
import { SCREENS, expectFitsScreen } from './support/screens.ts';

/*
 * A paid tryout package bought through the order box: its page offers the package instead of a
 * start, an emptied box goes back to that page, and once paid on the payment sandbox the package
 * starts; on a desktop and on a phone.
 */

const PACKAGE = 'Paket Tryout SNBT Lengkap 2027';

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('a paid package: put in the box, the box emptied back to its page, bought again, paid on the sandbox and started', async ({ page }) => {
      test.setTimeout(150_000);
      page.on('dialog', (dialog) => void dialog.accept());
      await signInAsNewUser(page, 'Calon Mahasiswa');
      await open(page, '/tryout');
      await page.getByRole('link', { name: PACKAGE }).click();
      await hydrated(page);
      const packagePage = page.url();
      // Not bought: no start, and starting through the API is refused.
      await expect(page.locator('[data-start]')).toHaveCount(0);
      const quizId = new URL(packagePage).pathname.split('/').pop()!;
      const refused = await page.request.post('/webhook/quiz-check', { data: { quiz_id: quizId, start_key: 'coba-tanpa-bayar' } });
      expect(refused.status()).toBe(402);

      // Into the box, then out of it: the emptied box leads back to the package.
      await page.locator('[data-buy]').click();
      await page.waitForURL(/\/detail-order-box\?order_box_id=/);
      await hydrated(page);
      await expect(page.locator('[data-order-line]')).toHaveCount(1);
      await expect(page.locator('[data-order-line]')).toContainText(PACKAGE);
      await expectFitsScreen(page, screen);
      await page.locator('[data-order-line]').getByRole('button').click();
      await page.waitForURL(packagePage);

      // Bought again and paid by QRIS on the sandbox.
      await hydrated(page);
      await page.locator('[data-buy]').click();
      await page.waitForURL(/\/detail-order-box\?order_box_id=/);
      await hydrated(page);
      await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
      const methods = page.getByRole('dialog', { name: 'Pilih metode pembayaran' });
      await methods.getByRole('radio', { name: /QRIS/ }).check();
      await expectFitsScreen(page, screen, methods);
      await methods.getByRole('button', { name: 'Lanjut', exact: true }).click();
      await page.getByRole('dialog', { name: 'Ringkasan pembayaran' }).getByRole('button', { name: 'Bayar sekarang' }).click();
      await expect(page).toHaveURL(/\/webhook\/payment-sandbox\/invoice\//);
      await page.getByRole('button', { name: 'Bayar / Pay' }).click();
      await expect(page.locator('#status')).toHaveText('settlement');

      // Paid: the package starts.
      await open(page, packagePage);
      await expect(page.locator('[data-buy]')).toHaveCount(0);
      await page.locator('[data-start]').click();
      await page.waitForURL(/\/quiz\/exam\//);
      await hydrated(page);
      await expect(page.locator('[data-question="1"]')).toBeVisible();
    });
  });
}
