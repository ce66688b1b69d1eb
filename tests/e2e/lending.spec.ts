import { expect, test, type Browser } from 'playwright/test';
import { open } from './support/pages.ts';
import { outboxFor } from './support/users.ts';
import {
  allBooks,
  apiJson,
  borrowFrom,
  holdingsOf,
  joinLibrary,
  returnBook,
  signInAsNewMember,
  type Holding,
  type ListedBook,
  type NewMember,
} from './support/members.ts';

/*
 * Borrowing journeys of a new student: claiming a copy held from a queue, borrowing from a
 * public library when a private one holds the book too, and joining to queue for a book that is
 * out of copies. Each test registers its own members and finds a book in the state it needs.
 */

interface Detail {
  id: string;
  book_title: string;
  queue_count: number;
  queue_offer: { epustaka_id: string; expires_at: string } | null;
  web_readable: boolean;
}

/** A second signed-in member in their own browser context. */
async function otherMember(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await signInAsNewMember(page, name);
  return { context, page, member };
}

/** A copy-limited book of a public library with exactly one copy left and nobody waiting. */
async function lastCopyBook(books: ListedBook[], request: import('playwright/test').APIRequestContext): Promise<{ book: ListedBook; holding: Holding }> {
  for (const book of books) {
    if (!book.using_drm || book.available_qty < 1) continue;
    const holdings = await holdingsOf(request, book.id);
    const holding = holdings.find((h) => !h.epustaka_isprivate && h.available_qty === 1 && h.queue_count === 0);
    if (holding && holdings.length === 1) return { book, holding };
  }
  throw new Error('no book with one copy left in a public library');
}

test.describe('queue offers', () => {
  test('the first in the queue sees the held copy with its deadline, is mailed, and borrows it', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const waiting = await signInAsNewMember(page, 'Penunggu Giliran');
    const books = await allBooks(page.request);
    // From the end of the list: other tests take their books from the start.
    const { book, holding } = await lastCopyBook([...books].reverse(), page.request);

    // Another member takes the last copy.
    const holder = await otherMember(browser, 'Peminjam Terakhir');
    await joinLibrary(holder.page.request, holding.id, holder.member.id);
    await borrowFrom(holder.page.request, book.id, holding.id, holder.member.id);

    // The student joins the library and queues from the book page.
    await joinLibrary(page.request, holding.id, waiting.id);
    await open(page, `/book/${book.id}/${holding.id}`);
    await page.getByRole('button', { name: 'Antre pinjam' }).click();
    await expect(page.getByRole('button', { name: 'Antrean ke-1' })).toBeDisabled();

    // The copy comes back: it is held for her for 24 hours.
    await returnBook(holder.page.request, book.id);
    await holder.context.close();
    await open(page, `/book/${book.id}/${holding.id}`);
    const detail = (await apiJson<{ data: Detail }>(page.request, '/webhook/book-detail', { book_id: book.id })).data;
    expect(detail.queue_offer?.epustaka_id).toBe(holding.id);
    const deadline = new Date(detail.queue_offer!.expires_at);
    const shown = `${new Intl.DateTimeFormat('id-ID', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(deadline)} WIB`;
    await expect(page.locator('[data-queue-offer]').first()).toContainText(`Giliran Anda! Satu salinan disimpan untuk Anda sampai ${shown}.`);
    const claim = page.getByRole('button', { name: 'Pinjam salinan untuk Anda' }).first();
    await expect(claim).toBeEnabled();

    // The queue list says the same.
    await page.locator('button:has([data-stat="queue"])').click();
    const queue = page.getByRole('dialog', { name: 'Antrean' });
    await expect(queue.getByRole('listitem').filter({ hasText: 'Penunggu Giliran' })).toContainText('salinan disimpan hingga');
    await queue.getByRole('button', { name: 'Tutup' }).click();

    // She was mailed, with the deadline.
    const mails = await outboxFor(page.request, waiting.email);
    const offerMail = mails.find((m) => m.subject.includes(book.book_title));
    expect(offerMail, 'the queue offer mail').toBeTruthy();
    expect(JSON.stringify(offerMail)).toMatch(/Pinjam sebelum .+ WIB/);

    // The borrow dialog agrees and lends the held copy.
    await claim.click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: holding.epustaka_name });
    await expect(row).toContainText(`Disimpan untuk Anda sampai ${shown}`);
    await row.getByRole('button', { name: 'Pinjam salinan untuk Anda' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Buku dipinjam' });
    await expect(confirmation).toContainText('Masa pinjam berakhir');
    await confirmation.getByRole('button', { name: 'Nanti saja' }).click();
    await expect(page.getByRole('link', { name: 'Baca', exact: true })).toBeVisible();
  });
});

