import { describe, expect, test } from 'vitest';
import { collapseWhitespace, excerpt, isBlank, isValidText, needsReadMore, shortText } from './text.ts';

describe('read more', () => {
  test('starts above 75 characters', () => {
    expect(needsReadMore('a'.repeat(75))).toBe(false);
    expect(needsReadMore('a'.repeat(76))).toBe(true);
    expect(needsReadMore(`${'a '.repeat(37)}  \n  a`)).toBe(false);
  });

  test('cuts at a word break with an ellipsis', () => {
    const text = 'Sekar, mahasiswi asal Garut, menemukan setumpuk surat lama milik neneknya di loteng rumah kos di Bandung.';
    const short = excerpt(text);
    expect(short.endsWith('…')).toBe(true);
    expect(Array.from(short).length).toBeLessThanOrEqual(76);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(short).toBe('Sekar, mahasiswi asal Garut, menemukan setumpuk surat lama milik neneknya…');
  });

  test('keeps a short text whole', () => {
    expect(excerpt('  Buku   pendek ')).toBe('Buku pendek');
  });

  test('cuts a long word where it must', () => {
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('shortText', () => {
  test('shows more than 50 characters as 40 and an ellipsis', () => {
    expect(shortText('a'.repeat(50))).toBe('a'.repeat(50));
    expect(shortText('a'.repeat(51))).toBe(`${'a'.repeat(40)}…`);
    expect(shortText(null)).toBe('');
  });
});

describe('text rules', () => {
  test('blank and letter-first', () => {
    expect(isBlank(' \n ')).toBe(true);
    expect(isValidText('Ulasan')).toBe(true);
    expect(isValidText('  Élan')).toBe(true);
    expect(isValidText('!halo')).toBe(false);
    expect(isValidText('   ')).toBe(false);
    expect(collapseWhitespace(' a \n\t b ')).toBe('a b');
  });
});
