import type { Page } from 'playwright/test';
import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';
import { signInAsNewUser } from './support/users.ts';

/*
 * Video and audio in the Indonesian UI: resuming where playback paused, the
 * mini player, the audio skip, the join dialog for a non-member and the public page.
 */

interface Item {
  id: string;
  media_title: string;
  media_duration: number;
  can_play: boolean;
  epustaka: { epustaka_isprivate: boolean } | null;
}

async function items(page: Page, type: 'video' | 'audio'): Promise<Item[]> {
  const response = await page.request.get('/webhook/multimedia-list', { params: { type, limit: 100 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Item[] }).data;
}

test('a video resumes where it was paused, and floats as a mini player when scrolled away', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  const video = (await items(page, 'video')).find((v) => v.can_play && v.media_duration >= 15)!;
  await page.goto(`/video/${video.id}`);
  await hydrated(page);
  const player = page.locator('video');
  await expect(player).toHaveAttribute('data-start', /\d/);
  await player.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    el.currentTime = 7;
    await el.play();
  });
  await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(8);

  // Scrolled away while playing: the player floats in a corner.
  await page.setViewportSize({ width: 1000, height: 360 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.locator('[data-mini-player="true"]')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('[data-mini-player="false"]')).toBeAttached();

  const saved = page.waitForResponse((r) => r.url().includes('/webhook/collection-access-history') && r.request().method() === 'POST');
  const pausedAt = await player.evaluate((el: HTMLVideoElement) => {
    el.pause();
    return Math.floor(el.currentTime);
  });
  expect((await saved).status()).toBe(201);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('video')).toHaveAttribute('data-start', String(pausedAt));
});

test('a member comments on a video', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  const video = (await items(page, 'video')).find((v) => v.can_play)!;
  await page.goto(`/video/${video.id}`);
  const text = `Terima kasih, videonya membantu ${Date.now()}`;
  const box = page.getByPlaceholder('Tulis komentar…');
  await box.scrollIntoViewIfNeeded();
  // The comments hydrate once in view; typing before that would be lost.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await box.fill(text);
  await box.press('Enter');
  await expect(page.locator('[data-media-comments]').getByText(text)).toBeVisible();
});

test('audio skips 5 seconds forward and back, clamped to the item', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  const audio = (await items(page, 'audio')).find((a) => a.can_play)!;
  await page.goto(`/audio/${audio.id}/0`);
  await hydrated(page);
  const player = page.locator('audio');
  await expect(player).toHaveAttribute('data-start', '0');
  await page.getByRole('button', { name: 'Maju 5 detik' }).click();
  await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(5, 0);
  await page.getByRole('button', { name: 'Mundur 5 detik' }).click();
  await page.getByRole('button', { name: 'Mundur 5 detik' }).click();
  expect(await player.evaluate((el: HTMLAudioElement) => el.currentTime)).toBe(0);
  const end = await player.evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration - 2;
    return el.duration;
  });
  await page.getByRole('button', { name: 'Maju 5 detik' }).click();
  expect(await player.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(end, 1);
});

test('a non-member sees the join dialog instead of playback', async ({ page }) => {
  // A new student: the demo student may have joined the private library in another test.
  await signInAsNewUser(page, 'Penonton Baru');
  const closed = (await items(page, 'video')).find((v) => !v.can_play)!;
  await page.goto(`/video/${closed.id}`);
  await hydrated(page);
  const unavailable = page.getByRole('dialog', { name: 'Tidak ada akses ke konten' });
  await expect(unavailable).toBeVisible();
  await unavailable.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(page.locator('video')).toHaveCount(0);
  expect((await page.request.get(`/storage/media/${closed.id}/file`)).status()).toBe(403);
  await page.locator('[data-gated-play]').click();
  await expect(page.getByRole('dialog', { name: 'Konten privat' })).toContainText('anggota aktif');
  await expect(page.getByRole('button', { name: 'Minta bergabung' })).toBeVisible();
});

test('signed out, an open video has a public page with VideoObject data and no script of its own', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap-content.xml')).text();
  const id = /\/video\/([0-9a-f-]{36})<\/loc>/.exec(sitemap)?.[1];
  expect(id).toBeTruthy();
  const response = await page.goto(`/video/${id}`);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(blocks.length).toBe(1);
  const data = JSON.parse(blocks[0]![2]!) as Record<string, any>;
  expect(data).toMatchObject({ '@type': 'VideoObject', duration: expect.stringMatching(/^PT/) });
  expect(data.contentUrl).toMatch(new RegExp(`/storage/media/${id}/file$`));
  expect(data.thumbnailUrl[0]).toMatch(/^https?:\/\//);
  expect(html).toMatch(/<meta property="og:video" content="https?:\/\/[^"]+">/);
  await expect(page.locator('video')).toBeVisible();
});
