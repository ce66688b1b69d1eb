import { expect, test } from 'vitest';
import { closeTarget, errorReason, unavailableAction, unavailableKind } from './unavailable.ts';
import { unavailableLibrary } from '../libraries/membership-rules.ts';

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

test('private content offers joining its library, renewing an expired membership, and nothing while a request waits', () => {
  const library = (has_join: boolean, member_status: number | null) => unavailableLibrary({ id: 'e1', epustaka_name: 'SMA', has_join, member_status });
  expect(unavailableAction(library(false, null))).toBe('join');
  expect(unavailableAction(library(true, 3))).toBe('extend');
  expect(library(true, 0)?.state).toBe('pending');
  expect(unavailableAction(library(true, 0))).toBe('none');
  expect(unavailableAction(null)).toBe('none');
});
