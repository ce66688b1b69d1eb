import type { Browser, Locator, Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { borrow, ingest } from './support/books.ts';
import { smallControls } from './support/screens.ts';

/*
 * The site on a 390 px phone: anchored content clear of the sticky header, help guides in frames
 * as tall as their content, a search box with room, and every control at least 44 px each way.
 */

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, baseURL: string, user: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'id-ID' });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found!;
}

test('after creating a QR code on a phone, the new code shows below the sticky header', async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL!, demoUsers.pustakawan);
  await page.goto('/qr-codes');
  await page.locator('[data-qr-candidates] li').first().getByRole('button', { name: 'Buat kode' }).click();
  await page.waitForURL(/done=created#qr-/);
  const id = new URL(page.url()).hash.slice('#qr-'.length);
  const card = page.locator(`[data-qr-code="${id}"]`);
  await expect(card).toBeVisible();
  await expect
    .poll(async () => (await box(card)).y - ((await box(page.locator('[data-site-header]'))).y + (await box(page.locator('[data-site-header]'))).height))
    .toBeGreaterThanOrEqual(0);
  await page.request.delete('/webhook/qr-code', { data: { id } });
  await page.context().close();
});

test('a help guide sits in a frame as tall as its content, with no scroll inside the page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'id-ID' });
  const page = await context.newPage();
  await page.goto('/help');
  const guide = page.locator('[data-help-doc]').first();
  await guide.locator('summary').click();
  const frame = guide.locator('iframe');
  await expect(frame.contentFrame().locator('main')).toBeVisible();
  const fit = () =>
    frame.evaluate((element: HTMLIFrameElement) => {
      const doc = element.contentDocument!.documentElement;
      const main = element.contentDocument!.querySelector('main')!.getBoundingClientRect().height;
      return { innerScroll: doc.scrollHeight - doc.clientHeight, spare: element.clientHeight - main };
    });
  await expect.poll(async () => (await fit()).innerScroll).toBeLessThanOrEqual(0);
  await expect.poll(async () => Math.abs((await fit()).spare)).toBeLessThan(2);
  await context.close();
});

test('the friendship search box takes the whole row on a phone', async ({ browser, baseURL }) => {
  const page = await phone(browser, baseURL!, demoUsers.siswa);
  await page.goto('/friendship');
  const form = page.locator('form[action="/friendship"]');
  const box = form.getByRole('searchbox');
  await expect(box).toBeVisible();
  const widths = await form.evaluate((element) => ({
    form: element.getBoundingClientRect().width,
    box: element.querySelector('input[type="search"]')!.getBoundingClientRect().width,
  }));
  expect(widths.box).toBeGreaterThanOrEqual(widths.form - 1);
  await page.context().close();
});

test('every control on a phone is at least 44 px each way: follow, comment actions, tabs, menus', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await phone(browser, baseURL!, demoUsers.siswa);
  const list = await page.request.get('/webhook/multimedia-list', { params: { type: 'video', limit: 100 } });
  const video = ((await list.json()).data as { id: string; can_play: boolean }[]).find((item) => item.can_play)!;
  await page.goto(`/video/${video.id}`);
  const box = page.locator('[data-media-comments]').getByRole('textbox').first();
  await box.scrollIntoViewIfNeeded();
  await hydrated(page);
  await box.fill(`Ukuran tombol ${Date.now()}`);
  await box.press('Enter');
  await expect(page.locator('[data-media-comments]').getByRole('button', { name: 'Hapus' }).first()).toBeVisible();
  const found: string[] = [];
  // The video page first, as it is now (with the comment and its actions), then the others.
  for (const path of [`/video/${video.id}`, '/', '/shelf', '/friendship', '/search?tab=user&q=a']) {
    if (path !== `/video/${video.id}`) await page.goto(path);
    await hydrated(page);
    found.push(...(await smallControls(page)).map((control) => `${path}: ${control}`));
  }
  expect(found).toEqual([]);
  await page.context().close();
});

test('the star rating on a phone is chosen with a 44 px slider in half steps', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const book = await ingest(baseURL!, 'panduan.pdf', ['--title', 'Buku Bintang', '--drm']);
  const page = await phone(browser, baseURL!, demoUsers.siswa);
  await borrow(page, book);
  await page.goto(`/book/${book.book_id}#tab-review`);
  await hydrated(page);
  const form = page.locator('#review-form');
  const slider = form.getByRole('slider', { name: 'Rating bintang' });
  await expect(slider).toBeVisible();
  // The half stars only show the choice here: no radio button is on screen.
  await expect(form.getByRole('radio')).toHaveCount(0);
  await slider.fill('4.5');
  await expect(slider).toHaveAttribute('aria-valuetext', /^4,5 · /);
  expect(await page.evaluate(() => {
    const form = document.querySelector('#review-form')!;
    return [...form.querySelectorAll<HTMLElement>('input, button, textarea')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.width < 43.5 || r.height < 43.5);
    }).map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent}`);
  })).toEqual([]);
  await page.context().close();
});
