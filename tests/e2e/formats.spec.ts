import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from 'playwright/test';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

const baseUrl = () => test.info().project.use.baseURL!;
const LOCALES = join(process.cwd(), 'src/lib/i18n/locales');

test.use({ viewport: { width: 390, height: 844 } });

/** Every text of one language's bundle (`id.json` and `id/*.json`), by its dotted key. */
function bundle(lang: 'id' | 'en'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.set(key, value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(join(LOCALES, `${lang}.json`), 'utf8')), '');
  for (const file of readdirSync(join(LOCALES, lang))) walk(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')), '');
  return out;
}

/**
 * Indonesian interface texts whose English differs: on a page in English, a visible text (or a
 * label) equal to one of them is an Indonesian text that did not go through the language.
 * Texts with parameters are left out (their shown form differs), and so are very short ones
 * and those the English bundle uses as well.
 */
function indonesianOnlyTexts(): Set<string> {
  const id = bundle('id');
  const en = bundle('en');
  const english = new Set([...en.values()].map((text) => text.trim()));
  const out = new Set<string>();
  for (const [key, text] of id) {
    if (text.includes('{{') || text.trim().length < 3 || !/\p{L}/u.test(text)) continue;
    // A word both languages use ("Video", "Email") is English too.
    if (en.get(key) !== text && !english.has(text.trim())) out.add(text.trim());
  }
  return out;
}

/** The texts a reader sees or hears on the page: each visible text node, and labels and placeholders. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (text && parent && !parent.closest('script, style, template') && visible(parent)) texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

async function expectEnglishOnly(page: Page, path: string, indonesian: Set<string>, ready?: () => Promise<void>): Promise<string> {
  await open(page, path);
  await ready?.();
  const texts = await shownTexts(page);
  const leaks = texts.filter((text) => indonesian.has(text));
  expect.soft(leaks, `Indonesian texts on ${path} in English`).toEqual([]);
  const all = texts.join('\n');
  // Times are named WIB/WITA/WIT, never by their offset; numbers use the English decimal point.
  expect.soft(all, `${path} names a zone by its offset`).not.toMatch(/GMT[+-]\d/);
  expect.soft(all, `${path} writes a size with a decimal comma`).not.toMatch(/\d,\d+ [KMG]?B\b/);
  return all;
}

test.describe('English mode on a phone', () => {
  test('a visitor and a member see no Indonesian interface text; times say WIB and sizes use a decimal point', async ({ page, context }) => {
    test.setTimeout(180_000);
    const indonesian = indonesianOnlyTexts();
    // The check itself: an Indonesian text of the bundle is found, an English one is not.
    expect(indonesian.has('Perpanjang')).toBe(true);
    expect(indonesian.has('Renew')).toBe(false);

    // And on a page in Indonesian it finds the interface texts.
    await open(page, '/login');
    expect((await shownTexts(page)).filter((text) => indonesian.has(text))).toContain('Lupa kata sandi?');

    await context.addCookies([{ name: 'langActive', value: 'en', url: baseUrl() }]);
    for (const path of ['/', '/books', '/help', '/login', '/register', '/forgot-password', '/no-such-page']) await expectEnglishOnly(page, path, indonesian);
    await open(page, '/books');
    const bookHref = await page.locator('a[href^="/book/"]').first().getAttribute('href');
    const bookPage = await expectEnglishOnly(page, bookHref!, indonesian);
    expect(bookPage).toMatch(/\d+(\.\d)? [KM]B/);

    await context.clearCookies();
    // Signed in on another page: the greeting shows on the first home page of the session.
    await signIn(page, demoUsers.siswa, undefined, '/shelf');
    await context.addCookies([{ name: 'langActive', value: 'en', url: baseUrl() }]);
    // The welcome greeting comes from the server, in the page's language.
    await expectEnglishOnly(page, '/', indonesian, () => expect(page.getByRole('dialog', { name: 'Welcome to ePustaka' })).toBeVisible());
    const shelf = await expectEnglishOnly(page, '/shelf', indonesian);
    expect(shelf).toMatch(/\d{1,2} \w+ \d{4} at \d{2}:\d{2} WIB/);
    for (const path of ['/shelf?tab=queue', '/shelf?tab=history', '/timeline', '/setting', '/notifications-detail', '/more-epustaka', '/books', bookHref!]) {
      await expectEnglishOnly(page, path, indonesian);
    }
  });
});

test.describe('addresses that do not exist', () => {
  for (const lang of ['id', 'en'] as const) {
    test(`a mistyped address answers the not-found page at once, signed out and signed in (${lang})`, async ({ page, context }) => {
      const heading = lang === 'en' ? 'Page not found' : 'Halaman tidak ditemukan';
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      for (const path of ['/shelff', '/books/extra/part']) {
        const res = await page.goto(path);
        expect(res!.status(), path).toBe(404);
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
      // An existing page that needs a session still goes to the sign-in page.
      await page.goto('/shelf');
      await expect(page).toHaveURL(/\/login\?next=%2Fshelf$/);
      // The sign-in helper speaks Indonesian.
      await context.addCookies([{ name: 'langActive', value: 'id', url: baseUrl() }]);
      await signIn(page, demoUsers.siswa, undefined, '/');
      await context.addCookies([{ name: 'langActive', value: lang, url: baseUrl() }]);
      const res = await page.goto('/shelff');
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});

test('a phone number is shown grouped, however it was typed', async ({ page }) => {
  await signInAsNewUser(page, 'Nomor Telepon');
  const saved = await page.request.put('/auth/account', { data: { scope: 'profile', data: { phone: '+6281234567890' } } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await open(page, '/setting');
  await expect(page.locator('[data-field="phone"]')).toHaveText('+62 812-3456-7890');
  await page.request.put('/auth/account', { data: { scope: 'profile', data: { phone: '081234567890' } } });
  await open(page, '/setting');
  await expect(page.locator('[data-field="phone"]')).toHaveText('0812-3456-7890');
});

test("a comment updates the post's comment count at once", async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  await open(page, '/timeline');
  const link = page.getByTestId('feed-comments').first();
  await link.click();
  await page.waitForURL(/\/timeline\/detail\//);
  await hydrated(page);
  const count = page.getByText(/^\d+ komentar$/);
  const before = Number(/(\d+)/.exec((await count.textContent()) ?? '')![1]);
  await page.getByTestId('comment-add').getByRole('textbox').fill(`Komentar baru ${Date.now()}`);
  await page.getByTestId('comment-add').getByRole('button', { name: 'Kirim' }).click();
  await expect(count).toHaveText(`${before + 1} komentar`);
});
