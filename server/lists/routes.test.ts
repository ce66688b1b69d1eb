import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let member: Caller;
let stranger: Caller;
let privateLib: string;
let publicLib: string;
const OTHER_ORG = '5c2e8a10-3b4d-4f6a-9e8d-7c6b5a4f3e2d';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [OTHER_ORG, 'Sekolah Lain']);
  member = await createCaller(ctx);
  stranger = await createCaller(ctx);
  privateLib = await createEpustaka(ctx, { name: 'Pustaka Tertutup Uji', isPrivate: true });
  publicLib = await createEpustaka(ctx, { name: 'Pustaka Terbuka Uji' });
  await addMember(ctx, privateLib, member.id, 1);
});
afterAll(() => ctx.close());

const get = (caller: Caller | null, path: string) => ctx.request('GET', path, { token: caller?.token });

async function media(type: 'video' | 'audio', epustakaId: string | null, org = ctx.config.organizationId): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO media_items (organization_id, media_type, media_title, media_extension, youtube_id) VALUES ($1, $2, 'Judul', 'youtube', 'dQw4w9WgXcQ') RETURNING id`,
    [org, type],
  );
  if (epustakaId) await ctx.db.query('INSERT INTO epustaka_media (epustaka_id, media_id) VALUES ($1, $2)', [epustakaId, rows[0]!.id]);
  return rows[0]!.id;
}

async function article(epustakaId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO news (organization_id, news_title, news_content) VALUES ($1, 'Artikel', '<p>Isi</p>') RETURNING id`,
    [ctx.config.organizationId],
  );
  await ctx.db.query('INSERT INTO epustaka_news (epustaka_id, news_id) VALUES ($1, $2)', [epustakaId, rows[0]!.id]);
  return rows[0]!.id;
}

