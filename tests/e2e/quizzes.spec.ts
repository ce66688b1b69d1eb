import { expect, type Page } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * Taking a tryout in the browser: from the list to the exam, answers saved as they are given, a
 * reload in the middle keeping the time and the answers, leaving a subtest, handing in, and the
 * provisional result; finding tryouts on the home page and through the list's filters; on a 360 px
 * phone, answering offline and the answers being sent on return.
 */

const TRYOUT = 'Tryout Gratis SNBT #1: Kuantitatif';

async function startTryout(page: Page, email: string) {
  await signIn(page, email);
  await open(page, '/tryout');
  await page.getByRole('link', { name: TRYOUT }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: TRYOUT })).toBeVisible();
  await page.locator('[data-start]').click();
  await page.waitForURL(/\/quiz\/exam\//);
  await hydrated(page);
}

const saved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
const secondsShown = async (page: Page) => {
  const [m, s] = (await page.locator('[data-time-left]').innerText()).split(':').map(Number);
  return m! * 60 + s!;
};

test.describe('a tryout', () => {
  test('taken, reloaded in the middle with time and answers unchanged, a subtest left, handed in', async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await startTryout(page, 'rina@demo.id');
    await expect(page.locator('[data-question="1"]')).toBeVisible();
    await page.locator('[data-question="1"] [data-option]').first().check();
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await page.locator('[data-question="2"] [data-option]').nth(1).check();
    await page.locator('[data-question="2"] [data-uncertain]').check();
    await saved(page);
    await expect(page.locator('[data-mark-counts]')).toContainText('Dijawab: 1');
    await expect(page.locator('[data-mark-counts]')).toContainText('Ragu-ragu: 1');
    const before = await secondsShown(page);

    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-grid-mark]').nth(0)).toHaveAttribute('data-grid-mark', 'answered');
    await expect(page.locator('[data-grid-mark]').nth(1)).toHaveAttribute('data-grid-mark', 'uncertain');
    const after = await secondsShown(page);
    // The server's deadline stands: a reload gives no time back.
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 120);
    await page.locator('[data-grid-mark]').nth(0).click();
    await expect(page.locator('[data-question="1"] [data-option]').first()).toBeChecked();

    await page.locator('[data-next-subtest]').click();
    await expect(page.getByText('Subtes 2: Penalaran Matematika')).toBeVisible();
    await page.locator('[data-question="1"] [data-option]').first().check();
    await saved(page);
    await page.locator('[data-submit]').click();
    await expect(page.locator('[data-submit-dialog]')).toContainText('1 dijawab');
    await page.locator('[data-confirm-submit]').click();
    await expect(page.locator('[data-exam-finished]')).toBeVisible();
    await page.getByRole('link', { name: 'Lihat hasil' }).click();
    await expect(page.locator('[data-provisional]')).toContainText('Nilai sementara');
  });
});

test.describe('finding a tryout', () => {
  // The refused filter's page answers 400, which the browser logs.
  test.use({ allowErrors: /status of 400/ });

  test('the home row shows open tryouts with their price; the list filters by group and level, kept in the address', async ({ page }) => {
    await signIn(page, 'rina@demo.id');
    await open(page, '/');
    const row = page.locator('[data-home-tryouts]');
    await expect(row.getByRole('link', { name: /Paket Tryout SNBT Lengkap 2027/ })).toContainText('Rp 49.000');
    await expect(row.getByRole('link', { name: new RegExp(TRYOUT.replace(/[#:]/g, '.')) })).toContainText('Gratis');
    // Last week's tryout has closed: not in the row.
    await expect(row.getByText('Tryout Gratis SNBT #0: Literasi')).toHaveCount(0);
    await row.getByRole('link', { name: 'Lihat semua' }).click();
    await expect(page).toHaveURL(/\/tryout$/);

    await page.locator('[data-filter="level"]').getByRole('link', { name: 'SMP', exact: true }).click();
    await expect(page).toHaveURL(/[?&]level=SMP/);
    await expect(page.locator('[data-tryout-list] > li')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Latihan Kilat Berhitung SMP' })).toBeVisible();
    await page.locator('[data-filter="subject_group"]').getByRole('link', { name: 'Saintek' }).click();
    await expect(page).toHaveURL(/subject_group=saintek&level=SMP/);
    await expect(page.locator('[data-tryout-empty]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-filter="subject_group"] [aria-current="page"]')).toHaveText('Saintek');
    await expect(page.locator('[data-filter="level"] [aria-current="page"]')).toHaveText('SMP');
    await page.locator('[data-filter="level"]').getByRole('link', { name: 'Semua' }).click();
    await expect(page).toHaveURL(/\/tryout\?subject_group=saintek$/);
    await expect(page.getByRole('link', { name: TRYOUT })).toBeVisible();

    // An unknown value is refused with its message, and the filters offer a way back.
    const refused = await page.goto('/tryout?level=S3');
    expect(refused?.status()).toBe(400);
    await expect(page.locator('[data-filter-error="invalid_level"]')).toContainText('Jenjang ini tidak dikenal');
  });
});

test.describe('on a 360 px phone', () => {
  // The answers sent while offline fail in the browser's log by design.
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, allowErrors: /ERR_INTERNET_DISCONNECTED/ });

  test('an answer given offline waits on the device and is saved when the connection returns', async ({ page, context }) => {
    await startTryout(page, 'yoga@demo.id');
    await page.locator('[data-question="1"] [data-option]').first().check();
    await saved(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await page.locator('[data-question="2"] [data-option]').first().check();
    await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'offline');
    await context.setOffline(false);
    await saved(page);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-grid-mark="answered"]')).toHaveCount(2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
