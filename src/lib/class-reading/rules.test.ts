import { describe, expect, test } from 'vitest';
import { offsetOfPage, pagesOf, progressPercent, readingTime } from './rules.ts';

describe('readingTime', () => {
  test('whole minutes, rounded down, and hours', () => {
    expect(readingTime(59)).toEqual({ hours: 0, minutes: 0 });
    expect(readingTime(3450)).toEqual({ hours: 0, minutes: 57 });
    expect(readingTime(3600 * 2 + 5 * 60 + 30)).toEqual({ hours: 2, minutes: 5 });
    expect(readingTime(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('progressPercent', () => {
  test('a share of the book, 100 only at its last page; none without a length', () => {
    expect(progressPercent({ last_page: 30, total_page: 120 })).toBe(25);
    expect(progressPercent({ last_page: 199, total_page: 200 })).toBe(99);
    expect(progressPercent({ last_page: 200, total_page: 200 })).toBe(100);
    expect(progressPercent({ last_page: 250, total_page: 200 })).toBe(100);
    expect(progressPercent({ last_page: 3, total_page: 0 })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });
});

describe('pagesOf and offsetOfPage', () => {
  test('the pages around the shown one', () => {
    expect(pagesOf(45, 20, 0)).toEqual({ page: 1, pages: 3, previous: null, next: 20 });
    expect(pagesOf(45, 20, 40)).toEqual({ page: 3, pages: 3, previous: 20, next: null });
    expect(pagesOf(0, 20, 0)).toEqual({ page: 1, pages: 1, previous: null, next: null });
  });

  test('a page number from the address; anything odd is the first page', () => {
    expect(offsetOfPage('3', 20)).toBe(40);
    for (const value of [null, '', '0', '-1', '1.5', 'abc', '99999']) expect(offsetOfPage(value, 20)).toBe(0);
  });
});
