import { expect, test } from './support/console-guard.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * Finding a person from the header search, their profile, following them and the friendship
 * screen, in Indonesian.
 */

const TEACHER = 'Bagus Prasetyo';

/** The number at the start of a count such as "3 Pengikut". */
async function countOf(locator: import('playwright/test').Locator): Promise<number> {
  return Number((await locator.textContent())!.trim().split(/\s+/)[0]);
}

test.describe('people', () => {
  test('search a person from the header, open the profile, follow, and see them in /friendship', async ({ page }) => {
    await signInAsNewUser(page, 'Penguji Pertemanan');

    // With no query the user tab suggests people to follow.
    await page.goto('/search?tab=user');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saran teman');
    const suggestions = page.getByRole('list', { name: 'Saran teman' });
    await expect(suggestions.getByRole('link', { name: TEACHER })).toBeVisible();
    // Following a suggestion takes it off the list.
    await hydrated(page);
    await suggestions.getByRole('button', { name: 'Ikuti Rina Marpaung' }).click();
    await page.getByRole('dialog', { name: 'Ikuti pengguna' }).getByRole('button', { name: 'Ikuti', exact: true }).click();
    await expect(suggestions.getByRole('link', { name: 'Rina Marpaung' })).toHaveCount(0);

    await page.goto('/');
    const box = page.locator('#header-search');
    await box.fill('bagus prasetyo');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('navigation', { name: 'Jenis hasil' }).getByRole('link', { name: 'Pengguna', exact: true }).click();
    await hydrated(page);
    await expect(page).toHaveURL(/tab=user/);
    const results = page.getByRole('list', { name: 'Hasil pencarian pengguna' });
    await expect(results.getByRole('link', { name: TEACHER }).first()).toBeVisible();
    // The closest name comes first.
    await expect(results.getByRole('listitem').first()).toContainText(TEACHER);
    await results.getByRole('link', { name: TEACHER }).first().click();

    await page.waitForURL(/\/profil\/user\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEACHER);
    await expect(page.locator('[data-bio]')).toHaveText('Guru Bahasa Indonesia.');
    const followers = page.locator('[data-count="followers"]');
    const before = await countOf(followers);

    await page.getByRole('button', { name: `Ikuti ${TEACHER}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ikuti pengguna' });
    await dialog.getByRole('button', { name: 'Ikuti', exact: true }).click();
    await expect(followers).toHaveText(`${before + 1} Pengikut`);
    await expect(page.getByRole('button', { name: `Batal ikuti ${TEACHER}` })).toBeVisible();

    // The follower list opens in a dialog, with the new follower in it.
    await followers.click();
    const list = page.getByRole('dialog', { name: 'Pengikut' });
    await expect(list.getByRole('link', { name: /Penguji Pertemanan/ })).toBeVisible();
    await list.getByRole('button', { name: 'Tutup' }).first().click();

    await page.goto('/friendship?tab=following');
    await expect(page.getByRole('link', { name: 'Mengikuti (2)' })).toHaveAttribute('aria-current', 'page');
    const following = page.getByRole('list', { name: 'Daftar yang diikuti' });
    await expect(following.getByRole('link', { name: TEACHER })).toBeVisible();
    await expect(following.getByRole('button', { name: `Berhenti mengikuti ${TEACHER}` })).toBeVisible();
    const nameBox = page.getByPlaceholder('Cari nama pengguna');
    await nameBox.fill('tidak-ada-nama');
    await nameBox.press('Enter');
    await expect(page.getByText('Tidak ada nama yang cocok dengan “tidak-ada-nama”.')).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penguji Pertemanan');
    await expect(page.locator('[data-count="following"]')).toHaveText('2 Mengikuti');
    await expect(page.locator('[data-bio]')).toHaveText('-');
    await expect(page.locator('[data-follow]')).toHaveCount(0);
  });

});

test.describe('people, addresses', () => {
  // The browser logs the 404 of the unknown profile's document.
  test.use({ allowErrors: /status of 404/ });

  test('a bio shows as text; an unknown profile is the not-found page with status 404', async ({ page }) => {
    await signInAsNewUser(page, 'Penguji Alamat');
    // A bio is stored text: it shows as written, never as markup.
    const bio = '<img src=x onerror="alert(1)"> <b>tebal</b>';
    const saved = await page.request.put('/auth/account', { data: { scope: 'profile', data: { bio } } });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto('/profile');
    await expect(page.locator('[data-bio]')).toHaveText(bio);
    await expect(page.locator('[data-bio] img, [data-bio] b')).toHaveCount(0);

    const res = await page.goto('/profil/user/0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Pengguna tidak ditemukan' })).toBeVisible();
    // A new member's own histories are empty.
    for (const path of ['/more-history-video', '/more-history-audio', '/more-article-history']) {
      await page.goto(path);
      await expect(page.getByText('Belum ada konten.')).toBeVisible();
    }
    // Another member's history is read from their profile; an unknown member has none to show.
    const missing = await page.goto('/more-history-video?user=0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(missing!.status()).toBe(404);
  });
});

test.describe('people, book results', () => {
  test('a book result can be shared from its row', async ({ page }) => {
    await signInAsNewUser(page, 'Penguji Bagikan');
    await page.goto('/search?q=a&tab=books');
    await hydrated(page);
    const results = page.getByRole('list', { name: 'Hasil pencarian buku' });
    const first = results.getByRole('listitem').first();
    const title = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('button', { name: `Bagikan: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Bagikan buku' })).toBeVisible();
  });
});