describe('GET webhook/epustaka-available', () => {
  test('says from which holding the caller may open a video, audio item or article, and whether they may', async () => {
    const video = await media('video', privateLib);
    const mine = await get(member, `/webhook/epustaka-available?collection_id=${video}`);
    expect(mine.status).toBe(200);
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM epustaka_media WHERE media_id = $1', [video]);
    expect(mine.body.data).toEqual({
      collection_id: video, type: 'video', epustaka_collection_id: rows[0]!.id, epustaka_id: privateLib, has_join: true, member_status: 1, available: true,
    });
    const theirs = await get(stranger, `/webhook/epustaka-available?collection_id=${video}`);
    expect(theirs.body.data).toMatchObject({ epustaka_id: privateLib, has_join: false, member_status: null, available: false });
    const news = await article(publicLib);
    expect((await get(stranger, `/webhook/epustaka-available?collection_id=${news}`)).body.data).toMatchObject({ type: 'article', epustaka_id: publicLib, available: true });
  });

  test('unknown, unheld or another organisation’s content is 404; a bad id is 400; signed out is 401', async () => {
    for (const id of [UNKNOWN, await media('audio', null), await media('audio', null, OTHER_ORG)]) {
      const res = await get(member, `/webhook/epustaka-available?collection_id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('collection_not_found');
    }
    const bad = await get(member, '/webhook/epustaka-available?collection_id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_collection_id');
    expect((await get(member, '/webhook/epustaka-available')).status).toBe(400);
    expect((await get(null, `/webhook/epustaka-available?collection_id=${UNKNOWN}`)).status).toBe(401);
  });
});

describe('GET webhook/epustaka-book-collection', () => {
  test('lists only the books the library holds, paged like book-list', async () => {
    const lib = await createEpustaka(ctx, { name: 'Pustaka Koleksi' });
    const held = [await createBook(ctx, { holdings: [{ epustakaId: lib, copies: 1 }] }), await createBook(ctx, { holdings: [{ epustakaId: lib, copies: 2 }] })];
    await createBook(ctx, { holdings: [{ epustakaId: publicLib, copies: 1 }] });
    const res = await get(stranger, `/webhook/epustaka-book-collection?epustaka_id=${lib}&limit=1`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(held).toContain(res.body.data[0].id);
  });

  test('a library of another organisation or unknown is 404; a missing or bad id and bad paging are 400; signed out is 401', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO epustaka (organization_id, epustaka_name) VALUES ($1, 'Lain') RETURNING id`, [OTHER_ORG]);
    for (const id of [rows[0]!.id, UNKNOWN]) {
      const res = await get(member, `/webhook/epustaka-book-collection?epustaka_id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('epustaka_not_found');
    }
    expect((await get(member, '/webhook/epustaka-book-collection')).body.errors[0].code).toBe('invalid_epustaka_id');
    expect((await get(member, `/webhook/epustaka-book-collection?epustaka_id=${publicLib}&limit=0`)).body.errors[0].code).toBe('invalid_limit');
    expect((await get(null, `/webhook/epustaka-book-collection?epustaka_id=${publicLib}`)).status).toBe(401);
  });
});

describe('GET webhook/book-reading-progress-list and book-reading-duration-list', () => {
  test('list the caller’s own places and seconds per page, never someone else’s', async () => {
    const reader = await createCaller(ctx);
    const [first, second] = [await createBook(ctx, { title: 'Buku Satu' }), await createBook(ctx, { title: 'Buku Dua' })];
    await ctx.db.query(
      `INSERT INTO reading_progress (user_id, book_id, last_page, total_page, updated_at) VALUES ($1, $2, 4, 10, now() - interval '1 hour'), ($1, $3, 7, 20, now()), ($4, $2, 9, 10, now())`,
      [reader.id, first, second, stranger.id],
    );
    await ctx.db.query(
      `INSERT INTO reading_durations (user_id, book_id, page, duration) VALUES ($1, $2, 2, 30), ($1, $2, 1, 12), ($3, $2, 1, 99)`,
      [reader.id, first, stranger.id],
    );
    const progress = await get(reader, '/webhook/book-reading-progress-list');
    expect(progress.status).toBe(200);
    expect(progress.body.meta.total).toBe(2);
    expect(progress.body.data.map((p: { book_title: string; last_page: number }) => [p.book_title, p.last_page])).toEqual([['Buku Dua', 7], ['Buku Satu', 4]]);
    expect(progress.body.data[0]).toMatchObject({ book_id: second, total_page: 20, platform_info: 'web' });
    expect(progress.body.data[0].reading_id).toMatch(/^[0-9a-f-]{36}$/);
    const one = await get(reader, `/webhook/book-reading-progress-list?book_id=${first}`);
    expect(one.body.data.map((p: { book_id: string }) => p.book_id)).toEqual([first]);
    const durations = await get(reader, '/webhook/book-reading-duration-list');
    expect(durations.body).toMatchObject({ meta: { total: 1 } });
    expect(durations.body.data[0]).toMatchObject({ book_id: first, book_title: 'Buku Satu', total_duration: 42, page_duration: [{ page: 1, duration: 12 }, { page: 2, duration: 30 }] });
    expect((await get(member, '/webhook/book-reading-duration-list')).body.meta.total).toBe(0);
  });

  test('bad paging or book id is 400; signed out is 401', async () => {
    for (const path of ['/webhook/book-reading-progress-list', '/webhook/book-reading-duration-list']) {
      expect((await get(member, `${path}?limit=1000`)).body.errors[0].code).toBe('invalid_limit');
      expect((await get(member, `${path}?offset=-1`)).body.errors[0].code).toBe('invalid_offset');
      expect((await get(member, `${path}?book_id=x`)).body.errors[0].code).toBe('invalid_book_id');
      expect((await get(null, path)).status).toBe(401);
    }
  });
});

describe('GET webhook/organization-dropdown', () => {
  test('anyone gets the product’s organisation; other organisations only in multi-organisation mode', async () => {
    const single = await get(null, '/webhook/organization-dropdown');
    expect(single.status).toBe(200);
    expect(single.body.data).toEqual([{ id: ctx.config.organizationId, name: 'Test' }]);
    ctx.deps.config.multiOrganization = true;
    try {
      const all = await get(null, '/webhook/organization-dropdown?q=sekolah');
      expect(all.body.data).toEqual([{ id: OTHER_ORG, name: 'Sekolah Lain' }]);
      expect((await get(null, '/webhook/organization-dropdown')).body.meta.total).toBe(2);
    } finally {
      ctx.deps.config.multiOrganization = false;
    }
  });

  test('bad paging or search is 400', async () => {
    expect((await get(null, '/webhook/organization-dropdown?limit=abc')).body.errors[0].code).toBe('invalid_limit');
    expect((await get(null, `/webhook/organization-dropdown?q=${'a'.repeat(201)}`)).body.errors[0].code).toBe('invalid_q');
  });
});

describe('GET webhook/multimedia-history', () => {
  test('is the media history under the catalogue’s other name, with the same rules', async () => {
    const audio = await media('audio', publicLib);
    await ctx.request('POST', '/webhook/collection-access-history', {
      token: member.token,
      body: { epustaka_collection_id: (await ctx.db.query<{ id: string }>('SELECT id FROM epustaka_media WHERE media_id = $1', [audio])).rows[0]!.id, progress: 5 },
    });
    const res = await get(member, '/webhook/multimedia-history?type=audio');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: string; collection_id: string }) => [m.id, m.collection_id])).toEqual([[audio, audio]]);
    expect(res.body).toEqual((await get(member, '/webhook/multimedia-history-list?type=audio')).body);
    expect((await get(member, '/webhook/multimedia-history')).body.errors[0].code).toBe('invalid_type');
    expect((await get(stranger, `/webhook/multimedia-history?type=audio&user_id=${UNKNOWN}`)).status).toBe(404);
    expect((await get(null, '/webhook/multimedia-history?type=audio')).status).toBe(401);
  });
});
