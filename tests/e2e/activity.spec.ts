import type { Browser, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * Activity in the Indonesian UI: the header's bell with its unread count and the notifications
 * page, opened by a plain form (no script needed).
 */

async function newUser(browser: Browser, name: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ locale: 'id-ID' });
  const page = await context.newPage();
  const { id } = await signInAsNewUser(page, name);
  return { page, id };
}

test.describe('notifications', () => {
  test('a follow shows in the bell and on the notifications page until it is opened', async ({ page, browser }) => {
    const { id: starId } = await signInAsNewUser(page, 'Bintang Kabar');
    const fan = await newUser(browser, 'Penggemar Kabar');
    const followed = await fan.page.request.post('/webhook/user-follow', { data: { user_id: starId } });
    expect(followed.status()).toBe(201);

    await page.goto('/');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('aria-label', 'Notifikasi, 1 belum dibaca');
    await expect(bell.getByTestId('notification-count')).toHaveText('1');
    await bell.click();
    await expect(page).toHaveURL(/\/notifications-detail$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifikasi' })).toBeVisible();
    const item = page.getByTestId('notification').first();
    await expect(item).toContainText('Penggemar Kabar mulai mengikuti Anda.');
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.click();
    await page.waitForLoadState();
    await page.goto('/notifications-detail');
    await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(page.getByTestId('notifications-unread')).toHaveText('Semua notifikasi sudah dibaca.');
    await fan.page.context().close();
  });
});
