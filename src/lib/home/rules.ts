/** The home page's banner carousel and welcome greeting (spec 03 §2.2, §2.20). */

/** Seconds a banner stays before the next one, when the carousel may move on its own. */
export const BANNER_INTERVAL_MS = 6000;

/** Session storage key: the greeting was shown in this browser session. */
export const GREETING_SHOWN_KEY = 'ew.greetingShown';

/** The banner after `index` (or before, with `step` -1), wrapping around. */
export function nextBanner(index: number, count: number, step = 1): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Whether the carousel moves on its own: never for one banner, a reduced-motion user, or while paused. */
export function autoAdvances(count: number, reducedMotion: boolean, paused: boolean): boolean {
  return count > 1 && !reducedMotion && !paused;
}
