import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { newsHistoryItemSchema } from '../../src/lib/articles/schema.ts';
import { articleHistoryHref } from '../../src/lib/media/rules.ts';

let ctx: TestContext;
let privateLib: string;
let publicLib: string;
let privateNews: string;
let publicNews: string;
let member: Caller;
let stranger: Caller;

const SECRET = 'Kalimat rahasia di akhir artikel yang tidak boleh sampai ke peramban bukan anggota.';
const LONG = Array.from({ length: 12 }, (_, i) => `<p>Paragraf ${i + 1} tentang kegiatan perpustakaan sekolah yang cukup panjang untuk dipotong.</p>`).join('');

async function article(title: string, epustakaId: string, content: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO news (organization_id, news_title, news_author, news_content) VALUES ($1, $2, 'Penulis', $3) RETURNING id`,
    [ctx.config.organizationId, title, content],
  );
  await ctx.db.query('INSERT INTO epustaka_news (epustaka_id, news_id) VALUES ($1, $2)', [epustakaId, rows[0]!.id]);
  return rows[0]!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  privateLib = await createEpustaka(ctx, { name: 'Pustaka Sekolah Tertutup', isPrivate: true });
  publicLib = await createEpustaka(ctx, { name: 'Pustaka Terbuka' });
  privateNews = await article('Pengumuman Internal', privateLib, `${LONG}<p>${SECRET}</p>`);
  publicNews = await article('Berita Terbuka', publicLib, '<p>Semua orang boleh membaca ini.</p>');
  member = await createCaller(ctx);
  stranger = await createCaller(ctx);
  await addMember(ctx, privateLib, member.id, 1);
});
afterAll(() => ctx.close());

const get = (caller: Caller | null, path: string) => ctx.request('GET', path, { token: caller?.token });

describe('GET webhook/news-detail', () => {
  test('a non-member of the private library gets only the teaser, cut on the server', async () => {
    const res = await get(stranger, `/webhook/news-detail?news_id=${privateNews}`);
    expect(res.status).toBe(200);
    expect(res.body.data.content_restricted).toBe(true);
    expect(res.body.data.news_content.length).toBeLessThanOrEqual(330);
    expect(res.body.data.news_content).toContain('Paragraf 1');
    expect(JSON.stringify(res.body)).not.toContain('rahasia');
    expect(res.body.data.epustaka).toMatchObject({ id: privateLib, epustaka_isprivate: true, has_join: false, member_status: null });
  });

  test('a waiting member is still not a member', async () => {
    const waiting = await createCaller(ctx);
    await addMember(ctx, privateLib, waiting.id, 0);
    const res = await get(waiting, `/webhook/news-detail?news_id=${privateNews}`);
    expect(res.body.data.content_restricted).toBe(true);
    expect(res.body.data.epustaka).toMatchObject({ has_join: true, member_status: 0 });
  });

  test('an active member gets the whole article, and the open is recorded in their history', async () => {
    const res = await get(member, `/webhook/news-detail?news_id=${privateNews}`);
    expect(res.status).toBe(200);
    expect(res.body.data.content_restricted).toBe(false);
    expect(res.body.data.news_content).toContain(SECRET);
    const history = await get(member, '/webhook/news-history-list');
    expect(history.body.data.map((h: { id: string }) => h.id)).toEqual([privateNews]);
    const none = await get(stranger, '/webhook/news-history-list');
    expect(none.body.meta.total).toBe(0);
  });

  test('unknown ids are 404', async () => {
    const res = await get(member, '/webhook/news-detail?news_id=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('news_not_found');
  });
});

describe('GET webhook/news-history-list', () => {
  test('each row is exactly the shared history item, and its link names the article and the library it was read from', async () => {
    const reader = await createCaller(ctx);
    await addMember(ctx, privateLib, reader.id, 1);
    expect((await get(reader, `/webhook/news-detail?news_id=${privateNews}&epustaka_id=${privateLib}`)).status).toBe(200);
    const res = await get(reader, '/webhook/news-history-list');
    expect(res.status).toBe(200);
    const rows = res.body.data.map((row: unknown) => newsHistoryItemSchema.strict().parse(row));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ collection_id: privateNews, epustaka_id: privateLib });
    expect(articleHistoryHref(rows[0])).toBe(`/article/${privateNews}/${privateLib}`);
  });
});

describe('GET webhook/public-news-detail', () => {
  test('a visitor reads an article of a public library, not one of a private library', async () => {
    const open = await get(null, `/webhook/public-news-detail?news_id=${publicNews}`);
    expect(open.status).toBe(200);
    expect(open.body.data.news_content).toContain('Semua orang');
    const closed = await get(null, `/webhook/public-news-detail?news_id=${privateNews}`);
    expect(closed.status).toBe(404);
    expect(JSON.stringify(closed.body)).not.toContain('rahasia');
  });

  test('the public list holds only articles of public libraries', async () => {
    const res = await get(null, '/webhook/public-news-list');
    expect(res.body.data.map((n: { id: string }) => n.id)).toEqual([publicNews]);
  });

  test('a visitor lists one public library’s articles; a private library’s list is empty', async () => {
    const open = await get(null, `/webhook/public-news-list?epustaka_id=${publicLib}`);
    expect(open.body.data.map((n: { id: string }) => n.id)).toEqual([publicNews]);
    const closed = await get(null, `/webhook/public-news-list?epustaka_id=${privateLib}`);
    expect(closed.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect(JSON.stringify(closed.body)).not.toContain('Internal');
  });
});

describe('GET webhook/news-list', () => {
  test('lists the organisation’s articles newest first, by library, with search', async () => {
    const all = await get(stranger, '/webhook/news-list');
    expect(all.body.meta.total).toBe(2);
    const byLib = await get(stranger, `/webhook/news-list?epustaka_id=${publicLib}`);
    expect(byLib.body.data.map((n: { id: string }) => n.id)).toEqual([publicNews]);
    const found = await get(stranger, '/webhook/news-list?q=internal');
    expect(found.body.data.map((n: { id: string }) => n.id)).toEqual([privateNews]);
    // A list never carries a closed article's words.
    expect(found.body.data[0].news_excerpt).toBe('');
  });

  test('needs a session', async () => {
    expect((await get(null, '/webhook/news-list')).status).toBe(401);
  });
});

describe('article HTML', () => {
  test('scripts, event handlers and javascript: links come out of the API inert', async () => {
    const id = await article(
      'Artikel Berbahaya',
      publicLib,
      '<p onmouseover="alert(1)">Halo <a href="javascript:alert(2)">klik</a></p><script>alert(3)</script><img src=x onerror=alert(4)><iframe src="https://evil.example"></iframe>',
    );
    for (const caller of [member, null]) {
      const res = await get(caller, `/webhook/${caller ? '' : 'public-'}news-detail?news_id=${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.news_content).not.toMatch(/onmouseover|onerror|javascript:|<script|<iframe|<img|alert\(3\)/i);
      expect(res.body.data.news_content).toContain('klik');
    }
  });
});
