import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from 'playwright/test';
import { signIn, demoUsers } from './support/auth.ts';
import { borrow, e2eDataDir, ingest } from './support/books.ts';

/*
 * Books the readers need more than epub.js and pdf.js do by default: SVG pages, a layout per page,
 * chapters that fail, right-to-left books, scanned PDFs. The fixtures are made here
 * (tests/fixtures/books, see its README).
 */

const baseUrl = () => test.info().project.use.baseURL!;
const own = (name: string) => resolve('tests/fixtures/books', name);

/** The EPUB reader's progress label in its footer. */
const progressLabel = (page: Page) => page.locator('footer [data-progress]');

/** The EPUB reader is at location `position` of `total` (the label shows it as approximate pages). */
async function expectLocation(page: Page, position: number, total: number): Promise<void> {
  await expect(progressLabel(page)).toHaveAttribute('data-positions', String(total));
  await expect(progressLabel(page)).toHaveAttribute('data-position', String(position));
}

/** Share of the dark pixels of page 1's canvas. */
function pageInk(page: Page): Promise<number> {
  return page.locator('[data-page="1"] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300 && data[i + 3]! > 0) dark += 1;
    return dark / (canvas.width * canvas.height);
  });
}

test.describe('scanned PDFs', () => {
  for (const name of ['scan-jbig2.pdf', 'scan-jpx.pdf']) {
    test(`${name} shows its scan, and a search says the book has no text`, async ({ page }) => {
      test.setTimeout(60_000);
      const book = await ingest(baseUrl(), own(name), ['--open']);
      await signIn(page, demoUsers.siswa);
      await page.goto(`/read-book?book=${book.book_id}`);
      // The bars and heading printed on the page cover about a fifth of it; an image pdf.js drops leaves it white.
      await expect.poll(() => pageInk(page), { timeout: 20_000 }).toBeGreaterThan(0.1);
      await page.getByRole('button', { name: 'Buka pencarian' }).click();
      const box = page.getByRole('searchbox', { name: 'Cari di buku' });
      await box.fill('pindaian');
      await box.press('Enter');
      await expect(page.getByText('Buku ini hasil pindaian tanpa lapisan teks, jadi isinya tidak bisa dicari.')).toBeVisible();
    });
  }
});

test.describe('EPUB pages', () => {
  test('a fixed-layout book of SVG pages shows each whole page', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('svg-fixed-layout.epub'), ['--open']);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByText('Halaman SVG 1')).toBeVisible({ timeout: 20_000 });
    await expectWholePage(page, frame.locator('svg'));
    await expectLocation(page, 1, 3);
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(frame.getByText('Halaman SVG 2')).toBeVisible();
    await expectLocation(page, 2, 3);
  });

  test('a book that mixes layouts shows its fixed page whole, with a location of its own', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('mixed-layout.epub'), ['--open']);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByRole('heading', { name: 'Bab Satu' })).toBeVisible({ timeout: 20_000 });
    await expectLocation(page, 1, 3);
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    const picture = frame.locator('#plate-image');
    await expect(picture).toBeVisible();
    await expectLocation(page, 2, 3);
    await expectWholePage(page, picture);
    // A bookmark on the picture page marks that page only.
    await page.getByRole('button', { name: 'Tandai halaman ini' }).click();
    await expect(page.getByRole('button', { name: 'Hapus penanda halaman ini' })).toBeVisible();
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(frame.getByRole('heading', { name: 'Bab Dua' })).toBeVisible();
    await expectLocation(page, 3, 3);
    await expect(page.getByRole('button', { name: 'Tandai halaman ini' })).toHaveAttribute('aria-pressed', 'false');
    // The reflowable chapter after it is laid out as text again: it fills the frame's width.
    const text = await frame.locator('p').first().boundingBox();
    const viewer = (await page.locator('.epub-view').first().boundingBox())!;
    expect(text!.width).toBeGreaterThan(viewer.width * 0.5);
    await page.getByRole('button', { name: 'Sebelumnya' }).click();
    await expect(picture).toBeVisible();
    await expectLocation(page, 2, 3);
  });

  test('a borrowed DRM copy shows its SVG pages', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('svg-fixed-layout.epub'), ['--drm']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByText('Halaman SVG 1')).toBeVisible({ timeout: 20_000 });
    await expectWholePage(page, frame.locator('svg'));
  });

  test('a borrowed DRM copy shows its fixed picture page whole', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('mixed-layout.epub'), ['--drm']);
    await signIn(page, demoUsers.siswa);
    await borrow(page, book);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByRole('heading', { name: 'Bab Satu' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    const picture = frame.locator('#plate-image');
    await expect(picture).toBeVisible();
    // The picture arrives sealed and is shown from a blob URL, drawn at its full size.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.src.startsWith('blob:') ? img.naturalWidth : 0))).toBe(600);
    await expectWholePage(page, picture);
  });

  test('a chapter that cannot be loaded shows the error screen, not a blank page', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('mixed-layout.epub'), ['--open']);
    rmSync(join(e2eDataDir(), 'books', book.book_id, 'epub', 'OEBPS', 'ch2.xhtml'));
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByRole('heading', { name: 'Bab Satu' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(frame.locator('#plate-image')).toBeVisible();
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(page.getByText('Terjadi kesalahan pada sistem internal...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Muat Ulang' })).toBeVisible();
  });
});

test.describe('right-to-left books', () => {
  test('Page Down and Page Up turn forward and back, and the contents read right to left', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await ingest(baseUrl(), own('rtl-arabic.epub'), ['--open']);
    await signIn(page, demoUsers.siswa);
    await page.goto(`/read-book-epub?book=${book.book_id}`);
    const frame = page.frameLocator('.epub-view iframe');
    await expect(frame.getByRole('heading', { name: 'الفصل الأول' })).toBeVisible({ timeout: 20_000 });
    const label = progressLabel(page);
    await expectLocation(page, 1, 12);
    await page.keyboard.press('PageDown');
    await expect(label).not.toHaveAttribute('data-position', '1');
    const forward = Number(await label.getAttribute('data-position'));
    expect(forward).toBeGreaterThan(1);
    await page.keyboard.press('PageUp');
    await expectLocation(page, 1, 12);

    await page.getByRole('button', { name: 'Menu daftar isi dan penanda' }).click();
    const entry = page.getByRole('button', { name: 'الفصل الثاني' });
    await expect(entry).toBeVisible();
    expect(await entry.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The label starts at the right edge of its row.
    const row = (await entry.boundingBox())!;
    const text = (await entry.locator('span').first().boundingBox())!;
    expect(row.x + row.width - (text.x + text.width)).toBeLessThan(24);
  });
});

/** The element is shown whole: inside the reader's frame, and at least half its height (not shrunk into a corner). */
async function expectWholePage(page: Page, element: ReturnType<ReturnType<Page['frameLocator']>['locator']>) {
  const viewer = (await page.locator('.epub-view').first().boundingBox())!;
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      if (!box) return 'not laid out';
      const inside = box.x >= viewer.x - 1 && box.y >= viewer.y - 1 && box.x + box.width <= viewer.x + viewer.width + 1 && box.y + box.height <= viewer.y + viewer.height + 1;
      return inside && box.height >= viewer.height * 0.5 ? 'whole' : `${JSON.stringify(box)} in ${JSON.stringify(viewer)}`;
    })
    .toBe('whole');
}
