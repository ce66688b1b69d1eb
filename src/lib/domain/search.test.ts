import { describe, expect, test } from 'vitest';
import { parseSearchQuery, searchHref, searchPageCount } from './search.ts';

describe('search address', () => {
  test('reads the query, the tab and the page', () => {
    expect(parseSearchQuery(new URLSearchParams('q=%20Laskar%20%20Pelangi&tab=books&page=2'))).toEqual({ q: 'Laskar Pelangi', tab: 'books', page: 2 });
  });

  test('falls back to books and page 1 on anything else', () => {
    expect(parseSearchQuery(new URLSearchParams('tab=video&page=-3'))).toEqual({ q: '', tab: 'books', page: 1 });
    expect(parseSearchQuery(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(parseSearchQuery(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(200);
  });

  test('writes addresses and counts pages', () => {
    expect(searchHref({ q: 'tere liye' })).toBe('/search?q=tere+liye&tab=books');
    expect(searchHref({ q: 'x', page: 3 })).toBe('/search?q=x&tab=books&page=3');
    expect(searchPageCount(0)).toBe(1);
    expect(searchPageCount(49)).toBe(3);
  });
});
