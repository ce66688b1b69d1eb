import { describe, expect, test } from 'vitest';
import { parseSearchQuery, searchHref, searchResultHref } from './rules.ts';

describe('search address', () => {
  test('reads the query, the tab and the pages shown', () => {
    expect(parseSearchQuery(new URLSearchParams('q=%20Laskar%20%20Pelangi&tab=books&page=2'))).toEqual({ q: 'Laskar Pelangi', tab: 'books', page: 2 });
    expect(parseSearchQuery(new URLSearchParams('q=sekar&tab=user')).tab).toBe('user');
    expect(parseSearchQuery(new URLSearchParams('tab=audio')).tab).toBe('audio');
  });

  test('falls back to books and page 1 on anything else', () => {
    expect(parseSearchQuery(new URLSearchParams('tab=game&page=-3'))).toEqual({ q: '', tab: 'books', page: 1 });
    expect(parseSearchQuery(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(parseSearchQuery(new URLSearchParams('page=41')).page).toBe(1);
    expect(parseSearchQuery(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(200);
  });

  test('writes addresses: a new tab or query starts at page 1', () => {
    expect(searchHref({ q: 'tere liye' })).toBe('/search?q=tere+liye&tab=books');
    expect(searchHref({ q: 'x', page: 3 })).toBe('/search?q=x&tab=books&page=3');
    expect(searchHref({ q: '', tab: 'user' })).toBe('/search?tab=user');
  });

  test('results open their own pages', () => {
    expect(searchResultHref('book', { id: 'b1' })).toBe('/book/b1');
    expect(searchResultHref('video', { id: 'c1', epustaka_id: 'e1' })).toBe('/video/c1/e1');
    expect(searchResultHref('audio', { id: 'c2', epustaka_id: null })).toBe('/audio/c2');
  });
});
