import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReaderTestContext, type ReaderTestContext } from './testing.ts';

let ctx: ReaderTestContext;
let reader: { id: string; email: string; password: string };
let token: string;
let drmBook: string;
let openBook: string;

beforeAll(async () => {
  ctx = await createReaderTestContext();
  reader = await ctx.createUser();
  token = await ctx.signIn(reader);
  drmBook = (await ctx.ingest('panduan-bersampul.pdf', { title: 'Panduan Membaca' })).book_id;
  openBook = (await ctx.ingest('sajak.epub', { drm: false })).book_id;
});
afterAll(() => ctx.close());

describe('webhook/open-book', () => {
  test('refuses a DRM book without a loan and opens it with one', async () => {
    expect((await ctx.request('GET', `/webhook/open-book?book_id=${drmBook}`, { token })).status).toBe(403);
    const { borrowKey } = await ctx.lend(reader.id, drmBook);
    const res = await ctx.request('GET', `/webhook/open-book?book_id=${drmBook}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bookId: drmBook,
      bookTitle: 'Panduan Membaca',
      borrow_key: borrowKey,
      epustakaId: ctx.epustakaId,
      isDrm: true,
      pages: 10,
      lastpage: 1,
      features: { bookmark: true, readingProgress: true, readingDuration: true, bookCitation: false },
    });
    expect(res.body.data.stream.boot_chunks.length).toBeGreaterThan(0);
  });

  test('opens an open book without a loan, with its EPUB facts and no key', async () => {
    const res = await ctx.request('GET', `/webhook/open-book?book_id=${openBook}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isDrm: false, borrow_key: null, file_ext: 'epub', url_file: `/storage/books/${openBook}/epub/` });
    expect(res.body.data.epub).toMatchObject({ package_path: 'EPUB/sajak.opf', layout: 'reflowable', direction: 'ltr', start_href: 'sajak-content.xhtml' });
    // What the first chapter shows is fetched ahead; epub.js's own navigation file is not needed.
    expect(res.body.data.epub.start_assets).toContain('sajak.css');
    expect(res.body.data.epub).toMatchObject({ nav_href: 'sajak-nav.xhtml', nav_kind: 'nav' });
    expect(res.body.data.stream.key_salt).toBeNull();
  });

  test('answers 404 for a book without a file', async () => {
    const { rows } = await ctx.db.query<{ id: string }>("INSERT INTO books (organization_id, catalog_title) VALUES ($1, 'Tanpa Berkas') RETURNING id", [ctx.config.organizationId]);
    expect((await ctx.request('GET', `/webhook/open-book?book_id=${rows[0]!.id}`, { token })).status).toBe(404);
  });
});

describe('webhook/book-navigation', () => {
  test('lists a PDF outline with pages and an EPUB table of contents with locations', async () => {
    const pdf = await ctx.request('GET', `/webhook/book-navigation?book_id=${drmBook}`, { token });
    expect(pdf.body.data.toc[0]).toMatchObject({ title: 'SAMPUL', page: 1 });
    expect(pdf.body.data.locations).toBeNull();
    const epub = await ctx.request('GET', `/webhook/book-navigation?book_id=${openBook}`, { token });
    expect(epub.body.data.toc[1]).toMatchObject({ title: 'II. Pasar', href: 'sajak-content.xhtml#bait2' });
    expect(epub.body.data.locations).toHaveLength(1);
  });
});

describe('bookmarks', () => {
  const mark = (page: number) => ({ book_id: openBook, page, bookmark_label: `Page ${page}`, description: `Page ${page} | The Waste Land`, title: 'The Waste Land' });

  test('sync makes the list the whole set, one per page', async () => {
    let res = await ctx.request('POST', '/webhook/sync-bookmark', { token, body: { book_id: openBook, data: [mark(3), mark(7), mark(3)] } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { page: number }) => b.page)).toEqual([3, 7]);
    res = await ctx.request('POST', '/webhook/sync-bookmark', { token, body: { book_id: openBook, data: [mark(7), mark(9)] } });
    const list = await ctx.request('GET', `/webhook/bookmark-list?book_id=${openBook}&limit=9999`, { token });
    expect(list.body.data.map((b: { page: number; description: string }) => [b.page, b.description])).toEqual([
      [7, 'Page 7 | The Waste Land'],
      [9, 'Page 9 | The Waste Land'],
    ]);
    await ctx.request('POST', '/webhook/sync-bookmark', { token, body: { book_id: openBook, data: [] } });
    expect((await ctx.request('GET', `/webhook/bookmark-list?book_id=${openBook}`, { token })).body.data).toEqual([]);
  });

  test("keeps each reader's bookmarks apart", async () => {
    const someone = await ctx.createUser();
    const theirToken = await ctx.signIn(someone);
    await ctx.request('POST', '/webhook/sync-bookmark', { token: theirToken, body: { book_id: openBook, data: [mark(2)] } });
    await ctx.request('POST', '/webhook/sync-bookmark', { token, body: { book_id: openBook, data: [mark(5)] } });
    const mine = await ctx.request('GET', `/webhook/bookmark-list?book_id=${openBook}`, { token });
    expect(mine.body.data.map((b: { page: number }) => b.page)).toEqual([5]);
  });

  test('refuses a sync that mixes books', async () => {
    const res = await ctx.request('POST', '/webhook/sync-bookmark', { token, body: { data: [mark(1), { ...mark(2), book_id: drmBook }] } });
    expect(res.status).toBe(400);
  });
});

