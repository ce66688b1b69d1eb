import { describe, expect, test } from 'vitest';
import { createT } from './texts.server.ts';
import { accountErrorText } from './account-errors.ts';

describe('too_many_attempts', () => {
  test('a short wait is said in seconds, a long one in minutes, in both languages', () => {
    expect(accountErrorText(createT('id'), { code: 'too_many_attempts', retry_after: 4 })).toBe('Terlalu banyak percobaan yang gagal. Coba lagi dalam 4 detik.');
    expect(accountErrorText(createT('en'), { code: 'too_many_attempts', retry_after: 4 })).toBe('Too many failed attempts. Try again in 4 second(s).');
    expect(accountErrorText(createT('id'), { code: 'too_many_attempts', retry_after: 600 })).toContain('10 menit');
  });
});
