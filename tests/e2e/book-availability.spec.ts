import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { allBooks, holdingsOf, type Holding } from './support/members.ts';
import { hydrated } from './support/pages.ts';

/* A book page on a phone leads with what the reader can borrow, each library with its own copies. */

const TEXTS = {
  id: { borrow: 'Pinjam', dialog: 'Pinjam buku', available: (n: number) => `${n} tersedia dari`, copies: (a: number, t: number) => `${a} dari ${t} tersedia`, askToJoin: 'Privat: minta bergabung' },
  en: { borrow: 'Borrow', dialog: 'Borrow book', available: (n: number) => `${n} available from`, copies: (a: number, t: number) => `${a} of ${t} available`, askToJoin: 'Private: ask to join' },
} as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const lang of ['id', 'en'] as const) {
  test(`in ${lang}, copies of a private library the student cannot use are not counted as theirs`, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.siswa);
    await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
    // A DRM book the student may borrow from one library and that a private library they have not joined also holds.
    let found: { id: string; mine: Holding; closed: Holding } | null = null;
    for (const book of (await allBooks(page.request)).filter((b) => b.using_drm)) {
      const holdings = await holdingsOf(page.request, book.id);
      const mine = holdings.find((h) => h.member_status === 1);
      const closed = holdings.find((h) => h.epustaka_isprivate && h.member_status === null);
      if (mine && closed) {
        found = { id: book.id, mine, closed };
        break;
      }
    }
    expect(found, 'the demo data has a book held by the student’s library and a private one').toBeTruthy();
    const { id, mine, closed } = found!;

    await page.goto(`/book/${id}`);
    await hydrated(page);
    const text = TEXTS[lang];
    const borrowable = page.getByTestId('availability-borrowable');
    await expect(borrowable).toHaveCount(1);
    await expect(borrowable).toHaveText(`${text.available(mine.available_qty)} ${mine.epustaka_name}`);
    const other = page.getByTestId('availability-other').filter({ hasText: closed.epustaka_name });
    await expect(other).toContainText(text.copies(closed.available_qty, closed.total_qty));
    await expect(other).toContainText(text.askToJoin);
    // The tiles count the student's library alone, never the sum with the private one.
    await expect(page.locator('[data-stat="total"]')).toHaveText(String(mine.total_qty));
    await expect(page.locator('[data-stat="available"]')).toHaveText(String(mine.available_qty));
    const box = await page.getByTestId('book-availability').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // The borrow sheet shows whole library names, wrapped on a phone rather than cut.
    await page.getByRole('button', { name: text.borrow, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    const names = dialog.locator('[id^="holding-"]');
    await expect(names.first()).toBeVisible();
    for (const name of await names.all()) {
      expect(await name.evaluate((el) => getComputedStyle(el).textOverflow !== 'ellipsis' && el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });
}
