import { describe, expect, test } from 'vitest';
import { authors, books, categories, epustakas } from './index.ts';
import type { SeedBook } from './types.ts';

function duplicates(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  const sum = [...isbn].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

function totalCopies(book: SeedBook): number {
  return book.holdings.reduce((n, h) => n + h.copies, 0);
}

const drmBooks = books.filter((b) => b.using_drm);
const openBooks = books.filter((b) => !b.using_drm);

describe('reference data', () => {
  test('categories: 12 to 14, unique keys, both names filled', () => {
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect(categories.length).toBeLessThanOrEqual(14);
    expect(duplicates(categories.map((c) => c.key))).toEqual([]);
    for (const c of categories) {
      expect(c.name_id.trim()).not.toBe('');
      expect(c.name_en.trim()).not.toBe('');
    }
  });

  test('authors: about sixty, unique keys and names', () => {
    expect(authors.length).toBeGreaterThanOrEqual(55);
    expect(authors.length).toBeLessThanOrEqual(65);
    expect(duplicates(authors.map((a) => a.key))).toEqual([]);
    expect(duplicates(authors.map((a) => a.name))).toEqual([]);
  });

  test('libraries: six, with the required ones and another private one', () => {
    expect(epustakas).toHaveLength(6);
    expect(duplicates(epustakas.map((e) => e.key))).toEqual([]);
    const byKey = new Map(epustakas.map((e) => [e.key, e]));
    expect(byKey.get('nusantara')).toMatchObject({ name: 'Perpustakaan Digital Nusantara', is_private: false, category: 'L' });
    expect(byKey.get('harapan-bangsa')).toMatchObject({ name: 'Pustaka SMA Harapan Bangsa', is_private: true, category: 'L' });
    expect(byKey.get('pelangi')).toMatchObject({ name: 'Taman Baca Pelangi', is_private: false, category: 'P' });
    expect(epustakas.filter((e) => e.is_private && e.key !== 'harapan-bangsa').length).toBeGreaterThanOrEqual(1);
    for (const e of epustakas) {
      expect(['L', 'P']).toContain(e.category);
      expect(e.description.length).toBeGreaterThan(40);
    }
  });
});

describe('books', () => {
  test('at least 130, with unique keys and titles', () => {
    expect(books.length).toBeGreaterThanOrEqual(130);
    expect(duplicates(books.map((b) => b.key))).toEqual([]);
    expect(duplicates(books.map((b) => b.title))).toEqual([]);
    for (const b of books) expect(b.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('every referenced author, category and library exists, and every category is used', () => {
    const authorKeys = new Set(authors.map((a) => a.key));
    const categoryKeys = new Set(categories.map((c) => c.key));
    const libraryKeys = new Set(epustakas.map((e) => e.key));
    for (const b of books) {
      expect(authorKeys, `${b.key} author`).toContain(b.author);
      expect(categoryKeys, `${b.key} category`).toContain(b.category);
      for (const h of b.holdings) expect(libraryKeys, `${b.key} holding`).toContain(h.epustaka);
    }
    expect(new Set(books.map((b) => b.category)).size).toBe(categories.length);
  });

  test('ISBN-13s have valid check digits and are unique', () => {
    const invalid = books.filter((b) => !isValidIsbn13(b.isbn)).map((b) => `${b.key}: ${b.isbn}`);
    expect(invalid).toEqual([]);
    expect(duplicates(books.map((b) => b.isbn))).toEqual([]);
  });

  test('the ISBN check is strict enough to catch a wrong check digit', () => {
    const sample = books[0]!.isbn;
    const wrong = sample.slice(0, 12) + String((Number(sample[12]) + 1) % 10);
    expect(isValidIsbn13(wrong)).toBe(false);
  });

  test('years, pages, languages and publishers are spread as a real catalogue', () => {
    for (const b of books) {
      expect(Number.isInteger(b.publish_year)).toBe(true);
      expect(b.publish_year).toBeGreaterThanOrEqual(1950);
      expect(b.publish_year).toBeLessThanOrEqual(2026);
      expect(Number.isInteger(b.pages)).toBe(true);
      expect(b.pages).toBeGreaterThanOrEqual(24);
      expect(b.pages).toBeLessThanOrEqual(900);
      expect(['id', 'en']).toContain(b.language);
    }
    expect(books.filter((b) => b.publish_year >= 2024).length).toBeGreaterThanOrEqual(5);
    expect(books.filter((b) => b.publish_year < 1980).length).toBeGreaterThanOrEqual(5);
    const english = books.filter((b) => b.language === 'en').length;
    expect(english).toBeGreaterThanOrEqual(8);
    expect(english).toBeLessThanOrEqual(14);
    expect(new Set(books.map((b) => b.publisher)).size).toBeGreaterThanOrEqual(12);
  });

  test('descriptions vary in length and a few use simple HTML', () => {
    const short = books.filter((b) => b.description.length < 75);
    expect(short.length).toBeGreaterThanOrEqual(5);
    expect(books.filter((b) => b.description.length >= 75).length).toBeGreaterThan(books.length / 2);
    const html = books.filter((b) => /<(p|em|strong|ul|li)>/.test(b.description));
    expect(html.length).toBeGreaterThanOrEqual(8);
    expect(html.length).toBeLessThanOrEqual(14);
  });

  test('exactly one description carries hostile markup, inside otherwise normal text', () => {
    const hostile = books.filter((b) => /<script|onerror=/i.test(b.description));
    expect(hostile).toHaveLength(1);
    const text = hostile[0]!.description;
    expect(text).toMatch(/<script>/i);
    expect(text).toMatch(/<img [^>]*onerror=/i);
    expect(text.replace(/<[^>]*>/g, '').length).toBeGreaterThan(75);
  });
});

describe('holdings', () => {
  test('every book is held by one to three different libraries', () => {
    for (const b of books) {
      expect(b.holdings.length, b.key).toBeGreaterThanOrEqual(1);
      expect(b.holdings.length, b.key).toBeLessThanOrEqual(3);
      expect(duplicates(b.holdings.map((h) => h.epustaka)), b.key).toEqual([]);
    }
  });

  test('about 60% of books are copy-limited', () => {
    const share = drmBooks.length / books.length;
    expect(share).toBeGreaterThanOrEqual(0.5);
    expect(share).toBeLessThanOrEqual(0.7);
  });

  test('open books have 0 (unlimited) copies everywhere', () => {
    const wrong = openBooks.filter((b) => b.holdings.some((h) => h.copies !== 0)).map((b) => b.key);
    expect(wrong).toEqual([]);
  });

  test('DRM books have 1 to 6 copies per holding, unless all copies are gone', () => {
    for (const b of drmBooks) {
      const allGone = b.holdings.every((h) => h.copies === 0);
      for (const h of b.holdings) {
        expect(Number.isInteger(h.copies)).toBe(true);
        if (!allGone) {
          expect(h.copies, b.key).toBeGreaterThanOrEqual(1);
          expect(h.copies, b.key).toBeLessThanOrEqual(6);
        }
      }
    }
  });

  test('at least 8 DRM books have exactly one copy in Nusantara', () => {
    const single = drmBooks.filter((b) => b.holdings.some((h) => h.epustaka === 'nusantara' && h.copies === 1));
    expect(single.length).toBeGreaterThanOrEqual(8);
  });

  test('at least 3 DRM books have no copies left at all', () => {
    expect(drmBooks.filter((b) => totalCopies(b) === 0).length).toBeGreaterThanOrEqual(3);
  });

  test('the private school library holds at least 15 books', () => {
    expect(books.filter((b) => b.holdings.some((h) => h.epustaka === 'harapan-bangsa')).length).toBeGreaterThanOrEqual(15);
  });

  test('every library holds something', () => {
    for (const e of epustakas) {
      expect(books.some((b) => b.holdings.some((h) => h.epustaka === e.key)), e.key).toBe(true);
    }
  });
});
