import { expect, test } from './support/console-guard.ts';
import { signInAsNewUser } from './support/users.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { ingest } from './support/books.ts';
import { borrowFrom, joinLibrary } from './support/members.ts';
import { hydrated } from './support/pages.ts';
import { noisePng } from './support/images.ts';

/*
 * The social journey in the Indonesian UI, a reader on a phone (390×844) and a reviewer on a
 * desktop: the reader finds a book and then the reviewer from the header search, follows them from
 * their profile, likes and comments on their review on the timeline; the reviewer sees the unread
 * count, opens the comment's notification to the item and replies; the reader edits and deletes
 * their comment, and the reply stays readable.
 */

/** A made-up word, so names and titles of this run are found first. */
function word(): string {
  const letters = 'bcdfghjklmnprstvwz';
  let out = '';
  for (let i = 0; i < 7; i += 1) out += (i % 2 ? 'aiueo' : letters)[Math.floor(Math.random() * (i % 2 ? 5 : letters.length))];
  return out[0]!.toUpperCase() + out.slice(1);
}

test('find a book and a person from the header, follow, like, comment, reply, edit and delete; the reviewer is told', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = word();
  const title = `Jejak ${tag}`;
  const reviewerName = `Sastrawan ${tag}`;
  const book = await ingest(test.info().project.use.baseURL!, 'panduan.pdf', ['--title', title, '--open']);

  // The reviewer, on a desktop screen: borrows and reviews the book.
  await page.setViewportSize({ width: 1280, height: 800 });
  const { id: reviewerId } = await signInAsNewUser(page, reviewerName);
  await joinLibrary(page.request, book.epustaka_id, reviewerId);
  await borrowFrom(page.request, book.book_id, book.epustaka_id, reviewerId);
  const review = await page.request.post('/webhook/book-rating', { data: { book_id: book.book_id, rating_level: 4, rating_comment: 'Kisah yang <b>memikat</b>' } });
  expect(review.status(), await review.text()).toBe(201);

  // The reader, on a phone.
  const phone = await browser.newContext({ locale: 'id-ID', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const reader = await phone.newPage();
  await signInAsNewUser(reader, `Pembaca ${tag}`);
  await reader.goto('/');
  const search = reader.locator('#header-search-narrow');
  await search.fill(title);
  await search.press('Enter');
  await reader.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === title);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Hasil pencarian “${title}”`);
  await expect(reader.getByRole('list', { name: 'Hasil pencarian buku' }).getByRole('listitem').first()).toContainText(title);

  await reader.locator('#header-search-narrow').fill(reviewerName);
  await reader.locator('#header-search-narrow').press('Enter');
  await reader.waitForURL((url) => url.searchParams.get('q') === reviewerName);
  await reader.getByRole('navigation', { name: 'Jenis hasil' }).getByRole('link', { name: 'Pengguna', exact: true }).click();
  await reader.waitForURL(/tab=user/);
  const people = reader.getByRole('list', { name: 'Hasil pencarian pengguna' });
  await expect(people.getByRole('listitem').first()).toContainText(reviewerName);
  await people.getByRole('link', { name: reviewerName }).first().click();

  // The profile opens on its timeline; following makes the review visible there.
  await reader.waitForURL(new RegExp(`/profil/user/${reviewerId}$`));
  await hydrated(reader);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(reviewerName);
  await expect(reader.getByRole('link', { name: 'Linimasa' })).toHaveAttribute('aria-current', 'page');
  await expect(reader.getByTestId('feed-empty')).toBeVisible();
  await reader.getByRole('button', { name: `Ikuti ${reviewerName}` }).click();
  await reader.getByRole('dialog', { name: 'Ikuti pengguna' }).getByRole('button', { name: 'Ikuti', exact: true }).click();
  await expect(reader.getByRole('button', { name: `Batal ikuti ${reviewerName}` })).toBeVisible();
  await reader.reload();
  await expect(reader.getByTestId('feed-item').filter({ hasText: title })).toHaveCount(2);

  // On the timeline: like the review, then comment on its page (Enter sends).
  await reader.goto('/timeline');
  await hydrated(reader);
  const item = reader.getByTestId('feed-item').filter({ hasText: title }).first();
  await expect(item).toHaveAttribute('data-feed-type', 'BOOK_REVIEW');
  await expect(item.getByTestId('feed-review-text')).toHaveText('Kisah yang <b>memikat</b>');
  await item.getByTestId('feed-like').click();
  await expect(item.getByTestId('feed-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(item.getByTestId('feed-like-count')).toHaveText('1');
  await item.getByTestId('feed-comments').click();
  await reader.waitForURL(/\/timeline\/detail\/[0-9a-f-]{36}$/);
  const detailPath = new URL(reader.url()).pathname;
  await hydrated(reader);
  const add = reader.getByTestId('comment-add').getByRole('textbox');
  await add.fill('Bagian akhirnya paling seru');
  await add.press('Enter');
  await expect(reader.getByTestId('comment').first().getByTestId('comment-text')).toHaveText('Bagian akhirnya paling seru');

  // The reviewer: three unread (follow, like, comment); the comment opens the item's page.
  await page.goto('/');
  await expect(page.getByTestId('notification-count')).toHaveText('3');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifikasi, 3 belum dibaca');
  await page.getByTestId('notification-bell').click();
  await page.waitForURL(/\/notifications-detail$/);
  await page.getByTestId('notification').filter({ hasText: `Pembaca ${tag} mengomentari aktivitas Anda` }).click();
  await page.waitForURL(new RegExp(`${detailPath}$`));
  await expect(page.getByTestId('notification-count')).toHaveText('2');
  await hydrated(page);
  await page.getByTestId('comment').first().getByRole('button', { name: 'Balas' }).click();
  await page.getByTestId('comment-reply').getByRole('textbox').fill('Terima kasih, setuju!');
  await page.getByTestId('comment-reply').getByRole('button', { name: 'Balas' }).click();
  await expect(page.getByTestId('reply').getByTestId('comment-text')).toHaveText('Terima kasih, setuju!');

  // The reader edits, then deletes their comment; the reply stays.
  await reader.reload();
  await hydrated(reader);
  const mine = reader.getByTestId('comment').first();
  await mine.getByRole('button', { name: 'Ubah', exact: true }).click();
  const edit = reader.getByTestId('comment-edit').getByRole('textbox');
  await edit.fill('Bagian akhirnya paling seru sekali');
  await edit.press('Enter');
  await expect(mine.getByTestId('comment-text').first()).toHaveText('Bagian akhirnya paling seru sekali');
  await expect(mine.getByTestId('comment-edited').first()).toBeVisible();
  await mine.getByRole('button', { name: 'Hapus', exact: true }).first().click();
  await reader.getByRole('dialog', { name: 'Hapus komentar' }).getByRole('button', { name: 'Ya' }).click();
  await expect(mine).toContainText('Komentar ini telah dihapus.');
  await mine.getByRole('button', { name: 'Lihat 1 balasan' }).click();
  await expect(mine.getByTestId('reply').getByTestId('comment-text')).toHaveText('Terima kasih, setuju!');
  await phone.close();
});

test('audio results can be shared, and a demo profile opens on a timeline with its media tabs', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  await page.goto('/search?q=dongeng%20kancil&tab=audio');
  await hydrated(page);
  const results = page.getByRole('list', { name: 'Hasil pencarian Audio' });
  await expect(results.getByRole('listitem').first()).toContainText('Dongeng Kancil dan Buaya');
  await results.getByRole('button', { name: 'Bagikan: Dongeng Kancil dan Buaya' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bagikan Audio' });
  // The audio's own page, with the ePustaka that holds it.
  await expect(dialog.getByRole('textbox')).toHaveValue(/\/audio\/[0-9a-f-]{36}(\/[0-9a-f-]{36})?$/);

  await page.goto('/profile');
  const tabs = page.getByRole('navigation', { name: 'Isi profil' });
  // The timeline first; the media tabs come with the seeded history (an article tab too once
  // another test has opened an article as this student).
  await expect(tabs.getByRole('link').first()).toHaveText('Linimasa');
  for (const name of ['Buku', 'Video', 'Audio']) await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('feed-item').first()).toBeVisible();
});

test('a post with a picture: Send waits for text or a picture, the upload shows its progress, the post shows both', async ({ page }) => {
  const tag = word();
  await signInAsNewUser(page, `Penulis ${tag}`);
  await page.goto('/timeline');
  await hydrated(page);
  const composer = page.getByRole('form', { name: 'Kiriman baru' });
  const send = composer.getByRole('button', { name: 'Kirim' });
  await expect(send).toBeDisabled();
  // Every state of the composer is recorded, so the bar is seen however fast the local upload is.
  await composer.evaluate((form) => {
    const seen: string[] = [];
    (window as unknown as { postStates: string[] }).postStates = seen;
    new MutationObserver(() => {
      const bar = form.querySelector('[data-testid="post-progress"]');
      if (bar) seen.push(`bar:${bar.getAttribute('value')}`);
    }).observe(form, { subtree: true, childList: true, attributes: true });
  });
  await composer.locator('input[type="file"]').setInputFiles({ name: 'rak.png', mimeType: 'image/png', buffer: noisePng() });
  await expect(composer.getByRole('img', { name: 'Pratinjau gambar' })).toBeVisible();
  await expect(send).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { postStates: string[] }).postStates.length)).toBeGreaterThan(0);
  await expect(composer.getByTestId('post-progress')).toHaveCount(0);
  await composer.getByRole('textbox').fill(`Rak baru di kelas ${tag} <b>rapi</b>`);
  await send.click();
  const post = page.getByTestId('feed-item').filter({ hasText: `Rak baru di kelas ${tag}` });
  await expect(post).toHaveAttribute('data-feed-type', 'VISUAL_POST');
  await expect(post).toContainText(`Rak baru di kelas ${tag} <b>rapi</b>`);
  await expect(post.getByRole('img', { name: `Gambar kiriman Penulis ${tag}` })).toBeVisible();
  await expect(send).toBeDisabled();
});
