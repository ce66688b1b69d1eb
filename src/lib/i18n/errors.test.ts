import { describe, expect, test } from 'vitest';
import { createT } from './texts.server.ts';
import { errorText, tooManyRequestsText } from './errors.ts';
import { toApiError } from '../http/errors.ts';

describe('a refused call (429) through the shared error text', () => {
  const refused = toApiError(429, { errors: [{ code: 'too_many_requests', message: 'Too many requests. Try again in 7 minute(s).', retry_after: 400 }] });

  test('says there were too many, and the wait in whole minutes, in both languages', () => {
    expect(errorText(createT('id'), refused)).toBe('Terlalu banyak permintaan. Silakan coba lagi dalam 7 menit.');
    expect(errorText(createT('en'), refused)).toBe('Too many requests. Please try again in 7 minute(s).');
    expect(errorText(createT('id'), { ...refused, code: 'too_many_requests', body: { errors: [{ retry_after: 20 }] } })).toContain('1 menit');
  });

  test('whatever the code, and only for a 429', () => {
    const other = toApiError(429, { errors: [{ code: 'slow_down', message: 'Slow down', retry_after: 120 }] });
    expect(errorText(createT('id'), other)).toBe('Terlalu banyak permintaan. Silakan coba lagi dalam 2 menit.');
    expect(tooManyRequestsText(createT('en'), toApiError(400, { errors: [{ code: 'post_too_long', message: 'Too long' }] }))).toBeNull();
  });
});