test.describe('joining to borrow', () => {
  test('a book held by a private and a public library is borrowed from the public one, even after asking the private one', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewMember(page, 'Siswa Baru Dua Pustaka');
    let found: { book: ListedBook; priv: Holding; pub: Holding } | undefined;
    for (const book of await allBooks(page.request)) {
      if (book.available_qty < 2) continue;
      const holdings = await holdingsOf(page.request, book.id);
      const priv = holdings.find((h) => h.epustaka_isprivate);
      const pub = holdings.find((h) => !h.epustaka_isprivate && (h.available_qty > 0 || h.total_qty === 0));
      if (priv && pub && (pub.available_qty > 0 || !book.using_drm)) {
        found = { book, priv, pub };
        break;
      }
    }
    expect(found, 'a book a private library holds and a public one lends').toBeTruthy();
    const { book, priv, pub } = found!;

    await open(page, `/book/${book.id}`);
    // The page offers the public library, saying that joining also borrows.
    const main = page.getByRole('button', { name: 'Gabung & pinjam', exact: true }).first();
    await expect(main).toBeEnabled();
    await main.click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const privRow = dialog.getByRole('listitem').filter({ hasText: priv.epustaka_name });
    const pubRow = dialog.getByRole('listitem').filter({ hasText: pub.epustaka_name });
    await privRow.getByRole('button', { name: 'Minta bergabung' }).click();
    await expect(privRow.getByRole('button', { name: 'Menunggu persetujuan' })).toBeDisabled();
    // The page does not lock on the pending request: it still offers the public library.
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByRole('button', { name: 'Gabung & pinjam', exact: true }).first()).toBeEnabled();
    await page.getByRole('button', { name: 'Gabung & pinjam', exact: true }).first().click();
    // The pending request does not block the public library.
    const joinAndBorrow = pubRow.getByRole('button', { name: 'Gabung & pinjam' });
    await expect(joinAndBorrow).toBeEnabled();
    await joinAndBorrow.click();
    const confirmation = page.getByRole('dialog', { name: 'Buku dipinjam' });
    await expect(confirmation).toContainText(`“${book.book_title}” berhasil dipinjam.`);
    await expect(confirmation).toContainText(/Masa pinjam berakhir .+\d{4}/);
    await expect(confirmation.getByRole('link', { name: 'Baca sekarang' })).toHaveAttribute('href', new RegExp(`book=${book.id}`));
    await confirmation.getByRole('button', { name: 'Nanti saja' }).click();
    await expect(page.getByRole('link', { name: 'Baca', exact: true })).toBeVisible();
  });

  test('a non-member on an out-of-stock book sees why, joins and queues', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAsNewMember(page, 'Siswa Antre Baru');
    const books = await allBooks(page.request);
    const { book, holding } = await lastCopyBook(books, page.request);
    const holder = await otherMember(browser, 'Pemegang Salinan');
    await joinLibrary(holder.page.request, holding.id, holder.member.id);
    await borrowFrom(holder.page.request, book.id, holding.id, holder.member.id);
    await holder.context.close();

    await open(page, `/book/${book.id}`);
    await expect(page.locator('[data-lending-reason]').first()).toContainText('Semua salinan sedang dipinjam. Gabung dengan ePustaka ini untuk masuk antrean');
    await page.getByRole('button', { name: 'Gabung & antre', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: holding.epustaka_name });
    await expect(row).toContainText('Semua salinan sedang dipinjam');
    await row.getByRole('button', { name: 'Gabung & antre' }).click();
    await expect(page.getByText(/Anda masuk antrean di urutan ke-1\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByRole('button', { name: 'Antrean ke-1' }).first()).toBeDisabled();
    const holdings = await holdingsOf(page.request, book.id);
    expect(holdings.find((h) => h.id === holding.id)?.member_status).toBe(1);
  });
});

