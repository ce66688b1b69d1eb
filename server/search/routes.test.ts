import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createAuthor, createBook, createCaller, createEpustaka, signIn, type Caller } from '../test/catalogue.ts';

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
  const OTHER_ORG = '5c2e8a10-3b4d-4f6a-9e8d-7c6b5a4f3e2d';

  async function media(type: 'video' | 'audio', title: string, options: { epustaka?: string; org?: string } = {}): Promise<string> {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO media_items (organization_id, media_type, media_title, media_extension, youtube_id)
       VALUES ($1, $2, $3, 'youtube', 'dQw4w9WgXcQ') RETURNING id`,
      [options.org ?? ctx.config.organizationId, type, title],
    );
    const id = rows[0]!.id;
    if (options.epustaka) await ctx.db.query('INSERT INTO epustaka_media (epustaka_id, media_id) VALUES ($1, $2)', [options.epustaka, id]);
    return id;
  }

  test('finds the caller’s videos or audio held by an ePustaka, the closest title first, playable only where the rule allows', async () => {
    const open = await createEpustaka(ctx, { name: 'Pustaka Dengar Terbuka' });
    const closed = await createEpustaka(ctx, { name: 'Pustaka Dengar Tertutup', isPrivate: true });
    const exact = await media('audio', 'Dongeng Kancil', { epustaka: closed });
    const longer = await media('audio', 'Kumpulan Dongeng Nusantara: Kancil dan Buaya di Sungai', { epustaka: open });
    const misspelt = await media('audio', 'Dongeng Kancill', { epustaka: open });
    await media('video', 'Dongeng Kancil Versi Video', { epustaka: open });
    await media('audio', 'Dongeng Kancil Belum Dipajang');
    // Another organisation's item, even in a public library, is not the caller's to find.
    await ctx.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'Lain') ON CONFLICT DO NOTHING`, [OTHER_ORG]);
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO epustaka (organization_id, epustaka_name) VALUES ($1, 'Pustaka Lain') RETURNING id`, [OTHER_ORG]);
    await media('audio', 'Dongeng Kancil Lain', { epustaka: rows[0]!.id, org: OTHER_ORG });

    const res = await get('/webhook/search-multimedia?q=dongeng%20kancil&type=audio');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((m: { id: string }) => m.id);
    expect(ids).toEqual([exact, misspelt, longer]);
    expect(res.body.meta).toEqual({ total: 3, limit: 25, offset: 0 });
    const byId = new Map(res.body.data.map((m: { id: string }) => [m.id, m]));
    // The private library's item is found but not playable by a non-member; the public one plays.
    expect(byId.get(exact)).toMatchObject({ type: 'audio', media_title: 'Dongeng Kancil', can_play: false, youtube_id: null, epustaka_id: closed });
    expect(byId.get(longer)).toMatchObject({ can_play: true, youtube_id: 'dQw4w9WgXcQ', epustaka_id: open });

    const second = await get('/webhook/search-multimedia?q=dongeng%20kancil&type=audio&limit=1&offset=1');
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual([misspelt]);
    expect(second.body.meta.total).toBe(3);

    const videos = await get('/webhook/search-multimedia?q=kancil&type=video');
    expect(videos.body.data.map((m: { media_title: string }) => m.media_title)).toEqual(['Dongeng Kancil Versi Video']);
    expect((await get('/webhook/search-multimedia?q=&type=video')).body).toEqual({ data: [], meta: { total: 0, limit: 25, offset: 0 } });
  });

  test('wants a type', async () => {
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
