import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { progressLabel, readingProgress } from './progress.ts';

describe('readingProgress on lists', () => {
  test('a PDF shows page N of M with the share read; 100 only on the last page', () => {
    expect(readingProgress({ last_page: 5, total_page: 40 }, 'pdf')).toMatchObject({ page: 5, total: 40, approximate: false });
    expect(readingProgress({ last_page: 399, total_page: 400 }, 'pdf')?.percent).toBe(99);
    expect(readingProgress({ last_page: 14, total_page: 14 }, 'pdf')).toMatchObject({ page: 14, total: 14, percent: 100 });
  });

  test('an EPUB shows the approximate pages the reader shows', () => {
    const view = readingProgress({ last_page: 625, total_page: 1250 }, 'epub');
    expect(view).toMatchObject({ approximate: true, total: 854, page: 427, percent: 49 });
  });

  test('nothing before a sync or without a page count; out-of-range pages are clamped', () => {
    expect(readingProgress(null, 'pdf')).toBeNull();
    expect(readingProgress({ last_page: 3, total_page: 0 }, 'pdf')).toBeNull();
    expect(readingProgress({ last_page: 90, total_page: 40 }, 'pdf')).toMatchObject({ page: 40, total: 40, percent: 100 });
  });
});

describe('progressLabel', () => {
  const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;
  test('the readers\' page and percent texts, joined; not started before a sync', () => {
    expect(progressLabel({ last_page: 3, total_page: 14 }, 'pdf', t)).toBe(
      'shelf.progress.line {"page":"readingProgress.pageOf {\\"page\\":3,\\"total\\":14}","percent":"readingProgress.percent {\\"percent\\":21}"}',
    );
    expect(progressLabel({ last_page: 300, total_page: 1200 }, 'epub', t)).toContain('readingProgress.approxPageOf');
    expect(progressLabel(null, 'pdf', t)).toBe('shelf.progress.none {}');
  });
});