describe('reading progress and durations', () => {
  test('progress is kept per book, returned with its reading id, and shows in open-book', async () => {
    const first = await ctx.request('POST', '/webhook/book-reading-progress', { token, body: { book_id: openBook, last_page: 4, total_page: 26, platform_info: 'web', epub_read_locator: 'epubcfi(/6/2!/4/2/1:0)' } });
    expect(first.status).toBe(200);
    const second = await ctx.request('POST', '/webhook/book-reading-progress', { token, body: { book_id: openBook, last_page: 9, total_page: 26, platform_info: 'web' } });
    expect(second.body.data).toMatchObject({ reading_id: first.body.data.reading_id, last_page: 9, epub_read_locator: 'epubcfi(/6/2!/4/2/1:0)' });
    const opened = await ctx.request('GET', `/webhook/open-book?book_id=${openBook}`, { token });
    expect(opened.body.data).toMatchObject({ lastpage: 9, readingId: first.body.data.reading_id });
  });

  test('durations add up per page', async () => {
    await ctx.request('POST', '/webhook/book-reading-durations', { token, body: { book_id: openBook, page_duration: [{ page: 1, duration: 12 }, { page: 2, duration: 5 }] } });
    await ctx.request('POST', '/webhook/book-reading-durations', { token, body: { book_id: openBook, page_duration: [{ page: 1, duration: 8 }] } });
    const { rows } = await ctx.db.query<{ page: number; duration: number }>(
      'SELECT page, duration FROM reading_durations WHERE user_id = $1 AND book_id = $2 ORDER BY page',
      [reader.id, openBook],
    );
    expect(rows).toEqual([{ page: 1, duration: 20 }, { page: 2, duration: 5 }]);
  });

  test('a citation is stored up to 525 characters and refused beyond', async () => {
    const ok = await ctx.request('POST', '/webhook/book-citation', { token, body: { book_id: openBook, page: 2, text: 'x'.repeat(525), platform_info: 'web' } });
    expect(ok.status).toBe(201);
    const long = await ctx.request('POST', '/webhook/book-citation', { token, body: { book_id: openBook, page: 2, text: 'x'.repeat(526), platform_info: 'web' } });
    expect(long.status).toBe(400);
  });
});

describe('reading data after the loan ended', () => {
  test('keeps the position, bookmarks and time a device sends once the loan was returned, and refuses them for a book never borrowed', async () => {
    const other = await ctx.createUser();
    const otherToken = await ctx.signIn(other);
    const progress = { book_id: drmBook, last_page: 7, total_page: 10, platform_info: 'web' };
    expect((await ctx.request('POST', '/webhook/book-reading-progress', { token: otherToken, body: progress })).status).toBe(403);
    const loan = await ctx.lend(other.id, drmBook);
    await ctx.db.query('UPDATE borrows SET returned_at = now() WHERE borrow_key = $1', [loan.borrowKey]);
    // Reading the book is over…
    expect((await ctx.request('GET', `/webhook/open-book?book_id=${drmBook}`, { token: otherToken })).status).toBe(403);
    // …but what the device kept of it is still saved.
    const saved = await ctx.request('POST', '/webhook/book-reading-progress', { token: otherToken, body: progress });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ book_id: drmBook, last_page: 7 });
    const durations = await ctx.request('POST', '/webhook/book-reading-durations', { token: otherToken, body: { book_id: drmBook, page_duration: [{ page: 7, duration: 30 }] } });
    expect(durations.status).toBe(200);
    const citation = await ctx.request('POST', '/webhook/book-citation', { token: otherToken, body: { book_id: drmBook, page: 7, text: 'kutipan' } });
    expect(citation.status).not.toBe(201);
  });
});
