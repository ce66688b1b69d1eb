import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, seedCatalogue, type Caller, type SeededCatalogue } from '../test/catalogue.ts';

let ctx: TestContext;
let cat: SeededCatalogue;
let reader: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  cat = await seedCatalogue(ctx);
  reader = await createCaller(ctx, { name: 'Sekar' });
  await addMember(ctx, cat.publicId, reader.id, 1);
});
afterAll(() => ctx.close());

/** GET as the reader, or signed out with `token` null. */
function get(path: string, token: string | null = reader.token) {
  return ctx.request('GET', path, { token: token ?? undefined });
}

function listPath(params: Record<string, string>) {
  return `/webhook/book-list?${new URLSearchParams(params)}`;
}

const titles = (body: { data: { book_title: string }[] }) => body.data.map((b) => b.book_title);

describe('webhook/book-list', () => {
  test('lists newest first by default, 25 per page, with meta', async () => {
    const res = await get('/webhook/book-list');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 5, limit: 25, offset: 0 });
    expect(titles(res.body)).toEqual([
      'Catatan Harian Sekolah',
      'Bintang dan Planet',
      'Zaman Batu dan Logam',
      'Angin Selatan',
      'Gerimis di Kota Kembang',
    ]);
    const item = res.body.data.find((b: { id: string }) => b.id === cat.books.novel2019);
    expect(item).toMatchObject({ book_author: 'Euis Nurjanah', author_name: 'Euis Nurjanah', using_drm: true, all_qty: 5, available_qty: 5, epustaka_id: cat.publicId });
  });

  test('sorts A-Z and Z-A on the title, and pages with limit and offset', async () => {
    const az = await get(listPath({ sort: 'catalog_title' }));
    expect(titles(az.body)).toEqual(['Angin Selatan', 'Bintang dan Planet', 'Catatan Harian Sekolah', 'Gerimis di Kota Kembang', 'Zaman Batu dan Logam']);
    const za = await get(listPath({ sort: '-catalog_title', limit: '2', offset: '1' }));
    expect(titles(za.body)).toEqual(['Gerimis di Kota Kembang', 'Catatan Harian Sekolah']);
    expect(za.body.meta).toEqual({ total: 5, limit: 2, offset: 1 });
    const latest = await get(listPath({ sort: '-created_at', limit: '1' }));
    expect(titles(latest.body)).toEqual(['Catatan Harian Sekolah']);
  });

  test('category and year together return only matching books', async () => {
    const res = await get(listPath({ filter: JSON.stringify({ category_id: cat.categories.fiksi, catalog_publish_date: 2019 }) }));
    expect(res.status).toBe(200);
    expect(titles(res.body).sort()).toEqual(['Catatan Harian Sekolah', 'Gerimis di Kota Kembang']);
    expect(res.body.meta.total).toBe(2);
  });

  test('filters by author id or name, year ranges and lists', async () => {
    const byId = await get(listPath({ filter: JSON.stringify({ author: cat.authors.euis }) }));
    expect(titles(byId.body).sort()).toEqual(['Angin Selatan', 'Gerimis di Kota Kembang']);
    const byName = await get(listPath({ filter: JSON.stringify({ author_name: 'bima sakti' }) }));
    expect(byName.body.meta.total).toBe(3);
    const contains = await get(listPath({ filter: JSON.stringify({ author_name: { ilike: 'nurja' } }) }));
    expect(contains.body.meta.total).toBe(2);
    const range = await get(listPath({ filter: JSON.stringify({ 'b.catalog_publish_date': { gte: 2020, lte: 2021 } }) }));
    expect(titles(range.body).sort()).toEqual(['Angin Selatan', 'Bintang dan Planet']);
    const list = await get(listPath({ filter: JSON.stringify([{ 'c.id': { in: [cat.categories.sains] } }, { catalog_publish_date: { in: [2019, 2020] } }]) }));
    expect(titles(list.body).sort()).toEqual(['Bintang dan Planet', 'Zaman Batu dan Logam']);
  });

  test('entry keeps books borrowable without asking to join; collectionpublic keeps public holdings', async () => {
    const entry = await get(listPath({ filter: JSON.stringify({ entry: true }) }));
    expect(titles(entry.body)).not.toContain('Catatan Harian Sekolah');
    expect(entry.body.meta.total).toBe(4);
    const member = await createCaller(ctx);
    await addMember(ctx, cat.privateId, member.id, 1);
    const asMember = await get(listPath({ filter: JSON.stringify({ entry: true }) }), member.token);
    expect(asMember.body.meta.total).toBe(5);
    const pub = await get(listPath({ filter: JSON.stringify({ collectionpublic: true, entry: false }) }));
    expect(pub.body.meta.total).toBe(4);
  });

  test('available keeps books with copies now (open books always)', async () => {
    const res = await get(listPath({ available: 'true' }));
    expect(titles(res.body)).not.toContain('Zaman Batu dan Logam');
    expect(titles(res.body)).toContain('Bintang dan Planet');
    const viaFilter = await get(listPath({ filter: '{"available":true}' }));
    expect(viaFilter.body.meta.total).toBe(res.body.meta.total);
  });

  test('q searches title and author, case-insensitively, with wildcards taken literally', async () => {
    const title = await get(listPath({ q: 'KOTA kembang' }));
    expect(titles(title.body)).toEqual(['Gerimis di Kota Kembang']);
    const author = await get(listPath({ q: 'sakti' }));
    expect(author.body.meta.total).toBe(3);
    const wildcard = await get(listPath({ q: '%' }));
    expect(wildcard.body.meta.total).toBe(0);
  });

  test('q matches each word in the title or the author, so title and author words mix', async () => {
    const mixed = await get(listPath({ q: 'nurjanah  gerimis' }));
    expect(titles(mixed.body)).toEqual(['Gerimis di Kota Kembang']);
    const authorOnly = await get(listPath({ q: 'Euis Nurjanah' }));
    expect(titles(authorOnly.body).sort()).toEqual(['Angin Selatan', 'Gerimis di Kota Kembang']);
    const noMatch = await get(listPath({ q: 'nurjanah planet' }));
    expect(noMatch.body.meta.total).toBe(0);
  });

  test('epustaka_id keeps the books one ePustaka holds, with its copies', async () => {
    const res = await get(listPath({ epustaka_id: cat.privateId }));
    expect(titles(res.body).sort()).toEqual(['Catatan Harian Sekolah', 'Gerimis di Kota Kembang']);
    const novel = res.body.data.find((b: { id: string }) => b.id === cat.books.novel2019);
    expect(novel).toMatchObject({ all_qty: 2, available_qty: 2, epustaka_id: cat.privateId });
  });

  const injections: [string, Record<string, string>, string][] = [
    ['malformed JSON', { filter: '{"category_id":' }, 'invalid_filter'],
    ['an unknown column', { filter: '{"password_hash":"x"}' }, 'invalid_filter'],
    ['SQL in a key', { filter: '{"category_id = category_id OR 1=1 --":"x"}' }, 'invalid_filter'],
    ['DROP TABLE in a key', { filter: '{";DROP TABLE books;--":1}' }, 'invalid_filter'],
    ['SQL in a uuid value', { filter: `{"category_id":"x' OR '1'='1"}` }, 'invalid_filter'],
    ['DROP TABLE in a year', { filter: '{"catalog_publish_date":"2019;DROP TABLE books"}' }, 'invalid_filter'],
    ['an unknown operator', { filter: '{"catalog_publish_date":{"<>":2019}}' }, 'invalid_filter'],
    ['an operator as SQL', { filter: '{"catalog_publish_date":{"eq; DROP TABLE books":2019}}' }, 'invalid_filter'],
    ['a nested object', { filter: '{"author_name":{"ilike":{"$ne":null}}}' }, 'invalid_filter'],
    ['a prototype key', { filter: '{"__proto__":{"admin":true}}' }, 'invalid_filter'],
    ['an unknown sort', { sort: 'password_hash' }, 'invalid_sort'],
    ['SQL in the sort', { sort: 'catalog_title; DROP TABLE books' }, 'invalid_sort'],
    ['a sort with direction words', { sort: 'catalog_title DESC NULLS FIRST' }, 'invalid_sort'],
    ['a huge limit', { limit: '1000000' }, 'invalid_limit'],
    ['a limit over 100', { limit: '101' }, 'invalid_limit'],
    ['a non-numeric limit', { limit: '10;DROP TABLE books' }, 'invalid_limit'],
    ['a negative offset', { offset: '-5' }, 'invalid_offset'],
    ['a fractional offset', { offset: '1.5' }, 'invalid_offset'],
    ['an overlong filter', { filter: JSON.stringify({ q: 'x'.repeat(5000) }) }, 'invalid_filter'],
  ];

  test.each(injections)('%s is a 400 with a code, never a 500', async (_label, params, code) => {
    const res = await get(listPath(params));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(code);
  });

  test('the books are all still there after the attempts', async () => {
    const res = await get('/webhook/book-list');
    expect(res.body.meta.total).toBe(5);
  });

  test('needs a signed-in caller', async () => {
    const res = await get('/webhook/book-list', null);
    expect(res.status).toBe(401);
  });
});

