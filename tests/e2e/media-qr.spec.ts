import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';

/*
 * QR codes for video and articles: a visitor scanning one sees the item's public page with no
 * script (the browser's own player), a private library's item only says it is for members, and
 * a signed-in scan opens the item's page.
 */

interface Candidate {
  type: string;
  id: string;
  title: string;
  subtitle: string | null;
}

/** Makes a code for a `type` item held by `library`, found by its title as the owner would search it. */
async function makeCode(page: Page, type: 'VIDEO' | 'ARTICLE', library: string): Promise<{ code: string; item: Candidate }> {
  const list = type === 'VIDEO' ? await page.request.get('/webhook/multimedia-list', { params: { type: 'video', limit: 100 } }) : await page.request.get('/webhook/news-list', { params: { limit: 100 } });
  const rows = (await list.json()).data as { id: string; media_title?: string; news_title?: string; epustaka: { epustaka_name: string } | null }[];
  const row = rows.find((r) => r.epustaka?.epustaka_name === library)!;
  expect(row, `a ${type} of ${library}`).toBeTruthy();
  const targets = (await (await page.request.get('/webhook/qr-targets', { params: { q: row.media_title ?? row.news_title! } })).json()).data as Candidate[];
  const item = targets.find((t) => t.type === type && t.id === row.id)!;
  expect(item).toBeTruthy();
  const made = await page.request.post('/webhook/qr-code', { data: { target_type: type, target_id: item.id } });
  expect(made.status(), await made.text()).toBe(201);
  return { code: (await made.json()).data.id, item };
}

test('video and article codes: public content without script for visitors, members-only notice for private items, the item page when signed in', async ({ page, browser }) => {
  await signIn(page, demoUsers.pustakawan);
  const video = await makeCode(page, 'VIDEO', 'Perpustakaan Digital Nusantara');
  const article = await makeCode(page, 'ARTICLE', 'Perpustakaan Digital Nusantara');
  const closed = await makeCode(page, 'ARTICLE', 'Pustaka SMA Harapan Bangsa');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const scripts: string[] = [];
  visitor.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const shown = await visitor.goto(`/qr/${video.code}/ruang-baca`);
  expect(shown!.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: video.item.title })).toBeVisible();
  await expect(visitor.locator('video[controls]')).toHaveAttribute('src', `/storage/media/${video.item.id}/file`);

  await visitor.goto(`/qr/${article.code}`);
  await expect(visitor.getByRole('heading', { level: 1, name: article.item.title })).toBeVisible();
  await expect(visitor.locator('[data-article-content]')).not.toBeEmpty();
  await visitor.waitForLoadState('load');
  expect(scripts).toEqual([]);

  // A private library's article: what it is and who may read it, none of its text.
  await visitor.goto(`/qr/${closed.code}`);
  await expect(visitor.getByRole('heading', { level: 1, name: closed.item.title })).toBeVisible();
  await expect(visitor.getByText('Konten ini hanya untuk anggota ePustaka pemiliknya.')).toBeVisible();
  await expect(visitor.locator('[data-article-content], [data-article-teaser]')).toHaveCount(0);
  await visitorContext.close();

  await page.goto(`/qr/${video.code}`);
  await expect(page).toHaveURL(`/video/${video.item.id}`);
  await page.goto(`/qr/${article.code}`);
  await expect(page).toHaveURL(`/article/${article.item.id}`);
  for (const made of [video, article, closed]) await page.request.delete('/webhook/qr-code', { data: { id: made.code } });
});
