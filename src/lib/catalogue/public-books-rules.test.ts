import { describe, expect, it, test } from 'vitest';
import { isPlainPublicBookList, parsePublicBookQuery, publicBookPageCount, publicBooksHref, PUBLIC_BOOK_MAX_PAGE, PUBLIC_CATEGORY_LINKS, shownCategories } from './public-books-rules.ts';

const CATEGORY = '3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d';
const parse = (search: string) => parsePublicBookQuery(new URLSearchParams(search));

describe('the visitors book list address', () => {
  test('reads search, category, sort and page; unknown values fall back to the defaults', () => {
    expect(parse(`q=+bumi+&category=${CATEGORY.toUpperCase()}&sort=title&page=3`)).toEqual({ q: 'bumi', category: CATEGORY, epustaka: null, sort: 'title', page: 3 });
    expect(parse('category=1;drop&sort=b.id&page=-2')).toEqual({ q: '', category: null, epustaka: null, sort: 'latest', page: 1 });
    expect(parse(`epustaka=${CATEGORY.toUpperCase()}`).epustaka).toBe(CATEGORY);
    expect(parse('epustaka=x').epustaka).toBe(null);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=99999').page).toBe(PUBLIC_BOOK_MAX_PAGE);
  });

  test('links carry only what differs from the defaults, and round-trip', () => {
    expect(publicBooksHref(parse(''))).toBe('/books');
    const query = { q: 'laskar pelangi', category: CATEGORY, epustaka: CATEGORY, sort: 'popular' as const, page: 2 };
    const href = publicBooksHref(query);
    expect(href).toBe(`/books?q=laskar+pelangi&category=${CATEGORY}&epustaka=${CATEGORY}&sort=popular&page=2`);
    expect(parse(href.split('?')[1]!)).toEqual(query);
    expect(isPlainPublicBookList(parse(''))).toBe(true);
    expect(isPlainPublicBookList(parse('page=2'))).toBe(false);
    expect(isPlainPublicBookList(parse(`epustaka=${CATEGORY}`))).toBe(false);
  });

  test('page count', () => {
    expect(publicBookPageCount(0)).toBe(1);
    expect(publicBookPageCount(24)).toBe(1);
    expect(publicBookPageCount(25)).toBe(2);
  });
});

describe('the category links of the visitors’ list', () => {
  const many = Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, book_count: i }));
  it('keeps the largest categories in their order, and the chosen one wherever it ranks', () => {
    const shown = shownCategories(many, 'c2');
    expect(shown).toHaveLength(PUBLIC_CATEGORY_LINKS + 1);
    expect(shown[0]!.id).toBe('c2');
    expect(shown.slice(1).map((c) => c.book_count)).toEqual(Array.from({ length: PUBLIC_CATEGORY_LINKS }, (_, i) => 10 + i));
    expect(shownCategories(many.slice(0, 5), null)).toHaveLength(5);
  });
});
