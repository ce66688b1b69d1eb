import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReaderTestContext, type ReaderTestContext } from '../reader/testing.ts';

let ctx: ReaderTestContext;
let token: string;
let readerId: string;
let drmBook: string;
let openBook: string;

beforeAll(async () => {
  ctx = await createReaderTestContext();
  const reader = await ctx.createUser();
  readerId = reader.id;
  token = await ctx.signIn(reader);
  drmBook = (await ctx.ingest('sajak.epub', { title: 'Tertutup' })).book_id;
  openBook = (await ctx.ingest('sajak.epub', { drm: false, title: 'Terbuka' })).book_id;
});
afterAll(() => ctx.close());

describe('webhook/offline-book', () => {
  test('lists every file the EPUB reader fetches, each served at that address with that size', async () => {
    const res = await ctx.request('GET', `/webhook/offline-book?book_id=${openBook}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const book = res.body.data;
    expect(book).toMatchObject({
      book_id: openBook,
      book_title: 'Terbuka',
      file_ext: 'epub',
      reader_url: `/read-book-epub?book=${openBook}`,
      navigation_url: `/webhook/book-navigation?book_id=${openBook}`,
    });
    const urls = book.files.map((f: { url: string }) => f.url);
    expect(urls).toContain(`/storage/books/${openBook}/epub/EPUB/sajak.opf`);
    expect(urls).toContain(`/storage/books/${openBook}/epub/EPUB/sajak-content.xhtml`);
    let total = 0;
    for (const file of book.files as { url: string; size: number }[]) {
      const answer = await ctx.raw('GET', file.url, { token });
      expect(answer.status, file.url).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, file.url).toBe(file.size);
      total += file.size;
    }
    expect(book.total_bytes).toBe(total);
  });

  test('refuses a DRM book, even to its borrower', async () => {
    await ctx.lend(readerId, drmBook);
    const res = await ctx.request('GET', `/webhook/offline-book?book_id=${drmBook}`, { token });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('drm_not_offline');
  });

  test('needs a signed-in caller and a known book', async () => {
    expect((await ctx.request('GET', `/webhook/offline-book?book_id=${openBook}`)).status).toBe(401);
    const unknown = await ctx.request('GET', '/webhook/offline-book?book_id=00000000-0000-4000-8000-000000000000', { token });
    expect(unknown.status).toBe(404);
    expect((await ctx.request('GET', '/webhook/offline-book?book_id=nope', { token })).status).toBe(400);
  });
});

describe('webhook/offline-book in a private ePustaka', () => {
  test('follows the one access rule: refused to a pending member and a stranger, given to an active member', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      "INSERT INTO epustaka (organization_id, epustaka_name, epustaka_isprivate) VALUES ($1, 'Pustaka Tertutup', true) RETURNING id",
      [ctx.config.organizationId],
    );
    const privateId = rows[0]!.id;
    const pdf = (await ctx.ingest('panduan-bersampul.pdf', { epustaka: privateId, drm: false })).book_id;
    const person = async (status: number | null) => {
      const user = await ctx.createUser();
      if (status !== null) await ctx.db.query('INSERT INTO epustaka_members (epustaka_id, user_id, member_status) VALUES ($1, $2, $3)', [privateId, user.id, status]);
      return ctx.signIn(user);
    };
    for (const who of [await person(0), await person(null)]) {
      const refused = await ctx.request('GET', `/webhook/offline-book?book_id=${pdf}`, { token: who });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].code).toBe('not_a_member');
    }
    const given = await ctx.request('GET', `/webhook/offline-book?book_id=${pdf}`, { token: await person(1) });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ file_ext: 'pdf', reader_url: `/read-book?book=${pdf}`, cover_url: `/storage/books/${pdf}/cover` });
    expect(given.body.data.files[0]).toEqual({ url: `/storage/books/${pdf}/book.pdf`, size: expect.any(Number) });
    expect(given.body.data.files[0].size).toBeGreaterThan(100_000);
  });
});