test.describe('readable demo books', () => {
  test('every demo book has a web-readable file, and a sample of them opens in the reader', async ({ page }) => {
    test.setTimeout(300_000);
    const member: NewMember = await signInAsNewMember(page, 'Pembaca Contoh');
    const books = await allBooks(page.request);
    expect(books.length).toBeGreaterThan(100);
    for (const book of books) {
      const detail = (await apiJson<{ data: Detail }>(page.request, '/webhook/book-detail', { book_id: book.id })).data;
      expect(detail.web_readable, `${book.book_title} has a readable file`).toBe(true);
    }

    // 20 books spread over the list, each borrowed from a public library, opened and returned.
    const candidates: { book: ListedBook; holding: Holding }[] = [];
    const step = Math.max(1, Math.floor(books.length / 40));
    for (let i = 0; i < books.length && candidates.length < 20; i += step) {
      const book = books[i]!;
      const holding = (await holdingsOf(page.request, book.id)).find((h) => !h.epustaka_isprivate && (!book.using_drm || h.available_qty > 0));
      if (holding) candidates.push({ book, holding });
    }
    expect(candidates.length).toBe(20);
    for (const { book, holding } of candidates) {
      if (holding.member_status !== 1) await joinLibrary(page.request, holding.id, member.id);
      await borrowFrom(page.request, book.id, holding.id, member.id);
      const detail = (await apiJson<{ data: { file_ext: string } }>(page.request, '/webhook/book-detail', { book_id: book.id })).data;
      const reader = detail.file_ext === 'epub' ? '/read-book-epub' : '/read-book';
      await page.goto(`${reader}?book=${book.id}`);
      await expect(page.locator('html[data-reader-painted="true"]'), `${book.book_title} opens`).toBeAttached({ timeout: 30_000 });
      await expect(page.getByText('Terjadi kesalahan pada sistem internal')).toHaveCount(0);
      await returnBook(page.request, book.id);
    }
  });
});


test.describe('loan limit', () => {
  test('a member with as many loans as the library allows is told so in the borrow dialog, with a way to the shelf', async ({ page }) => {
    test.setTimeout(120_000);
    const member = await signInAsNewMember(page, 'Peminjam Rajin');
    // Books of one public library with the default limit (5), each with copies to spare.
    const candidates: { book: ListedBook; holding: Holding }[] = [];
    let library: string | undefined;
    for (const book of await allBooks(page.request)) {
      if (candidates.length === 6) break;
      const holdings = await holdingsOf(page.request, book.id);
      const holding = holdings.find(
        (h) => !h.epustaka_isprivate && (h.id === library || (!library && h.loan_limit === 5)) && (!book.using_drm || h.available_qty >= 2),
      );
      if (!holding) continue;
      library ??= holding.id;
      candidates.push({ book, holding });
    }
    expect(candidates, 'six books of one public library with the default limit').toHaveLength(6);
    await joinLibrary(page.request, library!, member.id);
    for (const { book } of candidates.slice(0, 5)) await borrowFrom(page.request, book.id, library!, member.id);

    const { book, holding } = candidates[5]!;
    await open(page, `/book/${book.id}/${library}`);
    await page.getByRole('button', { name: 'Pinjam', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Pinjam buku' });
    const row = dialog.getByRole('listitem').filter({ hasText: holding.epustaka_name });
    await expect(row.locator('[data-loan-limit]')).toHaveText(
      'Anda memiliki 5 dari 5 pinjaman dari perpustakaan ini; kembalikan satu untuk meminjam yang lain. Buka buku pinjaman saya',
    );
    await expect(row.getByRole('button', { name: 'Pinjam', exact: true })).toBeDisabled();
    await row.getByRole('link', { name: 'Buka buku pinjaman saya' }).click();
    await expect(page).toHaveURL(/\/shelf\?tab=borrow$/);

    // Returning one makes room again.
    await returnBook(page.request, candidates[0]!.book.id);
    await open(page, `/book/${book.id}/${library}`);
    await page.getByRole('button', { name: 'Pinjam', exact: true }).first().click();
    await expect(row.locator('[data-loan-limit]')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Pinjam', exact: true })).toBeEnabled();
  });
});

test.describe('reader address /read', () => {
  test('/read?book= opens the reader the book needs; without a book it leads to the borrowed books', async ({ page }) => {
    await signInAsNewMember(page, 'Pembaca Alamat Read');
    const book = (await allBooks(page.request))[0]!;
    const detail = (await apiJson<{ data: { file_ext: string } }>(page.request, '/webhook/book-detail', { book_id: book.id })).data;
    const reader = detail.file_ext === 'epub' ? '/read-book-epub' : '/read-book';
    for (const address of [`/read?book=${book.id}`, `/read?book_id=${book.id}`]) {
      const res = await page.request.get(address, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      // Marked as the generic entry: there the reader may ask about the book read last.
      expect(res.headers().location).toBe(`${reader}?book=${book.id}&from=read`);
    }
    for (const address of ['/read', '/read?book=undefined', '/read?book=00000000-0000-4000-8000-000000000000']) {
      await page.goto(address);
      await expect(page, address).toHaveURL(/\/shelf\?tab=borrow$/);
    }
  });
});
