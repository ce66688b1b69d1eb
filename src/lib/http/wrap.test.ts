import { describe, expect, test } from 'vitest';
import { sendsBodyAsIs, wrapBody } from './wrap.ts';

describe('wrapBody', () => {
  const body = { book_id: 'b1' };

  test('sends bodies as-is on api/, webhook/ and auth/ paths', () => {
    expect(wrapBody('api/books', body)).toBe(body);
    expect(wrapBody('webhook/book-queue', body)).toBe(body);
    expect(wrapBody('auth/login', body)).toBe(body);
  });

  test('ignores a leading slash', () => {
    expect(wrapBody('/webhook/feed', body)).toBe(body);
    expect(wrapBody('/other/path', body)).toEqual({ data: body });
  });

  test('wraps bodies of other paths in a data object', () => {
    expect(wrapBody('services/book', body)).toEqual({ data: body });
    expect(wrapBody('graphql', [1, 2])).toEqual({ data: [1, 2] });
  });

  test('only matches the prefixes at the start of the path', () => {
    expect(wrapBody('v1/webhook/feed', body)).toEqual({ data: body });
    expect(wrapBody('authors', body)).toEqual({ data: body });
  });

  test('sends a feed source as-is whatever the path', () => {
    expect(wrapBody('services/feed', body, { feedSource: true })).toBe(body);
    expect(sendsBodyAsIs('services/feed', { feedSource: false })).toBe(false);
  });

  test('never wraps a missing body or an encoded one', () => {
    const form = new FormData();
    expect(wrapBody('storage/uploadobject', undefined)).toBeUndefined();
    expect(wrapBody('storage/uploadobject', form)).toBe(form);
    expect(wrapBody('services/x', 'raw')).toBe('raw');
  });
});
