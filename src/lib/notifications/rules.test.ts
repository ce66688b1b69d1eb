import { describe, expect, test } from 'vitest';
import { isSafeNotificationLink, notificationTextParams } from './rules.ts';

describe('notification texts', () => {
  test('times are shown in WIB in the reader language; other params stay', () => {
    const params = { title: 'Laskar Pelangi', deadline: '2026-12-01T03:15:00.000Z', count: 2 };
    expect(notificationTextParams(params, 'id')).toEqual({ title: 'Laskar Pelangi', deadline: expect.stringMatching(/^Selasa, 0?1 Desember 2026.*10[.:]15 WIB$/), count: 2 });
    expect(notificationTextParams(params, 'en').deadline).toMatch(/^Tuesday.*1 December 2026.*10:15 WIB$/);
    expect(notificationTextParams({ due: 'not a time' }, 'id')).toEqual({ due: 'not a time' });
  });

  test('links stay on this site', () => {
    expect(isSafeNotificationLink('/timeline/detail/1')).toBe(true);
    expect(isSafeNotificationLink('//evil.example/x')).toBe(false);
    expect(isSafeNotificationLink('/\\evil.example')).toBe(false);
    expect(isSafeNotificationLink('https://evil.example/')).toBe(false);
  });
});
