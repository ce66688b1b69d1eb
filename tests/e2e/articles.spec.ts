import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * Articles in the Indonesian UI: the public page of an open article, the list
 * with its filter and search, and a private article's teaser for a non-member.
 */

interface NewsRow {
  id: string;
  news_title: string;
  epustaka: { id: string; epustaka_isprivate: boolean } | null;
}

async function newsList(page: Page): Promise<NewsRow[]> {
  const response = await page.request.get('/webhook/news-list', { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: NewsRow[] }).data;
}

test('signed out, an open article loads no script file and carries valid NewsArticle data', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap-content.xml')).text();
  const id = /\/article\/([0-9a-f-]{36})<\/loc>/.exec(sitemap)?.[1];
  expect(id, 'the content sitemap lists an article').toBeTruthy();
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemap-content.xml</loc>');

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const response = await page.goto(`/article/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts).toEqual([]);

  const html = await response!.text();
  const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(blocks.length).toBe(1);
  expect(blocks[0]![1]).toContain('type="application/ld+json"');
  const data = JSON.parse(blocks[0]![2]!) as Record<string, any>;
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('NewsArticle');
  expect(data.headline).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  expect(Number.isNaN(Date.parse(data.datePublished))).toBe(false);
  expect(data.author).toMatchObject({ '@type': 'Person' });
  expect(data.image[0]).toMatch(/^https?:\/\/.+\.jpg$/);
  expect(data.publisher).toMatchObject({ '@type': 'Organization', name: 'ePustaka' });
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/article/${id}">`));
  expect(html).toContain('hreflang="en"');
  expect(html).toMatch(/<meta property="og:type" content="article">/);
  await expect(page.locator('[data-article-content] p').first()).toBeVisible();
});

test('the list filters by category and searches, with a way back', async ({ page }) => {
  await signIn(page, demoUsers.siswa, undefined, '/article');
  const items = page.locator('[data-article-item]');
  await expect(items).toHaveCount(20);
  await page.getByText('Saring', { exact: true }).click();
  await page.getByLabel('Tips Belajar').check();
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/category=/);
  const tips = await items.count();
  expect(tips).toBeGreaterThan(0);
  expect(tips).toBeLessThan(20);
  await page.getByRole('link', { name: 'Atur ulang' }).click();
  await expect(items).toHaveCount(20);

  await page.getByPlaceholder('Cari judul artikel').fill('resensi');
  await page.getByPlaceholder('Cari judul artikel').press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('resensi');
  await expect(items).toHaveCount(1);
  await page.getByRole('link', { name: 'Kembali' }).click();
  await expect(page).toHaveURL(/\/article$/);
});

test('a non-member of the private library gets only the teaser and the private-content button', async ({ page, request }) => {
  // A new student: the demo student may have joined the private library in another test.
  await signInAsNewUser(page, 'Pembaca Baru');
  const closed = (await newsList(page)).find((n) => n.epustaka?.epustaka_isprivate);
  expect(closed).toBeTruthy();
  // A visitor is asked to sign in; the text never leaves the server for them either.
  const visitor = await request.get(`/article/${closed!.id}`, { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers()['location']).toBe(`/login?next=${encodeURIComponent(`/article/${closed!.id}`)}`);
  await page.goto(`/article/${closed!.id}`);
  // The content-unavailable dialog says so first; closing it stays on the teaser.
  const unavailable = page.getByRole('dialog', { name: 'Tidak ada akses ke konten' });
  await expect(unavailable).toBeVisible();
  await unavailable.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(unavailable).toBeHidden();
  await expect(page.locator('[data-article-teaser]')).toBeVisible();
  await expect(page.locator('[data-article-content]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Konten privat' }).click();
  await expect(page.getByRole('dialog', { name: 'Konten privat' })).toContainText('anggota aktif');
});

test('an opened article is in the article history, which searches on Enter and removes a row', async ({ page }) => {
  await signIn(page, demoUsers.guru);
  const open = (await newsList(page)).find((n) => !n.epustaka?.epustaka_isprivate)!;
  await page.goto(`/article/${open.id}`);
  await expect(page.locator('[data-article-content]')).toBeVisible();
  await page.goto('/more-article-history');
  await hydrated(page);
  const rows = page.locator('[data-history-item]');
  await expect(rows.first()).toContainText(open.news_title);
  const search = page.getByPlaceholder('Cari judul artikel');
  await search.fill(open.news_title.split(' ').slice(0, 2).join(' '));
  await search.press('Enter');
  await expect(page).toHaveURL(/q=/);
  await hydrated(page);
  await expect(rows.first()).toContainText(open.news_title);
  const before = await rows.count();
  await rows.first().getByRole('button', { name: 'Hapus dari riwayat' }).click();
  await expect(rows).toHaveCount(before - 1);
});
