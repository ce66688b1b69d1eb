import { expect, type Page } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * Taking a tryout in the browser: from the list to the exam, answers saved as they are given, a
 * reload in the middle keeping the time and the answers, leaving a subtest, handing in, and the
 * provisional result; on a 360 px phone, answering offline and the answers being sent on return.
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
