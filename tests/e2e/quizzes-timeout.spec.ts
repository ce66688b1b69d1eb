import { expect, type Page } from 'playwright/test';
import { test } from './support/console-guard.ts';
import { signInAsNewUser } from './support/users.ts';
import { hydrated, open } from './support/pages.ts';

/*
 * A linear tryout's round running out: the demo's arithmetic drill has two rounds of one minute
 * (real data, so the test waits one real minute and no clock is changed). When the first round's
 * time is up the exam screen moves to the second by itself, the first cannot be reopened (not
 * after a reload, and a save to it is refused), and the answer given in it counts in the result.
 * On a desktop and on a 360 px phone at the same time, so the two wait out the same minute.
 */

const DRILL = 'Latihan Kilat Berhitung SMP';
// The first round lasts a real minute; the wait for it is an expectation, with this much room.
const ROUND_WAIT_MS = 150_000;

const saved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
const secondsShown = async (page: Page) => {
  const [m, s] = (await page.locator('[data-time-left]').innerText()).split(':').map(Number);
  return m! * 60 + s!;
};

async function roundRunsOut(page: Page, name: string) {
  await signInAsNewUser(page, name);
  // Found through the list's filters: school subjects, junior high.
  await open(page, '/tryout?subject_group=mapel&level=SMP');
  await page.getByRole('link', { name: DRILL }).click();
  await hydrated(page);
  await page.locator('[data-start]').click();
  await page.waitForURL(/\/quiz\/exam\//);
  await hydrated(page);
  await expect(page.getByText('Subtes 1: Perkalian')).toBeVisible();

  // 6 × 7: the right option, saved by the server.
  const sent = page.waitForRequest((r) => r.url().includes('/webhook/quiz-user-answer') && r.method() === 'POST');
  await page.locator('[data-question="1"]').getByRole('radio', { name: '42', exact: true }).check();
  const save = (await sent).postDataJSON() as { attempt_id: string; question_id: string; option_ids: string[]; seq: number };
  await saved(page);

  // The round's minute passes; the screen moves on without a click.
  await expect(page.getByText('Subtes 2: Pembagian')).toBeVisible({ timeout: ROUND_WAIT_MS });
  await expect(page.getByText('56 ÷ 8 = …')).toBeVisible();
  await expect(page.locator('[data-grid-mark]')).toHaveCount(4);
  await expect(page.locator('[data-grid-mark="unanswered"]')).toHaveCount(4);
  // The second round began when the first ended: it has at most its minute.
  expect(await secondsShown(page)).toBeLessThanOrEqual(60);
  await expect(page.locator('[data-next-subtest]')).toHaveCount(0);

  // A reload keeps the second round; the first is not offered again.
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Subtes 2: Pembagian')).toBeVisible();
  await expect(page.getByText('Subtes 1: Perkalian')).toHaveCount(0);
  await expect(page.getByText('6 × 7 = …')).toHaveCount(0);
  // Once the few seconds a late save still counts for have passed, a save to the first round is refused.
  await expect
    .poll(async () => {
      const res = await page.request.post('/webhook/quiz-user-answer', { data: { ...save, seq: save.seq + 1 } });
      return [res.status(), ((await res.json()) as { errors?: { code: string }[] }).errors?.[0]?.code];
    })
    .toEqual([409, 'subtest_closed']);

  // Handed in with nothing answered in the second round: the first round's right answer counts,
  // 1 of 4 there and 0 of 4 here, (250 + 0) ÷ 2 = 125.
  await page.locator('[data-submit]').click();
  await page.locator('[data-confirm-submit]').click();
  await expect(page.locator('[data-exam-finished]')).toBeVisible();
  await page.getByRole('link', { name: 'Lihat hasil' }).click();
  await expect(page.locator('[data-provisional]')).toContainText('Nilai sementara: 125.');
}

test('a round of a linear tryout runs out: the exam moves to the next round on a desktop and on a 360 px phone, the first stays closed and its answer counts', async ({
  page,
  openPage,
}) => {
  test.setTimeout(ROUND_WAIT_MS + 180_000);
  const phone = await openPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  await Promise.all([roundRunsOut(page, 'Peserta Kilat Desktop'), roundRunsOut(phone, 'Peserta Kilat Ponsel')]);

  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
