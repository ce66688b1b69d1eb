import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createCallers, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // A reader here borrows a dozen books to fill two pages of their timeline.
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Linimasa', maxLoans: 20 });
});
afterAll(() => ctx.close());

async function member(name?: string): Promise<Caller> {
  const caller = await createCaller(ctx, { name });
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

async function follow(fan: Caller, star: Caller) {
  const res = await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: star.id } });
  expect(res.status).toBe(201);
}

async function borrowBook(caller: Caller, title: string): Promise<string> {
  const bookId = await createBook(ctx, { title, holdings: [{ epustakaId, copies: 3 }] });
  const res = await ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId } });
  expect(res.status).toBeLessThan(300);
  return bookId;
}

function timeline(caller: Caller, query = '') {
  return ctx.request('GET', `/webhook/feeds${query}`, { token: caller.token });
}

function like(caller: Caller, feedId: string, method: 'POST' | 'DELETE' = 'POST') {
  return ctx.request(method, '/webhook/like', { token: caller.token, body: { object_type: 'FEED', object_id: feedId, sender_type: 'USER', sender_id: caller.id } });
}

describe('feed visibility', () => {
  test('a follower sees a borrow, a stranger does not, and a recommendation target does', async () => {
    const reader = await member('Sekar Ayu');
    const fan = await createCaller(ctx);
    const stranger = await createCaller(ctx);
    await follow(fan, reader);
    const bookId = await borrowBook(reader, 'Negeri 5 Menara');

    const seen = await timeline(fan);
    expect(seen.status).toBe(200);
    expect(seen.body.meta).toMatchObject({ total: 1, limit: 10, offset: 0 });
    const item = seen.body.data[0];
    expect(item).toMatchObject({
      feed_type: 'BOOK_BORROW',
      sender_type: 'USER',
      sender: { id: reader.id, name: 'Sekar Ayu' },
      book: { id: bookId, book_title: 'Negeri 5 Menara' },
      total_like: 0,
      total_comment: 0,
      has_like: false,
      is_mine: false,
    });
    expect((await timeline(reader)).body.data.map((f: { id: string }) => f.id)).toEqual([item.id]);
    expect((await timeline(reader)).body.data[0].is_mine).toBe(true);
    expect((await timeline(stranger)).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await timeline(stranger, `?user_id=${reader.id}`)).body.meta.total).toBe(0);
    expect((await timeline(fan, `?user_id=${reader.id}`)).body.meta.total).toBe(1);
    const hidden = await ctx.request('GET', `/webhook/feed-detail?id=${item.id}`, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0].code).toBe('feed_not_found');
    expect((await like(stranger, item.id)).status).toBe(404);

    const rec = await ctx.request('POST', '/webhook/feed', {
      token: reader.token,
      body: { feed_type: 'BOOK_RECOMMENDATION', object_type: 'BOOK', object_id: bookId, feed_message: 'Bagus sekali', recommendation_target: [{ id: stranger.id }] },
    });
    expect(rec.status).toBe(201);
    const targeted = await timeline(stranger);
    expect(targeted.body.data).toEqual([
      expect.objectContaining({ id: rec.body.data.id, feed_type: 'BOOK_RECOMMENDATION', message: 'Bagus sekali', recommendation_target: [{ id: stranger.id, name: expect.any(String) }] }),
    ]);
    expect((await ctx.request('GET', `/webhook/feed-detail?id=${rec.body.data.id}`, { token: stranger.token })).status).toBe(200);
    // The follower sees the recommendation too, newest first.
    expect((await timeline(fan)).body.data.map((f: { feed_type: string }) => f.feed_type)).toEqual(['BOOK_RECOMMENDATION', 'BOOK_BORROW']);
  });

  test('a review adds its item with the borrow; the item goes with the review', async () => {
    const reader = await member();
    const fan = await createCaller(ctx);
    await follow(fan, reader);
    const bookId = await borrowBook(reader, 'Ayat-Ayat Cinta');
    const review = await ctx.request('POST', '/webhook/book-rating', { token: reader.token, body: { book_id: bookId, rating_level: 4, rating_comment: 'Menyentuh <b>hati</b>' } });
    expect(review.status).toBe(201);
    const page = await timeline(fan);
    expect(page.body.data[0]).toMatchObject({
      feed_type: 'BOOK_REVIEW',
      review: { id: review.body.data.id, rating_level: 4, rating_comment: 'Menyentuh <b>hati</b>', book: { id: bookId, book_title: 'Ayat-Ayat Cinta' } },
    });
    const again = await ctx.request('POST', '/webhook/book-rating', { token: reader.token, body: { book_id: bookId, rating_level: 5, rating_comment: 'Lagi' } });
    expect(again.status).toBe(409);
    expect((await timeline(fan)).body.meta.total).toBe(2);
    await ctx.request('DELETE', '/webhook/book-rating', { token: reader.token, body: { rating_id: review.body.data.id } });
    expect((await timeline(fan)).body.data.map((f: { feed_type: string }) => f.feed_type)).toEqual(['BOOK_BORROW']);
  });

  test('pages of 10 with an offset', async () => {
    const reader = await member();
    for (let i = 0; i < 12; i += 1) await borrowBook(reader, `Buku Halaman ${i}`);
    const first = await timeline(reader);
    const second = await timeline(reader, '?offset=10');
    expect(first.body.data).toHaveLength(10);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta.total).toBe(12);
    expect(first.body.data[0].book.book_title).toBe('Buku Halaman 11');
    expect((await timeline(reader, '?user_id=0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b')).status).toBe(404);
  });
});

