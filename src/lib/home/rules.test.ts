import { expect, test } from 'vitest';
import { autoAdvances, nextBanner } from './rules.ts';

test('banners wrap around both ways', () => {
  expect(nextBanner(0, 3)).toBe(1);
  expect(nextBanner(2, 3)).toBe(0);
  expect(nextBanner(0, 3, -1)).toBe(2);
  expect(nextBanner(0, 0)).toBe(0);
});

test('the carousel never moves on its own for reduced motion, one banner, or while paused', () => {
  expect(autoAdvances(3, false, false)).toBe(true);
  expect(autoAdvances(3, true, false)).toBe(false);
  expect(autoAdvances(1, false, false)).toBe(false);
  expect(autoAdvances(3, false, true)).toBe(false);
});
