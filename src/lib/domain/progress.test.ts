import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { formatPercent, progressLabel, readingProgress } from './progress.ts';

describe('readingProgress', () => {
  test('page N of M with the share read; 100 only on the last page', () => {
    expect(readingProgress({ last_page: 5, total_page: 40 })).toEqual({ page: 5, total: 40, percent: 12 });
    expect(readingProgress({ last_page: 399, total_page: 400 })).toEqual({ page: 399, total: 400, percent: 99 });
    expect(readingProgress({ last_page: 14, total_page: 14 })).toEqual({ page: 14, total: 14, percent: 100 });
  });

  test('nothing before a sync or without a page count; out-of-range pages are clamped', () => {
    expect(readingProgress(null)).toBeNull();
    expect(readingProgress({ last_page: 3, total_page: 0 })).toBeNull();
    expect(readingProgress({ last_page: 90, total_page: 40 })).toEqual({ page: 40, total: 40, percent: 100 });
  });

  test('percent in each language', () => {
    expect(formatPercent(42, 'en')).toBe('42%');
    expect(formatPercent(42, 'id')).toMatch(/^42\s?%$/);
  });
});

describe('progressLabel', () => {
  const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;
  test('page N of M for page-based books, percent for EPUB, not started before a sync', () => {
    expect(progressLabel({ last_page: 3, total_page: 14 }, 'pdf', 'en', t)).toBe('shelf.progress.page {"page":3,"total":14,"percent":"21%"}');
    expect(progressLabel({ last_page: 300, total_page: 1200 }, 'epub', 'en', t)).toBe('shelf.progress.percent {"percent":"25%"}');
    expect(progressLabel(null, 'pdf', 'id', t)).toBe('shelf.progress.none {}');
  });
});
