import { expect, test } from './support/console-guard.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * The content-unavailable dialog on detail pages: a gone item says 'content not
 * found' and closing goes home; a private library's item says 'no access to content' and closing
 * stays on the page, where joining is offered.
 */

test.use({ allowErrors: /status of 404/ });

test('a gone item says it is not found and closing goes home; a private one stays after closing', async ({ page }) => {
  await signInAsNewUser(page, 'Pembaca Tautan Lama');
  const gone = await page.goto('/audio/3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d');
  expect(gone!.status()).toBe(404);
  await hydrated(page);
  const notFound = page.getByRole('dialog', { name: 'Konten tidak ditemukan' });
  await expect(notFound).toContainText('tidak ada atau sudah dihapus');
  await notFound.getByRole('button', { name: 'Kembali ke beranda' }).click();
  await expect(page).toHaveURL(/\/$/);

  const list = await page.request.get('/webhook/multimedia-list', { params: { type: 'audio', limit: 100 } });
  const closed = ((await list.json()).data as { id: string; can_play: boolean }[]).find((item) => !item.can_play)!;
  await page.goto(`/audio/${closed.id}`);
  await hydrated(page);
  const noAccess = page.getByRole('dialog', { name: 'Tidak ada akses ke konten' });
  await expect(noAccess).toContainText('anggota aktif');
  await noAccess.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(noAccess).toBeHidden();
  await expect(page).toHaveURL(`/audio/${closed.id}`);
});
