import { describe, expect, it } from 'vitest';
import { isApiRequest } from './paths.ts';

describe('isApiRequest', () => {
  it.each([
    ['/webhook/epustaka-borrow', 'POST', true],
    ['/storage/covers/1.webp', 'GET', true],
    ['/auth/login', 'POST', true],
    ['/auth/reset-password', 'POST', true],
    ['/auth/reset-password', 'GET', false],
    ['/auth/reset-password/', 'HEAD', false],
    ['/book/3', 'GET', false],
    ['/webhooks', 'GET', false],
  ] as const)('%s %s → %s', (pathname, method, expected) => {
    expect(isApiRequest(pathname, method)).toBe(expected);
  });
});
