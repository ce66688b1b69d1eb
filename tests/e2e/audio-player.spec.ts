import { expect, test } from './support/console-guard.ts';
import { demoUsers, signIn } from './support/auth.ts';
import { hydrated } from './support/pages.ts';

/*
 * The audio page has one player: the product's controls drive the audio element, whose own
 * browser controls stay off; the position bar seeks.
 */

test('the audio page shows one player, whose position bar seeks', async ({ page }) => {
  await signIn(page, demoUsers.siswa);
  const list = await page.request.get('/webhook/multimedia-list', { params: { type: 'audio', limit: 100 } });
  const audio = ((await list.json()).data as { id: string; can_play: boolean; media_duration: number }[]).find((a) => a.can_play && a.media_duration > 10)!;
  await page.goto(`/audio/${audio.id}/0`);
  await hydrated(page);
  await expect(page.locator('audio')).toHaveCount(1);
  // The browser's own player is not shown next to the product's.
  await expect(page.locator('audio[controls]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Putar' })).toHaveCount(1);
  const seek = page.getByRole('slider', { name: 'Posisi pemutaran' });
  await expect(seek).toBeEnabled();
  await seek.fill('8');
  await expect.poll(() => page.locator('audio').evaluate((el: HTMLAudioElement) => Math.round(el.currentTime))).toBe(8);
});
