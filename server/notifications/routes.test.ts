import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { notify } from './notify.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Kabar' });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

function list(caller: Caller, query = '') {
  return ctx.request('GET', `/webhook/notifications${query}`, { token: caller.token });
}

async function events(caller: Caller): Promise<string[]> {
  const res = await list(caller);
  expect(res.status).toBe(200);
  return res.body.data.map((n: { event: string }) => n.event);
}

async function member(name?: string): Promise<Caller> {
  const caller = await createCaller(ctx, { name });
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

describe('the spec\'s notification fields', () => {
  test('each notification names its object and sender, with its title and message in the requested language', async () => {
    const ratna = await createCaller(ctx, { name: 'Ratna Wulandari' });
    const sekar = await createCaller(ctx, { name: 'Sekar Ayu' });
    const follow = await ctx.request('POST', '/webhook/user-follow', { token: sekar.token, body: { user_id: ratna.id } });
    expect(follow.status).toBeLessThan(300);
    const id = await list(ratna);
    expect(id.body.data[0]).toMatchObject({
      event: 'follow',
      object_type: 'USER',
      object_id: sekar.id,
      sender: { id: sekar.id, name: 'Sekar Ayu', avatar_url: null },
      title: 'Pengikut baru',
      message: 'Sekar Ayu mulai mengikuti Anda.',
    });
    const en = await list(ratna, '?lang=en');
    expect(en.body.data[0]).toMatchObject({ title: 'New follower', message: 'Sekar Ayu started following you.' });
    const read = await ctx.request('PUT', '/webhook/notification', { token: ratna.token, body: { notification_id: en.body.data[0].id, lang: 'en' } });
    expect(read.body.data).toMatchObject({ is_read: true, title: 'New follower', sender: { id: sekar.id } });
    const bad = await list(ratna, '?lang=fr');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_lang');
  });

  test('what a library announces has no sender; a notification stored without an object says so with nulls', async () => {
    const reader = await createCaller(ctx);
    await notify(ctx.db, { userId: reader.id, type: 'EPUSTAKA', event: 'join_approved', params: { epustaka: 'Perpustakaan Kabar' }, link: `/epustaka/${epustakaId}` });
    const res = await list(reader);
    expect(res.body.data[0]).toMatchObject({ object_type: null, object_id: null, sender: null, message: 'Permintaan Anda bergabung dengan Perpustakaan Kabar telah disetujui.' });
  });
});

describe('GET webhook/notifications and PUT webhook/notification', () => {
  test('lists newest first with the unread count; marking read is for the owner only', async () => {
    const sekar = await createCaller(ctx);
    const bagus = await createCaller(ctx);
    for (let i = 1; i <= 30; i += 1) {
      await notify(ctx.db, { userId: sekar.id, type: 'FEED', event: 'like', params: { name: `Teman ${i}` }, link: `/timeline/detail/${i}` });
    }
    const first = await list(sekar);
    expect(first.body.meta).toEqual({ total: 30, unread: 30, limit: 25, offset: 0 });
    expect(first.body.data).toHaveLength(25);
    const more = await list(sekar, '?limit=25&offset=25&max_age=100');
    expect(more.body.data).toHaveLength(5);
    const ids = [...first.body.data, ...more.body.data].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(30);

    const target = first.body.data[3];
    expect(target).toMatchObject({ type: 'FEED', event: 'like', is_read: false, link: expect.stringMatching(/^\/timeline\/detail\//) });
    const foreign = await ctx.request('PUT', '/webhook/notification', { token: bagus.token, body: { notification_id: target.id } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_your_notification');
    const read = await ctx.request('PUT', '/webhook/notification', { token: sekar.token, body: { notification_id: target.id } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: target.id, is_read: true });
    expect((await list(sekar)).body.meta.unread).toBe(29);
    const missing = await ctx.request('PUT', '/webhook/notification', { token: sekar.token, body: { notification_id: '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b' } });
    expect(missing.status).toBe(404);
    const bad = await ctx.request('PUT', '/webhook/notification', { token: sekar.token, body: { notification_id: 'x' } });
    expect(bad.status).toBe(400);
  });

  test('max_age leaves out older notifications', async () => {
    const sekar = await createCaller(ctx);
    await notify(ctx.db, { userId: sekar.id, type: 'FEED', event: 'like', link: '/timeline' });
    await ctx.db.query(`UPDATE notifications SET created_at = now() - interval '120 days' WHERE user_id = $1`, [sekar.id]);
    await notify(ctx.db, { userId: sekar.id, type: 'FEED', event: 'comment', link: '/timeline' });
    expect(await events(sekar)).toEqual(['comment']);
    expect((await list(sekar, '?max_age=200')).body.meta.total).toBe(2);
    expect((await list(sekar, '?max_age=0')).status).toBe(400);
  });

  test('needs a session', async () => {
    const res = await ctx.request('GET', '/webhook/notifications');
    expect(res.status).toBe(401);
  });
});

describe('events', () => {
  test('a follow notifies once per follower, however often they unfollow and follow again', async () => {
    const star = await createCaller(ctx, { name: 'Ratna Wulandari' });
    const fan = await createCaller(ctx, { name: 'Dimas Saputra' });
    const first = await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: star.id } });
    await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: star.id } });
    await ctx.request('DELETE', '/webhook/user-follow', { token: fan.token, body: { id: first.body.data.id } });
    await ctx.request('POST', '/webhook/user-follow', { token: fan.token, body: { user_id: star.id } });
    const res = await list(star);
    expect(res.body.data).toEqual([
      expect.objectContaining({ type: 'FEED', event: 'follow', params: { name: 'Dimas Saputra' }, link: `/profil/user/${fan.id}`, is_read: false }),
    ]);
    expect(await events(fan)).toEqual([]);
  });

  test('a recommendation notifies each target once, with the book', async () => {
    const sender = await createCaller(ctx, { name: 'Bagus Prasetyo' });
    const a = await createCaller(ctx);
    const b = await createCaller(ctx);
    const bookId = await createBook(ctx, { title: 'Laskar Pelangi' });
    const res = await ctx.request('POST', '/webhook/feed', {
      token: sender.token,
      body: { feed_type: 'BOOK_RECOMMENDATION', object_type: 'BOOK', object_id: bookId, recommendation_target: [{ id: a.id }, { id: b.id }, { id: a.id }] },
    });
    expect(res.status).toBe(201);
    for (const target of [a, b]) {
      const page = await list(target);
      expect(page.body.data).toEqual([
        expect.objectContaining({ type: 'BOOK', event: 'recommend', params: { name: 'Bagus Prasetyo', title: 'Laskar Pelangi' }, link: `/book/${bookId}` }),
      ]);
    }
    expect(await events(sender)).toEqual([]);
  });

  test('a copy held from the queue notifies the member once, with its deadline', async () => {
    const bookId = await createBook(ctx, { title: 'Bumi Manusia', holdings: [{ epustakaId, copies: 1 }] });
    const holder = await member();
    const waiting = await member();
    await ctx.request('POST', '/webhook/borrow', { token: holder.token, body: { epustaka_id: epustakaId, user_id: holder.id, book_id: bookId } });
    await ctx.request('POST', '/webhook/book-queue', { token: waiting.token, body: { book_id: bookId, epustaka_id: epustakaId } });
    const status = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${bookId}`, { token: holder.token });
    await ctx.request('PUT', '/webhook/book-return', { token: holder.token, body: { borrow_book_id: status.body.data.borrow_book_id } });
    // Reading the holding again must not notify twice.
    await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: waiting.token });
    const page = await list(waiting);
    expect(page.body.data).toEqual([
      expect.objectContaining({ type: 'BOOK', event: 'queue_offer', link: `/book/${bookId}/${epustakaId}` }),
    ]);
    const { params } = page.body.data[0];
    expect(params).toMatchObject({ title: 'Bumi Manusia', epustaka: 'Perpustakaan Kabar' });
    const hoursLeft = (new Date(params.deadline).getTime() - Date.now()) / HOUR;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  test('a loan due within a day is announced once when the notifications are read, and again after a renewal', async () => {
    const bookId = await createBook(ctx, { title: 'Ronggeng Dukuh Paruk', holdings: [{ epustakaId, copies: 2 }] });
    const reader = await member();
    const borrowed = await ctx.request('POST', '/webhook/borrow', { token: reader.token, body: { epustaka_id: epustakaId, user_id: reader.id, book_id: bookId } });
    expect(borrowed.status).toBeLessThan(300);
    expect(await events(reader)).toEqual([]);
    const status = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${bookId}`, { token: reader.token });
    const loanId = status.body.data.borrow_book_id;
    const { rows } = await ctx.db.query<{ due_at: string }>('SELECT due_at FROM borrows WHERE id = $1', [loanId]);
    const due = new Date(rows[0]!.due_at);
    try {
      ctx.setNow(new Date(due.getTime() - 20 * HOUR));
      expect(await events(reader)).toEqual(['loan_due']);
      expect(await events(reader)).toEqual(['loan_due']);
      const page = await list(reader);
      expect(page.body.data[0]).toMatchObject({ type: 'BOOK', params: { title: 'Ronggeng Dukuh Paruk', due: due.toISOString() }, link: `/book/${bookId}/${epustakaId}` });
      const renewed = await ctx.request('PUT', '/webhook/book-renew', { token: reader.token, body: { borrow_book_id: loanId } });
      expect(renewed.status).toBe(200);
      expect(await events(reader)).toEqual(['loan_due']);
      ctx.setNow(new Date(new Date(renewed.body.data.due_at).getTime() - 2 * HOUR));
      expect(await events(reader)).toEqual(['loan_due', 'loan_due']);
    } finally {
      ctx.setNow(null);
    }
  });
});
