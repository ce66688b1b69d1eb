import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * Signed-in pages carry only the texts their islands use, in the active language: every block is
 * that language, the book list carries no account or reader texts, and once the islands have run
 * (and a dialog loaded lazily has opened) no text shows as a raw key such as `catalogue.list.title`.
 */

const RAW_KEY = /\b(?:app|common|header|menu|errors|apiErrors|catalogue|lending|libraries|reach|shell|shelf|people|feed|comments|media|account|access|reader|search|commerce)\.[a-z][A-Za-z]*(?:\.[A-Za-z_]+)*\b/;

async function blocks(page: Page): Promise<{ lang: string; namespaces: string[] }[]> {
  return page.locator('script[data-i18n-texts]').evaluateAll((elements) =>
    elements.map((element) => {
      const body = JSON.parse(element.textContent ?? '{}') as { lang: string; texts: Record<string, unknown> };
      return { lang: body.lang, namespaces: Object.keys(body.texts) };
    }),
  );
}

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const labels = await page.locator('[aria-label], [title], [placeholder]').evaluateAll((elements) =>
    elements.map((e) => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')].filter(Boolean).join(' ')),
  );
  return [text, ...labels].flatMap((t) => t.match(new RegExp(RAW_KEY, 'g')) ?? []);
}

for (const lang of ['id', 'en'] as const) {
  test(`the book list and a book page send their islands' texts in ${lang} only, and none shows as a key`, async ({ page, context, baseURL }) => {
    await signIn(page, demoUsers.siswa);
    await context.addCookies([{ name: 'langActive', value: lang, url: baseURL! }]);
    await open(page, '/books');
    const list = await blocks(page);
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((b) => b.lang))).toEqual(new Set([lang]));
    const listNamespaces = list.flatMap((b) => b.namespaces);
    expect(listNamespaces).toContain('catalogue');
    // Each namespace once, and none the page's islands do not use.
    expect(new Set(listNamespaces).size).toBe(listNamespaces.length);
    for (const unused of ['account', 'reader', 'help', 'people']) expect(listNamespaces).not.toContain(unused);
    expect(await rawKeys(page)).toEqual([]);

    const href = await page.locator('main a[href^="/book/"]').first().getAttribute('href');
    await open(page, href!);
    expect(new Set((await blocks(page)).map((b) => b.lang))).toEqual(new Set([lang]));
    expect(await rawKeys(page)).toEqual([]);
    // A dialog whose code loads when it first opens still finds its texts.
    await page.getByRole('button', { name: lang === 'id' ? /^Opsi lain untuk/ : /^More options for/ }).first().click();
    await page.getByRole('button', { name: lang === 'id' ? 'Bagikan' : 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await hydrated(page);
    expect(await rawKeys(page)).toEqual([]);
  });
}

test('the signed-in pages with islands show no text as a key', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  const problems: string[] = [];
  for (const path of ['/', '/search?q=buku', '/shelf', '/more-book-shelf', '/more-book-history', '/setting', '/timeline', '/profile', '/friendship', '/more-epustaka', '/membership', '/more-history-video', '/notifications-detail', '/donation', '/donation?tab=history', '/transaction', '/payment', '/more-book-donation']) {
    await open(page, path);
    const found = await rawKeys(page);
    if (found.length) problems.push(`${path}: ${found.join(', ')}`);
  }
  expect(problems).toEqual([]);
});
