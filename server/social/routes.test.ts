import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function followUser(caller: Caller, userId: string) {
  return ctx.request('POST', '/webhook/user-follow', { token: caller.token, body: { user_id: userId } });
}

describe('webhook/user-follow', () => {
  test('follows and unfollows; following again answers the same follow', async () => {
    const sekar = await createCaller(ctx);
    const bagus = await createCaller(ctx);
    const res = await followUser(sekar, bagus.id);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(String), user_id: bagus.id, followed: true });
    const again = await followUser(sekar, bagus.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);

    const foreign = await ctx.request('DELETE', '/webhook/user-follow', { token: bagus.token, body: { id: res.body.data.id } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_your_follow');
    const off = await ctx.request('DELETE', '/webhook/user-follow', { token: sekar.token, body: { id: res.body.data.id } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ id: res.body.data.id, user_id: bagus.id, followed: false });
    const gone = await ctx.request('DELETE', '/webhook/user-follow', { token: sekar.token, body: { id: res.body.data.id } });
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].code).toBe('follow_not_found');
  });

  test('following oneself is 400; an unknown user 404', async () => {
    const sekar = await createCaller(ctx);
    const self = await followUser(sekar, sekar.id);
    expect(self.status).toBe(400);
    expect(self.body.errors[0].code).toBe('cannot_follow_self');
    const unknown = await followUser(sekar, '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('user_not_found');
  });
});

describe('webhook/follower', () => {
  test('lists followers 10 at a time with name search and follow-back flags', async () => {
    const star = await createCaller(ctx, { name: 'Ratna Wulandari' });
    const fans: Caller[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const fan = await createCaller(ctx, { name: i === 3 ? 'Dimas Saputra' : `Penggemar ${i}` });
      await followUser(fan, star.id);
      fans.push(fan);
    }
    const back = await followUser(star, fans[2]!.id);
    const page = await ctx.request('GET', '/webhook/follower', { token: star.token });
    expect(page.body.meta).toEqual({ total: 12, limit: 10, offset: 0 });
    const dimas = await ctx.request('GET', `/webhook/follower?user_id=${star.id}&q=dimas`, { token: star.token });
    expect(dimas.body.data).toEqual([{ id: fans[2]!.id, name: 'Dimas Saputra', avatar_url: null, bio: null, followed: true, follow_id: back.body.data.id }]);
    const viaFilter = await ctx.request('GET', `/webhook/follower?user_id=${star.id}&filter=${encodeURIComponent('{"u.name":{"ilike":"penggemar"}}')}`, { token: fans[0]!.token });
    expect(viaFilter.body.meta.total).toBe(11);
    expect(viaFilter.body.data.every((f: { followed: boolean }) => f.followed === false)).toBe(true);
    const badFilter = await ctx.request('GET', `/webhook/follower?filter=${encodeURIComponent('{"email":"x"}')}`, { token: star.token });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.errors[0].code).toBe('invalid_filter');
  });
});

describe('webhook/feed', () => {
  test('recommends a book to friends: one feed item and its targets', async () => {
    const epustakaId = await createEpustaka(ctx);
    const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const sender = await createCaller(ctx);
    const a = await createCaller(ctx, { name: 'Teman A' });
    const b = await createCaller(ctx, { name: 'Teman B' });
    const res = await ctx.request('POST', '/webhook/feed', {
      token: sender.token,
      body: {
        feed_type: 'BOOK_RECOMMENDATION',
        object_id: bookId,
        object_type: 'BOOK',
        feed_message: 'Baca ini!',
        recommendation_target: [{ id: a.id, name: 'Teman A' }, { id: b.id, name: 'Teman B' }, { id: a.id, name: 'Teman A' }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Rekomendasi berhasil terkirim.');
    const feed = await ctx.db.query<{ feed_type: string; sender_id: string; object_id: string; message: string }>('SELECT feed_type, sender_id, object_id, message FROM feeds WHERE id = $1', [res.body.data.id]);
    expect(feed.rows[0]).toEqual({ feed_type: 'BOOK_RECOMMENDATION', sender_id: sender.id, object_id: bookId, message: 'Baca ini!' });
    const targets = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM feed_targets WHERE feed_id = $1 ORDER BY user_id', [res.body.data.id]);
    expect(targets.rows.map((t) => t.user_id)).toEqual([a.id, b.id].sort());
  });

  test('refuses recommending to oneself, other feed types, no targets and unknown books', async () => {
    const epustakaId = await createEpustaka(ctx);
    const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const sender = await createCaller(ctx);
    const friend = await createCaller(ctx);
    const base = { feed_type: 'BOOK_RECOMMENDATION', object_id: bookId, object_type: 'BOOK', feed_message: '', recommendation_target: [{ id: friend.id, name: 'x' }] };
    const send = (body: Record<string, unknown>) => ctx.request('POST', '/webhook/feed', { token: sender.token, body: { ...base, ...body } });
    expect((await send({ recommendation_target: [{ id: sender.id, name: 'me' }] })).body.errors[0].code).toBe('cannot_recommend_to_self');
    expect((await send({ feed_type: 'VISUAL_POST' })).body.errors[0].code).toBe('invalid_feed_type');
    expect((await send({ recommendation_target: [] })).body.errors[0].code).toBe('recommendation_target_required');
    const unknown = await send({ object_id: '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('book_not_found');
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feeds WHERE sender_id = $1', [sender.id]);
    expect(rows[0]!.n).toBe(0);
  });
});