describe('webhook/book-recommendation', () => {
  test('puts the most borrowed first and takes the same filters', async () => {
    const borrower = await createCaller(ctx);
    await addMember(ctx, cat.publicId, borrower.id, 1);
    const borrowed = await ctx.request('POST', '/webhook/borrow', {
      token: borrower.token,
      body: { epustaka_id: cat.publicId, user_id: borrower.id, book_id: cat.books.novel2021 },
    });
    expect(borrowed.status).toBe(201);
    const res = await get('/webhook/book-recommendation?limit=2');
    expect(res.body.data[0].id).toBe(cat.books.novel2021);
    const filtered = await get(`/webhook/book-recommendation?filter=${encodeURIComponent(JSON.stringify({ category_id: cat.categories.sains }))}`);
    expect(filtered.body.meta.total).toBe(2);
    const bad = await get('/webhook/book-recommendation?filter=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_filter');
  });
});

describe('webhook/book-category-list and book-author-list', () => {
  test('page 20 at a time and search by name', async () => {
    const categories = await get('/webhook/book-category-list');
    expect(categories.body.meta).toEqual({ total: 2, limit: 20, offset: 0 });
    expect(categories.body.data.map((c: { category_name: string }) => c.category_name)).toEqual(['Fiksi', 'Sains']);
    const search = await get('/webhook/book-category-list?q=sai');
    expect(search.body.data).toEqual([{ id: cat.categories.sains, category_name: 'Sains', category_name_en: 'Sains' }]);
    const authors = await get('/webhook/book-author-list?q=euis&limit=5');
    expect(authors.body).toEqual({ data: [{ id: cat.authors.euis, author_name: 'Euis Nurjanah' }], meta: { total: 1, limit: 5, offset: 0 } });
  });
});

