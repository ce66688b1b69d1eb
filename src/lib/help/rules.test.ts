import { describe, expect, test } from 'vitest';
import { HELP_DOCS, isHelpSlug, searchHelpDocs, type HelpSlug } from './rules.ts';

const TITLES: Record<HelpSlug, string> = {
  borrowing: 'Meminjam buku',
  queues: 'Antrean buku',
  joining: 'Bergabung dengan ePustaka',
  reading: 'Membaca di peramban',
  membership: 'Mengelola keanggotaan',
  'qr-codes': 'Kode QR untuk rak dan poster',
};
const titleOf = (slug: HelpSlug) => TITLES[slug];

describe('searchHelpDocs', () => {
  test('an empty search lists every document in order', () => {
    expect(searchHelpDocs('  ', titleOf).map((doc) => doc.slug)).toEqual(HELP_DOCS.map((doc) => doc.slug));
  });

  test('finds by every word of the title, in any case and order', () => {
    expect(searchHelpDocs('BUKU', titleOf).map((doc) => doc.slug)).toEqual(['borrowing', 'queues']);
    expect(searchHelpDocs('poster qr', titleOf).map((doc) => doc.slug)).toEqual(['qr-codes']);
    expect(searchHelpDocs('buku poster', titleOf)).toEqual([]);
  });
});

test('isHelpSlug knows only the documents', () => {
  expect(isHelpSlug('borrowing')).toBe(true);
  expect(isHelpSlug('../etc')).toBe(false);
  expect(isHelpSlug(undefined)).toBe(false);
});
