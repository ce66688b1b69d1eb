import { describe, expect, test } from 'vitest';
import { approximatePages, chapterEnd, formatDuration, minutesLeft, percentRead, progressTexts, readingProgress, spineIndexOfCfi, splitMinutes, textLocations, updateSpeed } from './reading-progress.ts';

describe('readingProgress', () => {
  test('a PDF counts its pages', () => {
    expect(readingProgress({ kind: 'pdf', last_page: 1, total_page: 14 })).toEqual({ percent: 7, page: 1, total: 14, approximate: false });
    expect(readingProgress({ kind: 'pdf', last_page: 7, total_page: 14 })).toEqual({ percent: 50, page: 7, total: 14, approximate: false });
    expect(readingProgress({ kind: 'pdf', last_page: 14, total_page: 14 })).toEqual({ percent: 100, page: 14, total: 14, approximate: false });
  });

  test('an EPUB turns its 1249 locations into about 853 pages', () => {
    expect(readingProgress({ kind: 'epub', last_page: 1, total_page: 1249 })).toEqual({ percent: 0, page: 1, total: 853, approximate: true });
    const middle = readingProgress({ kind: 'epub', last_page: 625, total_page: 1249 });
    expect(middle.percent).toBe(50);
    expect(middle.page).toBe(427);
    expect(readingProgress({ kind: 'epub', last_page: 1249, total_page: 1249 })).toMatchObject({ percent: 100, page: 853 });
  });

  test('a fixed-layout EPUB counts each of its six pages, so no two pages share a number', () => {
    const labels = [1, 2, 3, 4, 5, 6].map((n) => readingProgress({ kind: 'epub', last_page: n, total_page: 6, fixedLayout: true }));
    expect(labels.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(labels.every((p) => p.total === 6 && !p.approximate)).toBe(true);
    expect(labels[5]!.percent).toBe(100);
  });

  test('positions out of range are clamped, and an unknown total is 0 % of one page', () => {
    expect(readingProgress({ kind: 'pdf', last_page: 40, total_page: 14 })).toMatchObject({ page: 14, percent: 100 });
    expect(readingProgress({ kind: 'pdf', last_page: 0, total_page: 14 })).toMatchObject({ page: 1 });
    expect(readingProgress({ kind: 'pdf', last_page: 3, total_page: 0 })).toEqual({ percent: 0, page: 1, total: 1, approximate: false });
  });
});

describe('percentRead and approximatePages', () => {
  test('never says 100 before the end, nor 0 past the first page of a short book', () => {
    expect(percentRead(999, 1000)).toBe(99);
    expect(percentRead(1000, 1000)).toBe(100);
    expect(percentRead(1, 2)).toBe(50);
    expect(percentRead(2, 3)).toBe(66);
    expect(percentRead(1, 0)).toBe(0);
  });
  test('pages grow with the locations and are at least one', () => {
    expect(approximatePages(0)).toBe(1);
    expect(approximatePages(3)).toBe(3);
    expect(approximatePages(1249)).toBe(853);
  });
});

describe('time left and speed', () => {
  test('time left follows the speed', () => {
    expect(minutesLeft(0, 1300)).toBe(0);
    expect(minutesLeft(1, 100_000)).toBe(1);
    expect(minutesLeft(100, 1024)).toBe(100);
    expect(minutesLeft(100, 2048)).toBe(50);
    expect(minutesLeft(100, 0)).toBe(79);
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
  });
  test('the speed averages plausible samples and ignores skims and pauses', () => {
    expect(updateSpeed(null, 1, 60)).toBe(1024);
    expect(updateSpeed(1000, 2, 60)).toBe(Math.round(1000 * 0.8 + 2048 * 0.2));
    expect(updateSpeed(1000, 5, 2)).toBe(1000);
    expect(updateSpeed(1000, 1, 3600)).toBe(1000);
    expect(updateSpeed(null, 0, 60)).toBeNull();
  });
});

describe('chapters from locations', () => {
  const locations = ['epubcfi(/6/2[a]!/4/1:0)', 'epubcfi(/6/4[b]!/4/2/1:0)', 'epubcfi(/6/4[b]!/4/8/1:0)', 'epubcfi(/6/4[b]!/4/20/1:3)', 'epubcfi(/6/10[e]!/4/1:0)'];
  test('reads the spine item of a CFI', () => {
    expect(spineIndexOfCfi('epubcfi(/6/14[chap01]!/4/2/1:0)')).toBe(6);
    expect(spineIndexOfCfi('nonsense')).toBe(-1);
  });
  test('finds where a chapter ends', () => {
    expect(chapterEnd(locations, 0)).toBe(1);
    expect(chapterEnd(locations, 1)).toBe(4);
    expect(chapterEnd(locations, 2)).toBe(4);
    expect(chapterEnd(locations, 4)).toBe(5);
  });
});

describe('texts', () => {
  const t = (key: string, params?: Record<string, unknown>) => `${key}:${JSON.stringify(params ?? {})}`;
  test('name the page, or the approximate page of an EPUB', () => {
    expect(progressTexts(readingProgress({ kind: 'pdf', last_page: 5, total_page: 14 }), t)).toEqual({
      percent: 'readingProgress.percent:{"percent":35}',
      page: 'readingProgress.pageOf:{"page":5,"total":14}',
    });
    expect(progressTexts(readingProgress({ kind: 'epub', last_page: 1, total_page: 3 }), t).page).toBe('readingProgress.approxPageOf:{"page":1,"total":3}');
  });
  test('durations in minutes, hours, or both', () => {
    expect(formatDuration(0.2, t)).toBe('readingProgress.minutes:{"minutes":1}');
    expect(formatDuration(120, t)).toBe('readingProgress.hours:{"hours":2}');
    expect(formatDuration(125, t)).toBe('readingProgress.hoursMinutes:{"hours":2,"minutes":5}');
  });
});

describe('textLocations', () => {
  test('counts only locations that mark text: a page without text has no character offset', () => {
    const locations = ['epubcfi(/6/2!/4)', 'epubcfi(/6/4!/4/2,/1:0,/1:1024)', 'epubcfi(/6/4!/4/2,/1:1024,/1:2048)', 'epubcfi(/6/6!/4)'];
    expect(textLocations(locations, 0, 4)).toBe(2);
    expect(textLocations(locations, 3, 4)).toBe(0);
    expect(textLocations(['epubcfi(/6/2!/4)', 'epubcfi(/6/4!/4)'], 0, 2)).toBe(0);
  });
});
