import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createAuthor, createBook, createCategory, createEpustaka } from '../test/catalogue.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
let sejarah: string;
let sains: string;
let rahasia: string;
let libraries: { open: string; closed: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const open = await createEpustaka(ctx, { name: 'Perpustakaan Terbuka' });
  const closed = await createEpustaka(ctx, { name: 'Pustaka Tertutup', isPrivate: true });
  libraries = { open, closed };
  sejarah = await createCategory(ctx, 'Sejarah');
  sains = await createCategory(ctx, 'Sains');
  rahasia = await createCategory(ctx, 'Rahasia');
  const pram = await createAuthor(ctx, 'Pramoedya Ananta Toer');
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids.bumi = await createBook(ctx, { title: 'Bumi Manusia', authorId: pram, categoryId: sejarah, createdAt: day(1), holdings: [{ epustakaId: open, copies: 1 }] });
  ids.anak = await createBook(ctx, { title: 'Anak Semua Bangsa', authorId: pram, categoryId: sejarah, createdAt: day(2), holdings: [{ epustakaId: open, copies: 1 }, { epustakaId: closed, copies: 1 }] });
  ids.atom = await createBook(ctx, { title: 'Cerita Atom', categoryId: sains, createdAt: day(3), holdings: [{ epustakaId: open, copies: 1 }] });
  // Only in a private ePustaka, or in none: never shown to visitors.
  ids.hidden = await createBook(ctx, { title: 'Catatan Tertutup', authorId: pram, categoryId: rahasia, createdAt: day(4), holdings: [{ epustakaId: closed, copies: 1 }] });
  ids.loose = await createBook(ctx, { title: 'Buku Lepas', categoryId: sains, createdAt: day(5) });
});
afterAll(() => ctx.close());

async function titles(query: string): Promise<{ titles: string[]; total: number }> {
  const res = await ctx.request('GET', `/webhook/public-book-list${query}`);
  expect(res.status).toBe(200);
  return { titles: res.body.data.map((b: { book_title: string }) => b.book_title), total: res.body.meta.total };
}

describe('GET webhook/public-book-list', () => {
  test('lists only books of public ePustakas, to anyone, newest first', async () => {
    expect(await titles('')).toEqual({ titles: ['Cerita Atom', 'Anak Semua Bangsa', 'Bumi Manusia'], total: 3 });
  });

  test('searches title and author, filters by category, sorts by an allowlisted order, pages', async () => {
    expect((await titles('?q=pramoedya')).titles).toEqual(['Anak Semua Bangsa', 'Bumi Manusia']);
    expect((await titles('?q=bumi%20toer')).titles).toEqual(['Bumi Manusia']);
    expect((await titles('?q=tertutup')).total).toBe(0);
    expect((await titles(`?category_id=${sains}`)).titles).toEqual(['Cerita Atom']);
    expect((await titles(`?category_id=${rahasia}`)).total).toBe(0);
    expect((await titles('?sort=title')).titles).toEqual(['Anak Semua Bangsa', 'Bumi Manusia', 'Cerita Atom']);
    expect(await titles('?sort=title&limit=2&offset=2')).toEqual({ titles: ['Cerita Atom'], total: 3 });
    const res = await ctx.request('GET', `/webhook/public-book-list?category_id=${sejarah}&limit=1`);
    expect(res.body.data[0]).toEqual({
      id: ids.anak,
      book_title: 'Anak Semua Bangsa',
      author_name: 'Pramoedya Ananta Toer',
      cover_url: null,
      category_id: sejarah,
      category_name: 'Sejarah',
      category_name_en: 'Sejarah',
    });
  });

  test('lists one public ePustaka’s books; a private one’s are never listed', async () => {
    expect(await titles(`?epustaka_id=${libraries.open}&sort=title`)).toEqual({ titles: ['Anak Semua Bangsa', 'Bumi Manusia', 'Cerita Atom'], total: 3 });
    expect(await titles(`?epustaka_id=${libraries.closed}`)).toEqual({ titles: [], total: 0 });
    const bad = await ctx.request('GET', '/webhook/public-book-list?epustaka_id=x');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_epustaka_id');
  });

  test('refuses a sort or category outside the allowlist', async () => {
    const sort = await ctx.request('GET', '/webhook/public-book-list?sort=b.id;drop');
    expect(sort.status).toBe(400);
    expect(sort.body.errors[0].code).toBe('invalid_sort');
    const category = await ctx.request('GET', '/webhook/public-book-list?category_id=1');
    expect(category.status).toBe(400);
    expect(category.body.errors[0].code).toBe('invalid_category_id');
  });
});

describe('GET webhook/public-book-category-list', () => {
  test('lists the categories that hold public books, with their counts', async () => {
    const res = await ctx.request('GET', '/webhook/public-book-category-list');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { category_name: string; book_count: number }) => [c.category_name, c.book_count])).toEqual([
      ['Sains', 1],
      ['Sejarah', 2],
    ]);
  });
});
