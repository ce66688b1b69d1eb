import { describe, expect, test } from 'vitest';
import { contentListHref, pagesOf, parseContentListQuery } from './content-list.ts';

describe('content lists', () => {
  test('reads the address, refusing bad values', () => {
    const q = parseContentListQuery(new URLSearchParams('q=%20buku%20&category=nope&limit=3'), 25);
    expect(q).toMatchObject({ q: 'buku', category: null, limit: 25 });
    expect(parseContentListQuery(new URLSearchParams('limit=30'), 25).limit).toBe(30);
    expect(parseContentListQuery(new URLSearchParams('limit=99999'), 25).limit).toBe(500);
  });
  test('more adds a step; defaults stay out of the address', () => {
    const q = parseContentListQuery(new URLSearchParams('q=sekolah'), 25);
    expect(contentListHref('/article', q, { limit: q.limit + 5 }, 25)).toBe('/article?q=sekolah&limit=30');
    expect(contentListHref('/article', q, { q: null }, 25)).toBe('/article');
  });
  test('long lists are asked in pages', () => {
    expect(pagesOf(130, 100)).toEqual([{ offset: 0, limit: 100 }, { offset: 100, limit: 30 }]);
  });
});
