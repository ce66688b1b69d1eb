import { describe, expect, test } from 'vitest';
import { addDays, formatSchoolTime, lessonsOverlap, lessonSpan, mondayOf, schoolClock, schoolFileLimit, schoolInputToIso, schoolTimeToUtc, sniffSchoolFile } from './rules.ts';

describe('the school clock', () => {
  test('a local time in WIB, WITA and WIT is 7, 8 and 9 hours ahead of UTC, and back', () => {
    expect(schoolTimeToUtc('2026-11-30', '07:00', 'Asia/Jakarta').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(schoolTimeToUtc('2026-11-30', '07:00', 'Asia/Makassar').toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(schoolTimeToUtc('2026-11-30', '07:00', 'Asia/Jayapura').toISOString()).toBe('2026-11-29T22:00:00.000Z');
    expect(schoolClock('2026-11-29T22:00:00Z', 'Asia/Jayapura')).toEqual({ date: '2026-11-30', time: '07:00', day: 1 });
    expect(schoolClock('2026-11-29T16:59:00Z', 'Asia/Jakarta')).toEqual({ date: '2026-11-29', time: '23:59', day: 7 });
  });

  test('a date and time typed on a WITA or WIT school clock is the UTC instant, and shows as typed with its zone', () => {
    expect(schoolInputToIso('2026-12-02', '09:00', 'WITA')).toBe('2026-12-02T01:00:00.000Z');
    expect(schoolInputToIso('2026-12-02', '07:30', 'WIT')).toBe('2026-12-01T22:30:00.000Z');
    expect(formatSchoolTime('2026-12-01T22:30:00.000Z', 'WIT', 'id')).toBe('Rabu, 2 Desember 2026 pukul 07.30 WIT');
    expect(formatSchoolTime('2026-12-02T01:00:00.000Z', 'WITA', 'en')).toContain('9:00');
    expect(formatSchoolTime('2026-12-02T01:00:00.000Z', 'WITA', 'en')).toContain('WITA');
    for (const [date, time] of [['', '09:00'], ['2026-12-02', ''], ['2026-13-40', '09:00'], ['2026-12-02', '24:00']]) expect(schoolInputToIso(date!, time!, 'WIB')).toBeNull();
  });

  test('weeks start on Monday; lesson hours follow the bell schedule and overlap by any shared hour', () => {
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(lessonSpan(3, 4)).toEqual({ start: '08:30', end: '10:15' });
    expect(lessonsOverlap({ lesson_from: 1, lesson_to: 2 }, { lesson_from: 2, lesson_to: 3 })).toBe(true);
    expect(lessonsOverlap({ lesson_from: 1, lesson_to: 2 }, { lesson_from: 3, lesson_to: 3 })).toBe(false);
  });
});

describe('uploaded files', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  test('the type comes from the signature, and pictures are held to 2 MB, documents to 20 MB', () => {
    expect(sniffSchoolFile(bytes('%PDF-1.7 ...'))).toBe('application/pdf');
    expect(sniffSchoolFile(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffSchoolFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('....word/document.xml')]))).toContain('wordprocessingml');
    expect(sniffSchoolFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('....other.txt')]))).toBeNull();
    expect(sniffSchoolFile(bytes('MZ executable'))).toBeNull();
    expect(schoolFileLimit('image/png')).toBe(2 * 1024 * 1024);
    expect(schoolFileLimit('application/pdf')).toBe(20 * 1024 * 1024);
  });
});