describe('likes', () => {
  test('like and unlike toggle; liking twice counts once; the owner is told once per liker', async () => {
    const reader = await member();
    const fan = await createCaller(ctx, { name: 'Dimas Suka' });
    await follow(fan, reader);
    await borrowBook(reader, 'Pulang');
    const feedId = (await timeline(fan)).body.data[0].id;
    expect((await like(fan, feedId)).body.data).toEqual({ object_type: 'FEED', object_id: feedId, has_like: true, total_like: 1 });
    expect((await like(fan, feedId)).body.data.total_like).toBe(1);
    expect((await like(reader, feedId)).body.data.total_like).toBe(2);
    expect((await like(fan, feedId, 'DELETE')).body.data).toMatchObject({ has_like: false, total_like: 1 });
    expect((await like(fan, feedId, 'DELETE')).body.data).toMatchObject({ has_like: false, total_like: 1 });
    await like(fan, feedId);
    expect((await timeline(fan)).body.data[0]).toMatchObject({ has_like: true, total_like: 2 });

    const notes = await ctx.request('GET', '/webhook/notifications', { token: reader.token });
    expect(notes.body.data.filter((n: { event: string }) => n.event === 'like')).toEqual([
      expect.objectContaining({ type: 'FEED', event: 'like', params: { name: 'Dimas Suka' }, link: `/timeline/detail/${feedId}` }),
    ]);
    const bad = await ctx.request('POST', '/webhook/like', { token: fan.token, body: { object_type: 'BOOK', object_id: feedId } });
    expect(bad.status).toBe(400);
  });

  test('100 concurrent like and unlike calls leave a count equal to the likes kept', async () => {
    const reader = await member();
    await borrowBook(reader, 'Perahu Kertas');
    const feedId = (await timeline(reader)).body.data[0].id;
    const fans = await createCallers(ctx, 100, 'Penyuka');
    await ctx.db.query('INSERT INTO follows (follower_id, followed_id) SELECT unnest($1::uuid[]), $2', [fans.map((f) => f.id), reader.id]);

    await Promise.all(fans.map((fan) => like(fan, feedId)));
    expect((await timeline(reader)).body.data[0].total_like).toBe(100);

    // Even ones take theirs back while odd ones like again, all at once.
    const results = await Promise.all(fans.map((fan, i) => like(fan, feedId, i % 2 === 0 ? 'DELETE' : 'POST')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM likes WHERE object_type = 'FEED' AND object_id = $1`, [feedId]);
    expect(rows[0]!.n).toBe(50);
    expect((await timeline(reader)).body.data[0]).toMatchObject({ total_like: 50, has_like: false });

    // One user racing against themselves ends liked or not, and the count agrees.
    const solo = fans[0]!;
    await Promise.all(Array.from({ length: 100 }, (_, i) => like(solo, feedId, i % 2 === 0 ? 'POST' : 'DELETE')));
    const after = (await timeline(solo, `?user_id=${reader.id}`)).body.data[0];
    expect(after.total_like).toBe(50 + (after.has_like ? 1 : 0));
    const notes = await ctx.request('GET', '/webhook/notifications?limit=500', { token: reader.token });
    expect(notes.body.meta.total).toBe(100);
  });
});
