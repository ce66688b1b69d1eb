import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createAuthor, createBook, createCaller, signIn, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let viewer: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await createCaller(ctx, { name: 'Penonton Uji' });
});
afterAll(() => ctx.close());

function get(path: string, caller: Caller = viewer) {
  return ctx.request('GET', path, { token: caller.token });
}

describe('webhook/search-book', () => {
  test('ranks the closest title first, finds authors, and pages with the total', async () => {
    const hirata = await createAuthor(ctx, 'Andrea Hirata');
    const other = await createAuthor(ctx, 'Penulis Lain');
    const exact = await createBook(ctx, { title: 'Laskar Pelangi', authorId: hirata });
    const longer = await createBook(ctx, { title: 'Kisah Para Laskar dari Pelangi Timur yang Panjang', authorId: other });
    const sequel = await createBook(ctx, { title: 'Sang Pemimpi', authorId: hirata });
    await createBook(ctx, { title: 'Bumi Manusia', authorId: other });

    const res = await get('/webhook/search-book?q=laskar%20pelangi');
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { id: string }) => b.id)).toEqual([exact, longer]);
    expect(res.body.meta).toEqual({ total: 2, limit: 25, offset: 0 });
    expect(res.body.data[0]).toMatchObject({ book_title: 'Laskar Pelangi', book_author: 'Andrea Hirata' });

    // The author's name finds their books; a near miss ("andre hirata") still does.
    const byAuthor = await get('/webhook/search-book?q=andre%20hirata');
    expect(byAuthor.body.data.map((b: { id: string }) => b.id).sort()).toEqual([exact, sequel].sort());

    const second = await get('/webhook/search-book?q=laskar%20pelangi&limit=1&offset=1');
    expect(second.body.data.map((b: { id: string }) => b.id)).toEqual([longer]);
    expect(second.body.meta.total).toBe(2);
  });

  test('a blank query finds nothing; a bad limit is a coded 400; signed out is 401', async () => {
    const blank = await get('/webhook/search-book?q=%20%20');
    expect(blank.body).toEqual({ data: [], meta: { total: 0, limit: 25, offset: 0 } });
    const bad = await get('/webhook/search-book?q=a&limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_limit');
    expect((await ctx.request('GET', '/webhook/search-book?q=a')).status).toBe(401);
  });

  test('percent and underscore match themselves', async () => {
    const id = await createBook(ctx, { title: 'Diskon 100% Membaca' });
    const res = await get('/webhook/search-book?q=100%25');
    expect(res.body.data.map((b: { id: string }) => b.id)).toEqual([id]);
    expect((await get('/webhook/search-book?q=zz_%25%25')).body.meta.total).toBe(0);
  });
});

describe('webhook/search-multimedia', () => {
  test('answers an empty list for audio and video, and wants a type', async () => {
    const res = await get('/webhook/search-multimedia?q=lagu&type=audio');
    expect(res.body).toEqual({ data: [], meta: { total: 0, limit: 25, offset: 0 } });
    const bad = await get('/webhook/search-multimedia?q=lagu&type=game');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_type');
  });
});

describe('webhook/search-user and suggested-friends', () => {
  test('finds members of the same organisation by name, closest first, with follow flags', async () => {
    const sekar = await createCaller(ctx, { name: 'Sekar Ayu Lestari' });
    const sekarwati = await createCaller(ctx, { name: 'Sekarwati Putri Handayani Kusuma' });
    await createCaller(ctx, { name: 'Bagus Pratama' });
    const stranger = await ctx.createUser({ name: 'Sekar Asing', organizationId: '6b1f4c36-7d0e-4c4b-9d0a-1f2e3d4c5b6a' });
    await ctx.request('POST', '/webhook/user-follow', { token: viewer.token, body: { user_id: sekar.id } });

    const res = await get('/webhook/search-user?q=sekar');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: string }) => u.id);
    expect(ids).toEqual([sekar.id, sekarwati.id]);
    expect(ids).not.toContain(stranger.id);
    expect(res.body.data[0]).toMatchObject({ name: 'Sekar Ayu Lestari', followed: true, follow_id: expect.any(String) });
    expect(res.body.data[1]).toMatchObject({ followed: false, follow_id: null });
    // A misspelt name still finds the person.
    expect((await get('/webhook/search-user?q=bagus%20pratma')).body.data.map((u: { name: string }) => u.name)).toEqual(['Bagus Pratama']);
  });

  test('suggests people not followed yet, friends of friends first, 20 a page, by name on request', async () => {
    const me = await createCaller(ctx, { name: 'Aku Penyaran' });
    const friend = await createCaller(ctx, { name: 'Teman Dekat' });
    const friendOfFriend = await createCaller(ctx, { name: 'Zaki Teman Teman' });
    const follow = (from: Caller, to: Caller) => ctx.request('POST', '/webhook/user-follow', { token: from.token, body: { user_id: to.id } });
    await follow(me, friend);
    await follow(friend, friendOfFriend);

    const res = await get('/webhook/suggested-friends', me);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: string }) => u.id);
    expect(ids[0]).toBe(friendOfFriend.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(friend.id);
    expect(res.body.meta.limit).toBe(20);

    const named = await get(`/webhook/suggested-friends?filter=${encodeURIComponent(JSON.stringify({ 'u.name': { ilike: 'zaki' } }))}`, me);
    expect(named.body.data.map((u: { id: string }) => u.id)).toEqual([friendOfFriend.id]);
    const byName = await get('/webhook/suggested-friends?sort=u.name&limit=100', me);
    const names = byName.body.data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await get('/webhook/suggested-friends?sort=u.email', me)).body.errors[0].code).toBe('invalid_sort');
    expect((await get(`/webhook/suggested-friends?filter=${encodeURIComponent('{"u.email":"x"}')}`, me)).body.errors[0].code).toBe('invalid_filter');
  });

  test('a deactivated member is not found', async () => {
    const gone = await ctx.createUser({ name: 'Quentin Nonaktif' });
    await signIn(ctx, gone);
    await ctx.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [gone.id]);
    expect((await get('/webhook/search-user?q=quentin')).body.meta.total).toBe(0);
  });
});
