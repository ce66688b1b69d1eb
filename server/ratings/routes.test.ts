import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  epustakaId = await createEpustaka(ctx);
});
afterAll(() => ctx.close());

/** A member who has borrowed (and returned) the book. */
async function pastReader(bookId: string, name?: string): Promise<Caller> {
  const caller = await createCaller(ctx, { name });
  await addMember(ctx, epustakaId, caller.id, 1);
  const loan = await ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId } });
  expect(loan.body.code).toBe('SUCCESS');
  await ctx.request('PUT', '/webhook/book-return', { token: caller.token, body: { borrow_book_id: loan.body.data.id } });
  return caller;
}

function openBook() {
  return createBook(ctx, { usingDrm: false, holdings: [{ epustakaId, copies: 0 }] });
}

function post(caller: Caller, body: Record<string, unknown>) {
  return ctx.request('POST', '/webhook/book-rating', { token: caller.token, body });
}

function list(caller: Caller, bookId: string) {
  return ctx.request('GET', `/webhook/book-rating?book_id=${bookId}`, { token: caller.token });
}

describe('POST webhook/book-rating', () => {
  test('a past borrower reviews once; a second review is 409 already_rated', async () => {
    const bookId = await openBook();
    const reader = await pastReader(bookId, 'Sekar');
    const res = await post(reader, { book_id: bookId, rating_level: 4.5, rating_comment: 'Bagus sekali.' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      book_id: bookId,
      parent_id: null,
      sender: { id: reader.id, name: 'Sekar', avatar_url: null },
      rating_level: 4.5,
      rating_comment: 'Bagus sekali.',
      reply_count: 0,
      has_deleted: false,
      has_report: false,
      has_rate: true,
    });
    const again = await post(reader, { book_id: bookId, rating_level: 3, rating_comment: 'Lagi.' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_rated');
    const detail = await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: reader.token });
    expect(detail.body.data.user_rating).toEqual({ id: res.body.data.id, rating_level: 4.5, rating_comment: 'Bagus sekali.' });
  });

  test('someone who never borrowed the book may not review it (403 not_borrowed_before)', async () => {
    const bookId = await openBook();
    const stranger = await createCaller(ctx);
    const res = await post(stranger, { book_id: bookId, rating_level: 5, rating_comment: 'Belum baca.' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('not_borrowed_before');
  });

  test.each([
    [{ rating_level: 4.3, rating_comment: 'x' }, 'invalid_rating_level'],
    [{ rating_level: 0, rating_comment: 'x' }, 'invalid_rating_level'],
    [{ rating_level: 5.5, rating_comment: 'x' }, 'invalid_rating_level'],
    [{ rating_level: '4', rating_comment: 'x' }, 'invalid_rating_level'],
    [{ rating_comment: 'x' }, 'rating_level_required'],
    [{ rating_level: 4 }, 'rating_comment_required'],
    [{ rating_level: 4, rating_comment: '   ' }, 'rating_comment_required'],
  ])('%j is a 400 %s', async (body, code) => {
    const bookId = await openBook();
    const reader = await pastReader(bookId);
    const res = await post(reader, { book_id: bookId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(code);
  });

  test('every half step from 0.5 to 5 is accepted', async () => {
    const bookId = await openBook();
    for (const level of [0.5, 1, 2.5, 5]) {
      const reader = await pastReader(bookId);
      const res = await post(reader, { book_id: bookId, rating_level: level, rating_comment: `Nilai ${level}` });
      expect(res.status).toBe(201);
      expect(res.body.data.rating_level).toBe(level);
    }
  });

  test('anyone signed in may reply; replies carry no rating and are listed in the detail, 10 at a time', async () => {
    const bookId = await openBook();
    const author = await pastReader(bookId);
    const review = (await post(author, { book_id: bookId, rating_level: 4, rating_comment: 'Ulasan.' })).body.data;
    const replier = await createCaller(ctx);
    for (let i = 1; i <= 12; i += 1) {
      const res = await post(replier, { book_id: bookId, parent_id: review.id, rating_level: 5, rating_comment: `Balasan ${i}` });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ parent_id: review.id, rating_level: null, has_rate: false });
    }
    const emptyReply = await post(replier, { book_id: bookId, parent_id: review.id, rating_comment: '' });
    expect(emptyReply.body.errors[0].code).toBe('rating_comment_required');
    const detail = await ctx.request('GET', `/webhook/book-rating-detail?rating_id=${review.id}`, { token: replier.token });
    expect(detail.status).toBe(200);
    expect(detail.body.meta).toEqual({ total: 12, limit: 10, offset: 0 });
    expect(detail.body.data.id).toBe(review.id);
    expect(detail.body.data.reply_count).toBe(12);
    expect(detail.body.data.reply.map((r: { rating_comment: string }) => r.rating_comment)).toEqual(Array.from({ length: 10 }, (_, i) => `Balasan ${i + 1}`));
    const more = await ctx.request('GET', `/webhook/book-rating-detail?rating_id=${review.id}&limit=10&offset=10`, { token: replier.token });
    expect(more.body.data.reply).toHaveLength(2);
    // Replies go to reviews only.
    const nested = await post(replier, { book_id: bookId, parent_id: detail.body.data.reply[0].id, rating_comment: 'Dalam.' });
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].code).toBe('invalid_parent');
  });
});

