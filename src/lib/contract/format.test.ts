import { describe, expect, test } from 'vitest';
import { formatBytes, formatDate, formatNumber, formatPhone, formatRupiah, localeOf, timeZoneLabel } from './format.ts';

const AT = '2026-12-03T07:05:00Z';

describe('formatDate', () => {
  test('writes dates in the interface language', () => {
    expect(formatDate(AT, 'id')).toBe('3 Desember 2026');
    expect(formatDate(AT, 'en')).toBe('3 December 2026');
    expect(formatDate(AT, 'id', 'short')).toBe('3 Des 2026');
    expect(formatDate(AT, 'en', 'short')).toBe('3 Dec 2026');
  });

  test('names the zone of a time WIB, WITA or WIT in both languages, never GMT+7', () => {
    expect(formatDate(AT, 'id', 'full')).toBe('Kamis, 3 Desember 2026 pukul 14.05 WIB');
    expect(formatDate(AT, 'en', 'full')).toBe('Thursday, 3 December 2026 at 14:05 WIB');
    expect(formatDate(AT, 'en', 'dateTime', 'Asia/Makassar')).toBe('3 Dec 2026, 15:05 WITA');
    expect(formatDate(AT, 'id', 'dateTime', 'Asia/Jayapura')).toBe('3 Des 2026, 16.05 WIT');
    for (const lang of ['id', 'en']) expect(formatDate(AT, lang, 'full')).not.toMatch(/GMT/);
  });

  test('leaves a value that is no date empty', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('numbers and sizes', () => {
  test('follow the language: decimal mark and grouping', () => {
    expect(formatNumber(12345, 'id')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatBytes(6400, 'id')).toBe('6,4 KB');
    expect(formatBytes(6400, 'en')).toBe('6.4 KB');
    expect(formatBytes(850, 'en')).toBe('850 B');
    expect(formatBytes(2_400_000, 'en')).toBe('2.4 MB');
    expect(formatBytes(250_000_000, 'id')).toBe('250 MB');
  });

  test('maps the language to its locale', () => {
    expect(localeOf('en')).toBe('en-GB');
    expect(localeOf('id')).toBe('id-ID');
  });
});

describe('formatRupiah', () => {
  test('writes whole rupiah with Rp and the language\'s thousand separators', () => {
    expect(formatRupiah(1_250_000, 'id')).toBe('Rp 1.250.000');
    expect(formatRupiah(1_250_000, 'en')).toBe('Rp 1,250,000');
    expect(formatRupiah(0, 'id')).toBe('Rp 0');
    expect(formatRupiah(-5000, 'id')).toBe('-Rp 5.000');
  });

  test('cuts a fraction off instead of rounding it up', () => {
    expect(formatRupiah(2499.99, 'en')).toBe('Rp 2,499');
    expect(formatRupiah(Number.NaN, 'id')).toBe('Rp 0');
  });
});

describe('timeZoneLabel', () => {
  test('names the three Indonesian zones and writes any other offset as GMT', () => {
    expect([420, 480, 540].map(timeZoneLabel)).toEqual(['WIB', 'WITA', 'WIT']);
    expect(timeZoneLabel(0)).toBe('GMT+0');
    expect(timeZoneLabel(330)).toBe('GMT+5:30');
  });
});

describe('formatPhone', () => {
  test('groups Indonesian numbers as xxxx-xxxx-xxxx, with or without the country code', () => {
    expect(formatPhone('081234567890')).toBe('0812-3456-7890');
    expect(formatPhone('0812 3456 789')).toBe('0812-3456-789');
    expect(formatPhone('+6281234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('6281234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('0215551234')).toBe('0215-5512-34');
  });

  test('keeps what it cannot group', () => {
    expect(formatPhone('+4420794600')).toBe('+4420794600');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });
});

describe('one formatting module', () => {
  test('no page, island or rule formats dates or numbers for people on its own', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    // Calendar arithmetic (which day it is in WIB) formats a machine-read date, not a text for people.
    const allowed = new Set(['src/lib/shelf/rules.ts']);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|astro)$/.test(name) && !/\.test\.ts$/.test(name) && path !== 'src/lib/contract/format.ts' && !allowed.has(path)) {
          const text = readFileSync(path, 'utf8');
          if (/Intl\.(DateTimeFormat|NumberFormat)\(|toLocale(Date|Time)?String\(|['"]id-ID['"]|timeZoneName/.test(text)) offenders.push(path);
        }
      }
    };
    walk('src');
    expect(offenders).toEqual([]);
  });
});
