import { describe, expect, test } from 'vitest';
import { serializeQuery, withQuery } from './query.ts';

describe('serializeQuery', () => {
  test('sends objects and arrays as JSON', () => {
    const filter = { and: [{ author: 'Tere Liye' }] };
    const query = new URLSearchParams(serializeQuery({ filter, ids: [1, 2] }));
    expect(JSON.parse(query.get('filter')!)).toEqual(filter);
    expect(query.get('ids')).toBe('[1,2]');
  });

  test('drops undefined and null, keeps falsy values', () => {
    expect(serializeQuery({ a: undefined, b: null, c: 0, d: false, e: '' })).toBe('c=0&d=false&e=');
  });

  test('encodes what needs encoding', () => {
    expect(serializeQuery({ q: 'a&b=c' })).toBe('q=a%26b%3Dc');
  });
});

describe('withQuery', () => {
  test('appends after an existing query string', () => {
    expect(withQuery('/webhook/menu?platform=web', { limit: 5 })).toBe('/webhook/menu?platform=web&limit=5');
    expect(withQuery('/webhook/book-list', { limit: 5 })).toBe('/webhook/book-list?limit=5');
  });

  test('leaves the URL alone without parameters', () => {
    expect(withQuery('/x', {})).toBe('/x');
    expect(withQuery('/x', { a: undefined })).toBe('/x');
  });
});
