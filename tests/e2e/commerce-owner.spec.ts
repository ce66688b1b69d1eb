import { expect } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { apiJson, borrowFrom, holdingsOf, joinLibrary, signInAsNewMember, type Holding } from './support/members.ts';
import { donationChoices, type DonationBook } from './support/commerce.ts';
import { SCREENS, expectFitsScreen } from './support/screens.ts';

/*
 * Donations that involve others: a cash payment the receiving library's owner verifies (and a cart
 * line removed, a box emptied), and a donation to a fully lent book that moves its queue; each on a
 * desktop and on a phone.
 */

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`donations and their libraries on a ${screen.name}`, () => {
    test.use(screen.use);

    test('remove a line of the cart, pay cash, land on the transaction with its detail open, and the library owner verifies it; an emptied box leaves', async ({ page, browser }) => {
      test.setTimeout(180_000);
      await signInAsNewMember(page, 'Donatur Tunai');
      const { books, libraries } = await donationChoices(page.request);
      const [first, second] = books.filter((book) => book.price > 0);
      // The demo librarian owns this library: she verifies the cash.
      const library = libraries.find((l) => l.epustaka_name === 'Pustaka SMA Harapan Bangsa')!;
      expect(library).toBeTruthy();
      const add = async (book: DonationBook) => {
        const res = await page.request.post('/webhook/add-order-box', {
          data: { order_type: 'BOOK', order_type_id: book.book_id, number_of_copy: 1, category: 'DONATION', buyer_type: 'PERSONAL', epustaka_id: library.id },
        });
        expect(res.ok(), await res.text()).toBe(true);
        return (await res.json()).data.order_box_id as string;
      };
      const box = await add(first!);
      expect(await add(second!)).toBe(box);

      await open(page, `/cart/${box}/D`);
      await expect(page.locator('[data-order-line]')).toHaveCount(2);
      await page.getByRole('button', { name: `Hapus ${second!.book_title}` }).click();
      await expect(page.locator('[data-order-line]')).toHaveCount(1);
      await expect(page.locator('[data-cart-total]')).toHaveText(`Rp ${first!.price.toLocaleString('id-ID')}`);
      await expectFitsScreen(page, screen);

      await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
      await page.getByRole('dialog', { name: 'Pilih metode pembayaran' }).getByRole('radio', { name: 'Tunai' }).check();
      await page.getByRole('button', { name: 'Lanjut', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Ringkasan pembayaran' });
      await expect(summary.locator('[data-summary-bill]')).toHaveText(`Rp ${first!.price.toLocaleString('id-ID')}`);
      await summary.getByRole('button', { name: 'Bayar sekarang' }).click();
      await expect(page).toHaveURL(new RegExp(`/transaction\\?order_box_id=${box}`));
      const detail = page.getByRole('dialog', { name: 'Rincian pembayaran' });
      await expect(detail.locator('[data-status]')).toHaveText('Verifikasi sedang diproses');
      await expect(detail.locator('[data-payment-method]')).toHaveText('Tunai');
      await expectFitsScreen(page, screen, detail);

      // The owner sees the donation on her administration screen and confirms the cash arrived.
      const ownerContext = await browser.newContext(screen.use);
      const owner = await ownerContext.newPage();
      await signIn(owner, demoUsers.pustakawan);
      await open(owner, `/membership?epustaka=${library.id}`);
      await owner.getByRole('heading', { name: 'Donasi yang diterima' }).scrollIntoViewIfNeeded();
      const row = owner.locator(`[data-received="${box}"]`);
      await expect(row.locator('[data-status]')).toHaveText('Verifikasi sedang diproses');
      await expectFitsScreen(owner, screen);
      await row.getByRole('button', { name: 'Verifikasi pembayaran tunai' }).click();
      await expect(row.locator('[data-status]')).toHaveText('Lunas');
      await ownerContext.close();
      await expect.poll(async () => (await apiJson<{ data: { payment_status: number } }>(page.request, '/webhook/invoice-status', { order_box_id: box })).data.payment_status).toBe(3);

      // A new box with one line: removing it leaves for the donation list.
      const next = await add(second!);
      expect(next).not.toBe(box);
      await open(page, `/cart/${next}/D`);
      await page.getByRole('button', { name: `Hapus ${second!.book_title}` }).click();
      await expect(page).toHaveURL(/\/donation\?category=DONATION/);
    });

    test('a fully lent book invites a donation; two donated copies paid on the sandbox give the first in its queue the offer', async ({ page, browser }) => {
      test.setTimeout(240_000);
      const donor = await signInAsNewMember(page, 'Donatur Antrean');
      const { books, libraries } = await donationChoices(page.request);
      const allowed = new Set(libraries.map((library) => library.id));
      // A donatable copy-limited book a public library holds with one copy left and nobody waiting;
      // each screen takes every other such book, so the two runs never queue for the same one.
      let found: { book: DonationBook; holding: Holding } | null = null;
      let seen = 0;
      for (const book of books.filter((b) => b.using_drm)) {
        const holdings = await holdingsOf(page.request, book.book_id);
        const holding = holdings.find((h) => !h.epustaka_isprivate && allowed.has(h.id) && h.available_qty === 1 && h.total_qty === 1 && h.queue_count === 0);
        if (holding && holdings.length === 1 && seen++ % SCREENS.length === n) {
          found = { book, holding };
          break;
        }
      }
      expect(found, 'a book with its last copy in a public library').toBeTruthy();
      const { book, holding } = found!;

      // Someone borrows the last copy; someone else waits for it.
      const members = await Promise.all(['Peminjam Terakhir', 'Penunggu Donasi'].map(async (name) => {
        const context = await browser.newContext();
        const memberPage = await context.newPage();
        const member = await signInAsNewMember(memberPage, name);
        await joinLibrary(memberPage.request, holding.id, member.id);
        return { context, page: memberPage, member };
      }));
      const [holder, waiting] = members as [(typeof members)[0], (typeof members)[0]];
      await borrowFrom(holder.page.request, book.book_id, holding.id, holder.member.id);
      const queued = await waiting.page.request.post('/webhook/book-queue', { data: { book_id: book.book_id, epustaka_id: holding.id } });
      expect(queued.ok(), await queued.text()).toBe(true);

      // The book page invites the donor to donate so the line moves.
      await open(page, `/book/${book.book_id}/${holding.id}`);
      const invite = page.locator('[data-donation-invite]');
      await expect(invite).toContainText('Semua salinan sedang dipinjam. Donasikan salinan agar antrean bergerak.');
      await expectFitsScreen(page, screen);
      await invite.getByRole('button', { name: 'Donasikan salinan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Donasi buku' });
      await expectFitsScreen(page, screen, dialog);
      await dialog.getByRole('button', { name: 'Tambah satu salinan' }).click();
      await dialog.getByRole('radio', { name: holding.epustaka_name }).check();
      await dialog.getByRole('button', { name: 'Lanjutkan' }).click();
      await expect(page).toHaveURL(/\/cart\//);
      await hydrated(page);
      await page.getByRole('button', { name: 'Lanjutkan pembayaran' }).click();
      const methods = page.getByRole('dialog', { name: 'Pilih metode pembayaran' });
      await methods.getByRole('radio', { name: /Alfamart/ }).check();
      await expectFitsScreen(page, screen, methods);
      await page.getByRole('button', { name: 'Lanjut', exact: true }).click();
      await page.getByRole('dialog', { name: 'Ringkasan pembayaran' }).getByRole('button', { name: 'Bayar sekarang' }).click();
      await page.getByRole('button', { name: 'Bayar / Pay' }).click();
      await expect(page.locator('#status')).toHaveText('settlement');

      // The library holds three copies now, and the one waiting is offered one.
      await expect.poll(async () => (await holdingsOf(page.request, book.book_id)).find((h) => h.id === holding.id)?.total_qty).toBe(3);
      await expect.poll(async () => (await apiJson<{ data: { queue_offer: { epustaka_id: string } | null } }>(waiting.page.request, '/webhook/book-detail', { book_id: book.book_id })).data.queue_offer?.epustaka_id).toBe(holding.id);
      expect(donor.id).toBeTruthy();
      for (const member of members) await member.context.close();
    });
  });
}
