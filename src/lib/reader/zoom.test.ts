import { describe, expect, test } from 'vitest';
import { doubleTapZoom, fitPageZoom, fitWidthZoom, openingZoom, pinchedZoom } from './zoom.ts';

const letter = { width: 612, height: 792 };

describe('reader zoom', () => {
  test('fit width fills the stage and never goes past the limits', () => {
    expect(fitWidthZoom(390, 612)).toBe(0.63);
    expect(fitWidthZoom(320, 612)).toBe(0.52);
    expect(fitWidthZoom(10, 612)).toBe(0.25);
    expect(fitWidthZoom(100_000, 612)).toBe(4);
    expect(fitWidthZoom(0, 612)).toBe(1);
  });
  test('fit page keeps the whole page in view', () => {
    expect(fitPageZoom({ width: 390, height: 700 }, letter)).toBe(0.63);
    expect(fitPageZoom({ width: 844, height: 300 }, letter)).toBe(0.37);
  });
  test('a phone opens at the page width, a wide screen at 180 % when it fits, page by page at the whole page', () => {
    expect(openingZoom({ width: 390, height: 700 }, letter, 'scroll', true)).toBe(0.63);
    expect(openingZoom({ width: 1400, height: 800 }, letter, 'scroll', false)).toBe(1.8);
    expect(openingZoom({ width: 900, height: 800 }, letter, 'scroll', false)).toBe(1.47);
    expect(openingZoom({ width: 844, height: 300 }, letter, 'paged', true)).toBe(0.37);
  });
  test('pinch scales and double tap toggles between fit and twice fit', () => {
    expect(pinchedZoom(0.63, 2)).toBe(1.26);
    expect(pinchedZoom(3, 2)).toBe(4);
    expect(pinchedZoom(1, 0)).toBe(1);
    expect(doubleTapZoom(0.63, 0.63)).toBe(1.26);
    expect(doubleTapZoom(1.26, 0.63)).toBe(0.63);
  });
});
