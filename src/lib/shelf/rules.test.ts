import { describe, expect, test } from 'vitest';
import { daysLeft, formatDueDate, moreHref, parseShelfTab, renewable, renewedDueAt, shelfTabs, timeLeft } from './rules.ts';

describe('shelf tabs', () => {
  test('Queue is shown unless DLS mode is on', () => {
    expect(shelfTabs(false)).toEqual(['borrow', 'queue', 'history', 'review']);
    expect(shelfTabs(true)).toEqual(['borrow', 'history', 'review']);
  });

  test('the tab in the address, else the first; a hidden or unknown tab falls back', () => {
    expect(parseShelfTab('history', false)).toBe('history');
    expect(parseShelfTab('queue', false)).toBe('queue');
    expect(parseShelfTab('queue', true)).toBe('borrow');
    expect(parseShelfTab('<script>', false)).toBe('borrow');
    expect(parseShelfTab(null, false)).toBe('borrow');
  });

  test('each tab has its own page', () => {
    expect(['borrow', 'queue', 'history', 'review'].map((tab) => moreHref(tab as never))).toEqual([
      '/more-book-shelf',
      '/more-book-queue',
      '/more-book-history',
      '/more-book-review',
    ]);
  });
});

describe('daysLeft', () => {
  const now = new Date('2026-11-25T10:00:00+07:00');
  test('counts calendar days in Jakarta: today 0, tomorrow 1, a week 7', () => {
    expect(daysLeft('2026-11-25T23:00:00+07:00', now)).toBe(0);
    expect(daysLeft('2026-11-26T00:30:00+07:00', now)).toBe(1);
    expect(daysLeft('2026-12-02T10:00:00+07:00', now)).toBe(7);
    expect(daysLeft('2026-11-24T10:00:00+07:00', now)).toBe(-1);
  });
});

describe('timeLeft', () => {
  test('hours and minutes, rounded up to the minute, never negative', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(timeLeft('2026-11-26T09:59:30Z', now)).toEqual({ hours: 24, minutes: 0 });
    expect(timeLeft('2026-11-25T11:30:00Z', now)).toEqual({ hours: 1, minutes: 30 });
    expect(timeLeft('2026-11-25T09:00:00Z', now)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('formatDueDate', () => {
  test('Indonesian and English through Intl, named WIB in both languages', () => {
    const due = '2026-12-03T07:05:00Z';
    expect(formatDueDate(due, 'id')).toMatch(/^Kamis, 3 Desember 2026 (pukul )?14\.05 WIB$/);
    expect(formatDueDate(due, 'en')).toMatch(/^Thursday,? 3 December 2026,? (at )?14:05 WIB$/);
  });
});

describe('renewedDueAt', () => {
  test('a renewal adds one loan period (7 days) to the current due time, as the API does', () => {
    expect(renewedDueAt({ due_at: '2026-12-03T07:05:00Z' }).toISOString()).toBe('2026-12-10T07:05:00.000Z');
  });
});

describe('renewable', () => {
  test('once, and only while nobody waits', () => {
    expect(renewable({ renewed_at: null, queue_count: 0 })).toBe(true);
    expect(renewable({ renewed_at: '2026-11-25T00:00:00Z', queue_count: 0 })).toBe(false);
    expect(renewable({ renewed_at: null, queue_count: 1 })).toBe(false);
  });
});
