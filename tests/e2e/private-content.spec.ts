import { expect, test } from './support/console-guard.ts';
import { hydrated } from './support/pages.ts';
import { joinLibrary } from './support/members.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * The dialogs in front of private content: they say which library holds it, offer joining it (or
 * say that the request to join is waiting), and close with one control.
 */

interface Item {
  id: string;
  can_play: boolean;
  epustaka: { id: string; epustaka_name: string; epustaka_isprivate: boolean } | null;
}

for (const lang of ['id', 'en'] as const) {
  test(`(${lang}) private content offers joining its library, then says the request waits, and closes once`, async ({ page, context, baseURL }) => {
    const texts =
      lang === 'id'
        ? { title: 'Tidak ada akses ke konten', close: 'Tutup', join: 'Gabung ke', waiting: 'menunggu persetujuan', gate: 'Konten privat', pending: 'Menunggu persetujuan' }
        : { title: 'No access to content', close: 'Close', join: 'Join', waiting: 'waiting for the librarian', gate: 'Private content', pending: 'Pending approval' };
    const user = await signInAsNewUser(page, lang === 'id' ? 'Penonton Privat' : 'Private Viewer');
    await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
    const list = await page.request.get('/webhook/multimedia-list', { params: { type: 'video', limit: 100 } });
    const closed = ((await list.json()).data as Item[]).find((item) => !item.can_play && item.epustaka?.epustaka_isprivate)!;
    const library = closed.epustaka!;

    await page.goto(`/video/${closed.id}`);
    await hydrated(page);
    const noAccess = page.getByRole('dialog', { name: texts.title });
    await expect(noAccess).toContainText(library.epustaka_name);
    await expect(noAccess.getByRole('button', { name: texts.close })).toHaveCount(1);
    const join = noAccess.getByRole('link', { name: `${texts.join} ${library.epustaka_name}` });
    await expect(join).toHaveAttribute('href', `/epustaka/${library.id}`);

    // Asked to join, the dialog says the request waits and offers no join.
    await joinLibrary(page.request, library.id, user.id);
    await page.reload();
    await hydrated(page);
    await expect(noAccess).toContainText(texts.waiting);
    await expect(noAccess.getByRole('link')).toHaveCount(0);
    await noAccess.getByRole('button', { name: texts.close }).click();
    await expect(noAccess).toBeHidden();

    // The private-content dialog of the player: the waiting state and one close.
    await page.locator('[data-gated-play]').click();
    const gate = page.getByRole('dialog', { name: texts.gate });
    await expect(gate.getByRole('button', { name: texts.pending })).toBeDisabled();
    await expect(gate.getByRole('button', { name: texts.close })).toHaveCount(1);
  });
}