describe('PUT and DELETE webhook/book-rating', () => {
  test('only the author edits; the level stays unless given; updated_at moves', async () => {
    const bookId = await openBook();
    const author = await pastReader(bookId);
    const other = await createCaller(ctx);
    const review = (await post(author, { book_id: bookId, rating_level: 3, rating_comment: 'Awal.' })).body.data;
    const foreign = await ctx.request('PUT', '/webhook/book-rating', { token: other.token, body: { rating_id: review.id, rating_comment: 'Bukan milikku.' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_owner');
    ctx.setNow(new Date(Date.now() + 60_000));
    try {
      const edited = await ctx.request('PUT', '/webhook/book-rating', { token: author.token, body: { rating_id: review.id, rating_comment: 'Diubah.' } });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ rating_level: 3, rating_comment: 'Diubah.' });
      expect(edited.body.data.updated_at).not.toBe(edited.body.data.created_at);
      const leveled = await ctx.request('PUT', '/webhook/book-rating', { token: author.token, body: { rating_id: review.id, rating_level: 1.5, rating_comment: 'Lagi.' } });
      expect(leveled.body.data.rating_level).toBe(1.5);
      const badLevel = await ctx.request('PUT', '/webhook/book-rating', { token: author.token, body: { rating_id: review.id, rating_level: 2.25, rating_comment: 'x' } });
      expect(badLevel.body.errors[0].code).toBe('invalid_rating_level');
    } finally {
      ctx.setNow(null);
    }
  });

  test('only the author deletes; the review stays listed with its text hidden, and may be written anew', async () => {
    const bookId = await openBook();
    const author = await pastReader(bookId);
    const other = await createCaller(ctx);
    const review = (await post(author, { book_id: bookId, rating_level: 2, rating_comment: 'Hapus aku.' })).body.data;
    const foreign = await ctx.request('DELETE', '/webhook/book-rating', { token: other.token, body: { rating_id: review.id } });
    expect(foreign.status).toBe(403);
    const res = await ctx.request('DELETE', '/webhook/book-rating', { token: author.token, body: { rating_id: review.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ulasan terhapus.');
    const listed = await list(other, bookId);
    expect(listed.body.data[0]).toMatchObject({ id: review.id, has_deleted: true, rating_comment: null, rating_level: null });
    expect(listed.body.meta).toMatchObject({ total: 1, review_count: 0, avg_rating: null });
    const edit = await ctx.request('PUT', '/webhook/book-rating', { token: author.token, body: { rating_id: review.id, rating_comment: 'Hidup lagi?' } });
    expect(edit.status).toBe(409);
    expect(edit.body.errors[0].code).toBe('rating_deleted');
    const anew = await post(author, { book_id: bookId, rating_level: 4, rating_comment: 'Baru.' });
    expect(anew.status).toBe(201);
  });
});

describe('PUT webhook/book-rating-report', () => {
  test('reports with one of the four reasons; twice is 409 already_reported; own is 403', async () => {
    const bookId = await openBook();
    const author = await pastReader(bookId);
    const reporter = await createCaller(ctx);
    const review = (await post(author, { book_id: bookId, rating_level: 1, rating_comment: 'Iklan murah!' })).body.data;
    const res = await ctx.request('PUT', '/webhook/book-rating-report', { token: reporter.token, body: { rating_id: review.id, reason: 'spam' } });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Your report has been sent');
    const twice = await ctx.request('PUT', '/webhook/book-rating-report', { token: reporter.token, body: { rating_id: review.id, reason: 'harassment' } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('already_reported');
    const own = await ctx.request('PUT', '/webhook/book-rating-report', { token: author.token, body: { rating_id: review.id, reason: 'spam' } });
    expect(own.status).toBe(403);
    expect(own.body.errors[0].code).toBe('cannot_report_own');
    const badReason = await ctx.request('PUT', '/webhook/book-rating-report', { token: reporter.token, body: { rating_id: review.id, reason: 'boring' } });
    expect(badReason.status).toBe(400);
    expect(badReason.body.errors[0].code).toBe('invalid_reason');
    for (const reason of ['sexual_content', 'hate_or_violence', 'spam', 'harassment']) {
      const someone = await createCaller(ctx);
      const ok = await ctx.request('PUT', '/webhook/book-rating-report', { token: someone.token, body: { rating_id: review.id, reason } });
      expect(ok.status).toBe(200);
    }
  });
});

describe('GET webhook/book-rating', () => {
  test('lists reviews newest first; counts leave out deleted ones and those the caller reported', async () => {
    const bookId = await openBook();
    const [a, b, c] = [await pastReader(bookId, 'A'), await pastReader(bookId, 'B'), await pastReader(bookId, 'C')];
    const viewer = await createCaller(ctx);
    const ra = (await post(a, { book_id: bookId, rating_level: 5, rating_comment: 'A' })).body.data;
    const rb = (await post(b, { book_id: bookId, rating_level: 4, rating_comment: 'B' })).body.data;
    const rc = (await post(c, { book_id: bookId, rating_level: 2, rating_comment: 'C' })).body.data;
    await post(viewer, { book_id: bookId, parent_id: ra.id, rating_comment: 'Setuju.' });
    await ctx.request('PUT', '/webhook/book-rating-report', { token: viewer.token, body: { rating_id: rb.id, reason: 'spam' } });
    await ctx.request('DELETE', '/webhook/book-rating', { token: c.token, body: { rating_id: rc.id } });

    const res = await list(viewer, bookId);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([rc.id, rb.id, ra.id]);
    expect(res.body.meta).toEqual({ total: 3, limit: 99999, offset: 0, review_count: 1, avg_rating: 4.5 });
    const byId = Object.fromEntries(res.body.data.map((r: { id: string }) => [r.id, r]));
    expect(byId[ra.id]).toMatchObject({ reply_count: 1, has_report: false, has_deleted: false });
    expect(byId[rb.id]).toMatchObject({ has_report: true });
    expect(byId[rc.id]).toMatchObject({ has_deleted: true, rating_comment: null });
    // Someone who reported nothing counts the reported review.
    const other = await list(a, bookId);
    expect(other.body.meta.review_count).toBe(2);
    const detail = await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: viewer.token });
    expect(detail.body.data).toMatchObject({ avg_rating: 4.5, review_count: 1, rating_count: 2 });
  });

  test('an unknown book is 404; a huge limit is a coded 400', async () => {
    const viewer = await createCaller(ctx);
    const missing = await ctx.request('GET', '/webhook/book-rating?book_id=0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b', { token: viewer.token });
    expect(missing.status).toBe(404);
    const bookId = await openBook();
    const huge = await ctx.request('GET', `/webhook/book-rating?book_id=${bookId}&limit=100000`, { token: viewer.token });
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0].code).toBe('invalid_limit');
  });
});
