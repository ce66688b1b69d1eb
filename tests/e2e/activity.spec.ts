import type { Browser, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { signInAsNewUser } from './support/users.ts';
import { ingest } from './support/books.ts';
import { borrowFrom, joinLibrary } from './support/members.ts';
import { hydrated } from './support/pages.ts';

/*
 * Activity in the Indonesian UI: a review reaches a follower's timeline, who likes it; the
 * reviewer sees the bell's unread count and opens the notification to the item's page.
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

test.describe('timeline', () => {
  test('a review reaches the follower, who likes it; the reviewer opens the notification to the item', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const title = `Linimasa ${Date.now().toString(36)}`;
    const book = await ingest(test.info().project.use.baseURL!, 'panduan.pdf', ['--title', title, '--open']);
    const { id: reviewerId } = await signInAsNewUser(page, 'Peresensi Linimasa');
    const fan = await newUser(browser, 'Pengikut Linimasa');

    await fan.page.goto('/timeline');
    await expect(fan.page.getByTestId('feed-empty')).toContainText('Oops... Belum Terdapat Aktivitas');
    expect((await fan.page.request.post('/webhook/user-follow', { data: { user_id: reviewerId } })).status()).toBe(201);

    await joinLibrary(page.request, book.epustaka_id, reviewerId);
    await borrowFrom(page.request, book.book_id, book.epustaka_id, reviewerId);
    const review = await page.request.post('/webhook/book-rating', { data: { book_id: book.book_id, rating_level: 5, rating_comment: 'Sangat <b>menginspirasi</b>' } });
    expect(review.status(), await review.text()).toBe(201);

    await fan.page.goto('/timeline');
    const item = fan.page.getByTestId('feed-item').filter({ hasText: title }).first();
    await expect(item).toHaveAttribute('data-feed-type', 'BOOK_REVIEW');
    // Stored text is shown as text, never as markup.
    await expect(item.getByTestId('feed-review-text')).toHaveText('Sangat <b>menginspirasi</b>');
    await expect(fan.page.getByTestId('feed-item').filter({ hasText: title })).toHaveCount(2);
    const like = item.getByTestId('feed-like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(item.getByTestId('feed-like-count')).toHaveText('1');
    await fan.page.reload();
    await expect(fan.page.getByTestId('feed-item').first().getByTestId('feed-like-count')).toHaveText('1');

    // The follower comments on the item's page; Enter sends.
    await fan.page.getByTestId('feed-item').first().getByTestId('feed-comments').click();
    await expect(fan.page).toHaveURL(/\/timeline\/detail\/[0-9a-f-]{36}$/);
    const detailPath = new URL(fan.page.url()).pathname;
    await hydrated(fan.page);
    const add = fan.page.getByTestId('comment-add');
    await expect(add.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    await add.getByRole('textbox').fill('Setuju, bukunya <i>bagus</i>!');
    await add.getByRole('textbox').press('Enter');
    const comment = fan.page.getByTestId('comment').first();
    await expect(comment.getByTestId('comment-text')).toHaveText('Setuju, bukunya <i>bagus</i>!');
    await expect(add.getByRole('textbox')).toHaveValue('');

    // The reviewer: the follow, the like and the comment; the like opens the item's page.
    await page.goto('/');
    await expect(page.getByTestId('notification-count')).toHaveText('3');
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification').filter({ hasText: 'Pengikut Linimasa menyukai aktivitas Anda.' }).click();
    await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
    await expect(page.getByTestId('feed-item')).toHaveAttribute('data-feed-type', 'BOOK_REVIEW');
    await expect(page.getByTestId('feed-like-count')).toHaveText('1');
    await expect(page.getByTestId('notification-count')).toHaveText('2');

    // The reviewer replies; edit and delete are only for the author.
    await hydrated(page);
    const theirs = page.getByTestId('comment').first();
    await expect(theirs.getByRole('button', { name: 'Ubah' })).toHaveCount(0);
    await theirs.getByRole('button', { name: 'Balas' }).click();
    await page.getByTestId('comment-reply').getByRole('textbox').fill('Terima kasih sudah membaca');
    await page.getByTestId('comment-reply').getByRole('button', { name: 'Balas' }).click();
    await expect(page.getByTestId('reply').getByTestId('comment-text')).toHaveText('Terima kasih sudah membaca');

    // The follower edits, then deletes their comment; the reply stays readable.
    await fan.page.reload();
    await hydrated(fan.page);
    const mine = fan.page.getByTestId('comment').first();
    await mine.getByRole('button', { name: 'Ubah', exact: true }).click();
    const edit = fan.page.getByTestId('comment-edit').getByRole('textbox');
    await expect(edit).toHaveValue('Setuju, bukunya <i>bagus</i>!');
    await edit.fill('Setuju sekali');
    await edit.press('Enter');
    await expect(mine.getByTestId('comment-text').first()).toHaveText('Setuju sekali');
    await expect(mine.getByTestId('comment-edited').first()).toBeVisible();
    await mine.getByRole('button', { name: 'Hapus', exact: true }).first().click();
    const dialog = fan.page.getByRole('dialog', { name: 'Hapus komentar' });
    await dialog.getByRole('button', { name: 'Tidak' }).click();
    await expect(mine.getByTestId('comment-text').first()).toHaveText('Setuju sekali');
    await mine.getByRole('button', { name: 'Hapus', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Ya' }).click();
    await expect(mine).toContainText('Komentar ini telah dihapus.');
    await mine.getByRole('button', { name: 'Lihat 1 balasan' }).click();
    await expect(mine.getByTestId('reply').getByTestId('comment-text')).toHaveText('Terima kasih sudah membaca');
    await fan.page.context().close();
  });
});

test.describe('posting on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a post with a picture shows its upload progress, then opens on its own page', async ({ page }) => {
    await signInAsNewUser(page, 'Penulis Kiriman');
    await page.goto('/timeline');
    await hydrated(page);
    const composer = page.getByRole('form', { name: 'Kiriman baru' });
    const send = composer.getByRole('button', { name: 'Kirim' });
    await expect(send).toBeDisabled();

    // Hold the upload's answer a moment, so its progress can be seen.
    await page.route('**/storage/uploadobject', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await composer.locator('input[type="file"]').setInputFiles({ name: 'sampul.png', mimeType: 'image/png', buffer: png });
    await expect(composer.getByTestId('post-progress')).toBeVisible();
    await expect(send).toBeDisabled();
    await expect(composer.getByTestId('post-progress')).toHaveCount(0);
    await expect(composer.getByRole('img', { name: 'Pratinjau gambar' })).toBeVisible();
    await expect(send).toBeEnabled();
    await page.unroute('**/storage/uploadobject');

    // A picture taken out before posting is removed from storage; the next one is posted.
    const removed = page.waitForResponse((response) => response.url().endsWith('/storage/removeobject'));
    await composer.getByRole('button', { name: 'Hapus gambar' }).click();
    expect((await removed).status()).toBe(200);
    await expect(composer.getByRole('img', { name: 'Pratinjau gambar' })).toHaveCount(0);
    await composer.locator('input[type="file"]').setInputFiles({ name: 'sampul.png', mimeType: 'image/png', buffer: png });
    await expect(send).toBeEnabled();
    await composer.getByRole('textbox').fill('Rak baru di kamar <3');
    await send.click();

    const post = page.getByTestId('feed-item').first();
    await expect(post).toHaveAttribute('data-feed-type', 'VISUAL_POST');
    await expect(post.getByTestId('feed-message')).toHaveText('Rak baru di kamar <3');
    // The picture of a post only its author and followers see comes through the web server with the session.
    const picture = post.getByRole('img', { name: 'Gambar kiriman Penulis Kiriman' });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const pictureUrl = (await picture.getAttribute('src'))!;
    expect((await page.request.get(pictureUrl)).headers()['cache-control']).toBe('private, no-store');
    await expect(composer.getByRole('textbox')).toHaveValue('');
    await expect(send).toBeDisabled();

    await post.getByRole('link', { name: '0 komentar' }).click();
    await expect(page).toHaveURL(/\/timeline\/detail\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('feed-message')).toHaveText('Rak baru di kamar <3');
    await hydrated(page);
    await page.getByRole('button', { name: 'Hapus kiriman' }).click();
    await page.getByRole('dialog', { name: 'Hapus kiriman' }).getByRole('button', { name: 'Ya' }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page.getByTestId('feed-empty')).toBeVisible();
    // The picture went with its post.
    expect((await page.request.get(pictureUrl)).status()).toBe(404);
  });
});
