import { describe, expect, test } from 'vitest';
import {
  addPageDuration,
  bookmarkDescription,
  bookmarksForSync,
  cutCitation,
  formatCitation,
  nextZoom,
  offersLastRead,
  progressConflicts,
  startPage,
  timeZoneLabel,
  toggleBookmark,
} from './reading.ts';

describe('addPageDuration', () => {
  test('ignores a first visit shorter than 5 seconds', () => {
    expect(addPageDuration(null, 'b', 3, 4.9)).toBeNull();
    expect(addPageDuration(null, 'b', 3, 5)).toEqual({ book_id: 'b', page_duration: [{ page: 3, duration: 5 }] });
  });

  test('adds any time to a page that already has some', () => {
    const start = addPageDuration(null, 'b', 3, 7);
    expect(addPageDuration(start, 'b', 3, 2)).toEqual({ book_id: 'b', page_duration: [{ page: 3, duration: 9 }] });
    expect(addPageDuration(start, 'b', 4, 2)).toEqual(start);
  });

  test('starts afresh for another book', () => {
    const other = { book_id: 'a', page_duration: [{ page: 1, duration: 30 }] };
    expect(addPageDuration(other, 'b', 2, 6)).toEqual({ book_id: 'b', page_duration: [{ page: 2, duration: 6 }] });
  });
});

describe('bookmarks', () => {
  test("are described as 'Page N | title'", () => {
    expect(bookmarkDescription(12, 'Free Culture')).toBe('Page 12 | Free Culture');
  });

  test('toggle adds one per page and removes it again', () => {
    const once = toggleBookmark([], 'b', 4, 'Judul');
    expect(once).toEqual([{ book_id: 'b', page: 4, bookmark_label: 'Page 4', description: 'Page 4 | Judul', title: 'Judul' }]);
    const twice = toggleBookmark(toggleBookmark(once, 'b', 2, 'Judul'), 'b', 4, 'Judul');
    expect(twice.map((b) => b.page)).toEqual([2]);
  });

  test('sync drops ids and other books', () => {
    const list = [{ id: 'x', book_id: 'b', page: 1 }, { book_id: 'c', page: 1 }, { book_id: 'b', page: 1 }];
    expect(bookmarksForSync(list, 'b')).toEqual([{ book_id: 'b', page: 1 }]);
  });
});

describe('reader start', () => {
  test('opens at lastpage only when 1 < lastpage ≤ pages', () => {
    expect(startPage(5, 14)).toBe(5);
    expect(startPage(14, 14)).toBe(14);
    expect(startPage(15, 14)).toBe(1);
    expect(startPage(1, 14)).toBe(1);
    expect(startPage(null, 14)).toBe(1);
  });

  test('zoom steps by a quarter within bounds', () => {
    expect(nextZoom(1.8, 1)).toBe(2);
    expect(nextZoom(0.25, -1)).toBe(0.25);
  });

  test('stored progress of another book or reading conflicts', () => {
    const stored = { book_id: 'a', reading_id: 'r1', last_page: 2, total_page: 9, platform_info: 'web' };
    expect(progressConflicts(stored, 'b', null)).toBe(true);
    expect(progressConflicts(stored, 'a', 'r2')).toBe(true);
    expect(progressConflicts(stored, 'a', 'r1')).toBe(false);
    expect(progressConflicts(null, 'a', 'r1')).toBe(false);
  });
});

describe('citations', () => {
  test('are cut to 525 characters', () => {
    expect(cutCitation('a'.repeat(600))).toHaveLength(525);
    expect(cutCitation('  satu   dua  ')).toBe('satu dua');
  });

  test('name the Indonesian time zones', () => {
    expect([420, 480, 540].map(timeZoneLabel)).toEqual(['WIB', 'WITA', 'WIT']);
    expect(timeZoneLabel(0)).toBe('GMT+0');
    expect(timeZoneLabel(330)).toBe('GMT+5:30');
  });

  test('carry the quote, the book facts and the local time with its zone', () => {
    const labels = { title: 'Judul', author: 'Penulis', publisher: 'Penerbit', year: 'Tahun', page: 'Halaman', cited: 'Dikutip', months: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'] };
    const at = new Date('2026-11-22T08:05:00Z');
    const text = formatCitation({ content: 'Budaya bebas.', title: 'Free Culture', author: 'Lawrence Lessig', publisher: null, year: '2004', page: 12 }, labels, at, 480);
    expect(text).toBe(['"Budaya bebas."', '', 'Judul: Free Culture', 'Penulis: Lawrence Lessig', 'Penerbit: -', 'Tahun: 2004', 'Halaman: 12', 'Dikutip: 22 November 2026, 16:05 WITA'].join('\n'));
    expect(formatCitation({ content: 'x', title: 't', author: null, publisher: null, year: null, page: 1 }, labels, at, 540)).toContain('17:05 WIT');
  });
});

describe('offersLastRead', () => {
  const online = { genericEntry: true, offline: false, savedOffline: false, readableNow: true };
  test('asks only when the reader came from a generic entry', () => {
    expect(offersLastRead(online)).toBe(true);
    expect(offersLastRead({ ...online, genericEntry: false })).toBe(false);
  });
  test('online, only for a book the caller may read now', () => {
    expect(offersLastRead({ ...online, readableNow: false })).toBe(false);
    expect(offersLastRead({ ...online, readableNow: null })).toBe(false);
  });
  test('offline, only for a book saved on this device', () => {
    expect(offersLastRead({ ...online, offline: true, readableNow: null })).toBe(false);
    expect(offersLastRead({ ...online, offline: true, savedOffline: true, readableNow: null })).toBe(true);
    expect(offersLastRead({ ...online, genericEntry: false, offline: true, savedOffline: true })).toBe(false);
  });
});
