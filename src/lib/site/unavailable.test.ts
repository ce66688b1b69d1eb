import { expect, test } from 'vitest';
import { closeTarget, errorReason, unavailableKind } from './unavailable.ts';

test('private content says no access and stays; anything else says not found and goes home', () => {
  expect(unavailableKind(true)).toBe('private');
  expect(unavailableKind(false)).toBe('not_found');
  expect(closeTarget('private')).toBeNull();
  expect(closeTarget('not_found')).toBe('/');
});

test('the error page names only the reasons it knows', () => {
  expect(errorReason('private')).toBe('private');
  expect(errorReason('server')).toBe('server');
  expect(errorReason('<script>')).toBe('general');
  expect(errorReason(null)).toBe('general');
});
