import type { Browser, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { open } from './support/pages.ts';
import { apiJson } from './support/members.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * ePustaka libraries: the demo student asks to join the private school library from its page,
 * the librarian approves her in /membership, and she borrows one of its books at once. Signed
 * out, the library's public page runs no script and describes itself in JSON-LD.
 */

const SCHOOL = 'Pustaka SMA Harapan Bangsa';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'id-ID' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a student asks to join the private library, the librarian approves, the student borrows there', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUsers.siswa);
  await open(page, '/more-epustaka');
  await page.getByRole('link', { name: new RegExp(SCHOOL) }).click();
  await page.waitForURL(/\/epustaka\/[0-9a-f-]{36}$/);
  const libraryId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: SCHOOL })).toBeVisible();
  await expect(page.getByText('Privat', { exact: true })).toBeVisible();
  await expect(page.getByText('Ini ePustaka privat', { exact: false }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Minta bergabung', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Minta bergabung' });
  await ask.getByRole('button', { name: 'Minta bergabung' }).click();
  await expect(page.getByText(`Permintaan bergabung ke ${SCHOOL} terkirim`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menunggu persetujuan', exact: true })).toBeDisabled();

  // The librarian finds the request in /membership and approves it.
  const librarian = await signedInPage(browser, demoUsers.pustakawan);
  await open(librarian, `/membership?epustaka=${libraryId}&tab=requests`);
  await expect(librarian.getByRole('tab', { name: 'Permintaan bergabung' })).toHaveAttribute('aria-selected', 'true');
  const row = librarian.getByRole('listitem').filter({ hasText: 'Sekar Ayu Lestari' });
  await row.getByRole('button', { name: 'Setujui' }).click();
  await expect(librarian.getByText('Sekar Ayu Lestari sekarang anggota ePustaka ini.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await librarian.getByRole('tab', { name: 'Anggota ePustaka' }).click();
  await expect(librarian.getByRole('listitem').filter({ hasText: 'Sekar Ayu Lestari' })).toContainText('Berlaku sampai');
  await librarian.context().close();

  // The student is a member now: the page says so and a book of the library can be borrowed.
  await open(page, `/epustaka/${libraryId}`);
  await expect(page.getByRole('button', { name: 'Sudah bergabung', exact: true })).toBeVisible();
  // Members of a library with DRM titles see its activities.
  await expect(page.getByRole('link', { name: 'Aktivitas', exact: true })).toBeVisible();
  const books = await apiJson<{ data: { id: string; book_title: string; using_drm: boolean; available_qty: number }[] }>(page.request, '/webhook/book-list', {
    epustaka_id: libraryId,
    limit: 50,
  });
  const book = books.data.find((b) => b.using_drm && b.available_qty > 0)!;
  expect(book, 'a DRM book with copies in the school library').toBeTruthy();
  await open(page, `/book/${book.id}/${libraryId}`);
  await page.getByRole('button', { name: 'Pinjam', exact: true }).click();
  // With the book in more than one library the reader picks one first; the dialogs load when first opened.
  const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
  const confirmation = page.getByRole('dialog', { name: 'Buku dipinjam' });
  await expect(dialog.or(confirmation)).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('listitem').filter({ hasText: SCHOOL }).getByRole('button', { name: 'Pinjam' }).click();
  await expect(confirmation.getByText(`“${book.book_title}” berhasil dipinjam.`)).toBeVisible();
});

test('the librarian adds a new member from the add-members dialog and removes her again', async ({ page, browser }) => {
  const name = `Anggota Baru ${Date.now() % 100000}`;
  const newcomer = await browser.newContext({ locale: 'id-ID' });
  await signInAsNewUser(await newcomer.newPage(), name);
  await newcomer.close();

  await signIn(page, demoUsers.pustakawan);
  await open(page, '/membership');
  await expect(page.getByLabel('ePustaka', { exact: true }).locator('option:checked')).toContainText(SCHOOL);
  await page.getByRole('button', { name: 'Tambah anggota' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah anggota' });
  await expect(dialog.getByRole('button', { name: 'Tambahkan (0)' })).toBeDisabled();
  await dialog.getByRole('searchbox').fill(name);
  await dialog.getByRole('button', { name: 'Cari' }).click();
  await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: 'Tambahkan (1)' }).click();
  await expect(page.getByText('Anda berhasil menambahkan pengguna menjadi anggota ePustaka Anda.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Anggota ePustaka' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Berlaku sampai');
  await row.getByRole('button', { name: 'Keluarkan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Keluarkan anggota?' });
  await expect(confirm).toContainText('Pinjaman yang sedang berjalan tetap berlaku');
  await confirm.getByRole('button', { name: 'Keluarkan' }).click();
  await expect(page.getByText(`${name} telah dikeluarkan dari ePustaka.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('signed out, the public library page loads no script file and describes the library in JSON-LD', async ({ page, request }) => {
  const libraries = await apiJson<{ data: { id: string }[] }>(request, '/webhook/public-epustaka-sitemap');
  const id = libraries.data[0]!.id;
  const response = await request.get(`/epustaka/${id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('s-maxage');
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBe(1);
  expect(scripts[0]![1]).toContain('type="application/ld+json"');
  const data = JSON.parse(scripts[0]![2]!) as Record<string, unknown>;
  expect(data).toMatchObject({ '@type': 'Library', url: expect.stringMatching(new RegExp(`/epustaka/${id}$`)) });
  expect(typeof data.name).toBe('string');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/epustaka/${id}">`));
  expect(html).toContain('hreflang="en"');

  const scriptFiles: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scriptFiles.push(req.url());
  });
  await page.goto(`/epustaka/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: data.name as string })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Masuk' }).last()).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/epustaka/${id}`)}`);
  expect(scriptFiles).toEqual([]);

  // Unknown and malformed ids are a 404 page, never a 500; the sitemap index names the library sitemap.
  expect((await request.get('/epustaka/0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b')).status()).toBe(404);
  expect((await request.get('/epustaka/bukan-id')).status()).toBe(404);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemap-epustaka.xml');
  expect(await (await request.get('/sitemap-epustaka.xml')).text()).toContain(`/epustaka/${id}`);
});
