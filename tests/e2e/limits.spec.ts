import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';

/*
 * A write the API refuses as one too many (429, docs/features/limits.md) is said in the reader's language
 * with the wait in minutes, through the shared error text every island uses. The API's answer is
 * stood in for here: the test server's limits are raised so the other journeys never meet them.
 */

test.use({ allowErrors: /status of 429/ });

/** Answers every `method` call of `path` as the API does past a limit: 429, Retry-After and a coded body. */
async function refuse(page: Page, path: string, method: string, retryAfter: number): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    const message = `Too many requests. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`;
    await route.fulfill({
      status: 429,
      headers: { 'Retry-After': String(retryAfter) },
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ code: 'too_many_requests', message, retry_after: retryAfter }] }),
    });
  });
}

test('a refused comment and a refused like say "too many, try again in N minutes", in Indonesian and English', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  await page.goto('/timeline');
  await hydrated(page);
  const item = page.getByTestId('feed-item').first();
  // Liking or unliking, whichever the item allows: the heart goes back as it was.
  const like = item.getByTestId('feed-like');
  const pressed = (await like.getAttribute('aria-pressed'))!;
  await refuse(page, '/webhook/like', pressed === 'true' ? 'DELETE' : 'POST', 400);
  await like.click();
  await expect(page.getByText('Terlalu banyak permintaan. Silakan coba lagi dalam 7 menit.')).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', pressed);

  await item.getByTestId('feed-comments').click();
  await page.waitForURL(/\/timeline\/detail\/[0-9a-f-]{36}$/);
  await hydrated(page);
  await refuse(page, '/webhook/comment', 'POST', 600);
  const add = page.getByTestId('comment-add').getByRole('textbox');
  await add.fill('Satu komentar terlalu banyak');
  await add.press('Enter');
  await expect(page.getByText('Terlalu banyak permintaan. Silakan coba lagi dalam 10 menit.')).toBeVisible();
  await expect(page.getByTestId('comment-text').filter({ hasText: 'Satu komentar terlalu banyak' })).toHaveCount(0);

  await page.context().addCookies([{ name: 'langActive', value: 'en', url: new URL(page.url()).origin }]);
  await page.reload();
  await hydrated(page);
  await refuse(page, '/webhook/comment', 'POST', 90);
  await page.getByTestId('comment-add').getByRole('textbox').fill('One comment too many');
  await page.getByTestId('comment-add').getByRole('textbox').press('Enter');
  await expect(page.getByText('Too many requests. Please try again in 2 minute(s).')).toBeVisible();
});
