import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * The shelf's History tab groups books, video, audio and articles: the latest
 * items of each kind with how far they were played, and a link to each kind's own history.
 */

interface Item {
  id: string;
  media_title: string;
  media_duration: number;
  can_play: boolean;
  epustaka_collection_id: string | null;
}

async function playable(page: Page, type: 'video' | 'audio'): Promise<Item> {
  const response = await page.request.get('/webhook/multimedia-list', { params: { type, limit: 100 } });
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as { data: Item[] }).data;
  return items.find((item) => item.can_play && item.epustaka_collection_id && item.media_duration >= 10)!;
}

test('the History tab lists the latest video and audio with their progress, and links to every history', async ({ page }) => {
  await signInAsNewUser(page, 'Penonton Rak');
  const video = await playable(page, 'video');
  const audio = await playable(page, 'audio');
  const save = async (item: Item, progress: number) => {
    const response = await page.request.post('/webhook/collection-access-history', { data: { epustaka_collection_id: item.epustaka_collection_id, progress } });
    expect(response.status()).toBe(201);
  };
  await save(video, Math.floor(video.media_duration / 2));
  await save(audio, 4);

  await page.goto('/shelf?tab=history');
  await hydrated(page);
  const videos = page.locator('[data-shelf-history="video"]');
  await expect(videos.getByRole('heading', { name: 'Riwayat video' })).toBeVisible();
  await expect(videos.locator('[data-history-item]')).toHaveCount(1);
  await expect(videos.locator('[data-history-item]')).toContainText(video.media_title);
  const half = Math.round((Math.floor(video.media_duration / 2) / video.media_duration) * 100);
  await expect(videos.locator('[data-played]')).toHaveText(`${half}%`);
  await expect(page.locator('[data-shelf-history="audio"] [data-history-item]')).toContainText(audio.media_title);
  await expect(page.locator('[data-shelf-history="audio"] [data-played]')).toHaveText(`${Math.round((4 / audio.media_duration) * 100)}%`);
  await expect(page.locator('[data-shelf-history="article"]')).toContainText('Belum ada artikel yang dibaca.');
  await expect(page.getByRole('heading', { name: 'Buku', exact: true })).toBeVisible();

  await videos.getByRole('link', { name: 'Lihat semua (1)' }).click();
  await expect(page).toHaveURL(/\/more-history-video$/);
  await expect(page.locator('[data-history-item]').first()).toContainText(video.media_title);
});