describe('webhook/book-detail', () => {
  test('returns the spec fields, the best holding for the caller and its own copies, and every holding with its own', async () => {
    const res = await get(`/webhook/book-detail?book_id=${cat.books.novel2019}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: cat.books.novel2019,
      book_title: 'Gerimis di Kota Kembang',
      book_author: 'Euis Nurjanah',
      book_description: 'Deskripsi.',
      avg_rating: null,
      file_ext: 'pdf',
      file_size_info: '2,5 MB',
      file_size: 2_621_440,
      using_drm: true,
      // The library the caller may borrow from has 3; the private one's 2 are not added to them.
      all_qty: 3,
      available_qty: 3,
      queue_count: 0,
      active_borrow_count: 0,
      all_user_borrow_count: 0,
      publish_date: '2019-01-01',
      book_isbn: '9786020000000',
      category_id: cat.categories.fiksi,
      category_name: 'Fiksi',
      catalog_info: { organization_name: 'Penerbit Uji' },
      user_rating: null,
      has_borrow: false,
      has_borrow_before: false,
      epustaka: {
        id: cat.publicId,
        has_join: true,
        member_status: 1,
        epustaka_name: 'Perpustakaan Umum Uji',
        epustaka_logo: null,
        epustaka_isprivate: false,
        available_qty: 3,
      },
    });
    expect(d.related_books.map((b: { id: string }) => b.id).sort()).toEqual([cat.books.novel2021, cat.books.privateOnly].sort());
    expect(d).not.toHaveProperty('borrow_key');
    const holdings = d.holdings.map((h: { id: string; total_qty: number; available_qty: number; has_join: boolean; member_status: number | null }) => [h.id, h.total_qty, h.available_qty, h.has_join, h.member_status]);
    expect(holdings.sort()).toEqual([[cat.publicId, 3, 3, true, 1], [cat.privateId, 2, 2, false, null]].sort());
  });

  test('with epustaka_id counts that holding only and shows the caller’s standing there', async () => {
    const res = await get(`/webhook/book-detail?book_id=${cat.books.novel2019}&epustaka_id=${cat.privateId}`);
    expect(res.body.data).toMatchObject({ all_qty: 2, available_qty: 2 });
    expect(res.body.data.epustaka).toMatchObject({ id: cat.privateId, has_join: false, member_status: null, epustaka_isprivate: true });
  });

  test('an unknown book, or an ePustaka not holding it, is 404 book_not_found', async () => {
    const missing = await get('/webhook/book-detail?book_id=0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('book_not_found');
    const wrongHolding = await get(`/webhook/book-detail?book_id=${cat.books.novel2021}&epustaka_id=${cat.privateId}`);
    expect(wrongHolding.status).toBe(404);
    const malformed = await get('/webhook/book-detail?book_id=1%20OR%201=1');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].code).toBe('invalid_book_id');
  });
});

describe('webhook/public-book-detail and public-book-sitemap', () => {
  test('public detail needs no token and carries no user data', async () => {
    const res = await get(`/webhook/public-book-detail?book_id=${cat.books.novel2019}`, null);
    expect(res.status).toBe(200);
    // The public library's 3 copies; the private library's 2 are not visitors' to see.
    expect(res.body.data).toMatchObject({ book_title: 'Gerimis di Kota Kembang', file_size_info: '2,5 MB', all_qty: 3 });
    for (const key of ['epustaka', 'user_rating', 'has_borrow', 'has_borrow_before', 'related_books']) expect(res.body.data).not.toHaveProperty(key);
  });

  test('a book only a private ePustaka holds is not public', async () => {
    const res = await get(`/webhook/public-book-detail?book_id=${cat.books.privateOnly}`, null);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('book_not_found');
  });

  test('the sitemap lists public books with updated_at, paged', async () => {
    const res = await get('/webhook/public-book-sitemap?limit=2', null);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 4, limit: 2, offset: 0 });
    expect(res.body.data[0]).toEqual({ id: cat.books.novel2019, updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const all = await get('/webhook/public-book-sitemap', null);
    expect(all.body.data.map((b: { id: string }) => b.id)).not.toContain(cat.books.privateOnly);
  });
});

describe('file sizes', () => {
  test('are shown the Indonesian way', async () => {
    const small = await createBook(ctx, { fileSize: 900, holdings: [{ epustakaId: cat.publicId, copies: 1 }] });
    const res = await get(`/webhook/public-book-detail?book_id=${small}`, null);
    expect(res.body.data.file_size_info).toBe('900 B');
    await ctx.db.query('DELETE FROM books WHERE id = $1', [small]);
  });
});

describe('webhook/book-detail reads settled loans', () => {
  test('a loan past its due time is settled before the page is read: the copy is back and the reader no longer has it', async () => {
    const bookId = await createBook(ctx, { title: 'Jatuh Tempo', holdings: [{ epustakaId: cat.publicId, copies: 1 }] });
    const waiting = await createCaller(ctx, { name: 'Menunggu' });
    await addMember(ctx, cat.publicId, waiting.id, 1);
    const loan = await ctx.request('POST', '/webhook/borrow', { token: reader.token, body: { user_id: reader.id, book_id: bookId, epustaka_id: cat.publicId } });
    expect(loan.status).toBe(201);
    const queued = await ctx.request('POST', '/webhook/book-queue', { token: waiting.token, body: { book_id: bookId, epustaka_id: cat.publicId } });
    expect(queued.status).toBeLessThan(300);
    const during = (await get(`/webhook/book-detail?book_id=${bookId}`)).body.data;
    expect(during).toMatchObject({ available_qty: 0, active_borrow_count: 1, has_borrow: true, queue_count: 1 });
    expect((await get(`/webhook/book-detail?book_id=${bookId}`, waiting.token)).body.data).toMatchObject({ queue_position: 1, queue_offer: null });

    ctx.setNow(new Date(Date.now() + 60 * 24 * 3600_000));
    try {
      const after = (await get(`/webhook/book-detail?book_id=${bookId}`)).body.data;
      expect(after).toMatchObject({ active_borrow_count: 0, has_borrow: false, has_borrow_before: true });
      const { rows } = await ctx.db.query<{ returned_at: string | null }>('SELECT returned_at FROM borrows WHERE id = $1', [loan.body.data.id]);
      expect(rows[0]!.returned_at).not.toBeNull();
      // The copy went to the one waiting, and their page shows it held for them.
      const theirs = (await get(`/webhook/book-detail?book_id=${bookId}`, waiting.token)).body.data;
      expect(theirs.queue_offer).toMatchObject({ epustaka_id: cat.publicId });
      expect(theirs.queue_position).toBe(1);
    } finally {
      ctx.setNow(null);
    }
  });
});
