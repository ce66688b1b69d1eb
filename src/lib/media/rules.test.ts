import { describe, expect, test } from 'vitest';
import { contentPath, formatDuration, isoDuration, playedPercent, skipTo, startPosition } from './rules.ts';

describe('media rules', () => {
  test('skip is clamped to the start and the end', () => {
    expect(skipTo(3, -5, 60)).toBe(0);
    expect(skipTo(58, 5, 60)).toBe(60);
    expect(skipTo(10, 5, 60)).toBe(15);
  });
  test('an explicit start wins over the saved place; a finished item starts again', () => {
    expect(startPosition(12, 30, 60)).toBe(12);
    expect(startPosition(null, 30, 60)).toBe(30);
    expect(startPosition(null, 59, 60)).toBe(0);
    expect(startPosition(null, null, 60)).toBe(0);
    expect(startPosition(500, null, 60)).toBe(60);
  });
  test('durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(isoDuration(65)).toBe('PT1M5S');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(3600)).toBe('PT1H');
  });
  test('paths', () => {
    expect(contentPath('article', 'a')).toBe('/article/a');
    expect(contentPath('video', 'a', 'e')).toBe('/video/a/e');
  });

  test('the share of an item played, in whole percent, and none without a length', () => {
    expect(playedPercent(30, 120)).toBe(25);
    expect(playedPercent(119, 120)).toBe(99);
    expect(playedPercent(200, 120)).toBe(100);
    expect(playedPercent(0, 0)).toBeNull();
    expect(playedPercent(null, 120)).toBeNull();
  });
});
