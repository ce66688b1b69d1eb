import { describe, expect, test } from 'vitest';
import { limitOffset, tablePage } from './pagination.ts';

describe('limitOffset', () => {
  test('starts the first page at offset 0', () => {
    expect(limitOffset(1, 25)).toEqual({ limit: 25, offset: 0 });
  });

  test('skips the previous pages', () => {
    expect(limitOffset(3, 10)).toEqual({ limit: 10, offset: 20 });
  });
});

describe('tablePage', () => {
  test('uses page[limit] and page[offset]', () => {
    expect(tablePage(1, 15)).toEqual({ 'page[limit]': 15, 'page[offset]': 0 });
    expect(tablePage(4, 15)).toEqual({ 'page[limit]': 15, 'page[offset]': 45 });
  });
});
