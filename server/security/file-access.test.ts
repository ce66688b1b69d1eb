import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReaderTestContext, type ReaderTestContext } from '../reader/testing.ts';

/*
 * One access rule for every route that hands out a book's files or reading data
 * (server/access/content-access.ts): an open book of a private ePustaka is for its active
 * members; a public holding opens it to everyone signed in; a DRM book needs a loan.
 */

let ctx: ReaderTestContext;
let privateId: string;
let pdfId: string;
let epubId: string;
let drmId: string;
let epubResource: string;
let pending: { id: string; token: string };
let member: { id: string; token: string };
let outsider: { id: string; token: string };

async function person(status: number | null) {
  const user = await ctx.createUser();
  if (status !== null) {
    await ctx.db.query('INSERT INTO epustaka_members (epustaka_id, user_id, member_status) VALUES ($1, $2, $3)', [privateId, user.id, status]);
  }
  return { id: user.id, token: await ctx.signIn(user) };
}

beforeAll(async () => {
  ctx = await createReaderTestContext();
  const { rows } = await ctx.db.query<{ id: string }>(
    "INSERT INTO epustaka (organization_id, epustaka_name, epustaka_isprivate) VALUES ($1, 'Pustaka Sekolah Tertutup', true) RETURNING id",
    [ctx.config.organizationId],
  );
  privateId = rows[0]!.id;
  const where = { epustaka: privateId };
  pdfId = (await ctx.ingest('panduan-bersampul.pdf', { ...where, drm: false })).book_id;
  epubId = (await ctx.ingest('epub3-gambar.epub', { ...where, drm: false })).book_id;
  drmId = (await ctx.ingest('panduan-bersampul.pdf', { ...where, drm: true })).book_id;
  const facts = await ctx.db.query<{ epub: { resources: Record<string, number> } }>('SELECT epub FROM book_files WHERE book_id = $1', [epubId]);
  epubResource = Object.keys(facts.rows[0]!.epub.resources).find((name) => name.endsWith('.xhtml') || name.endsWith('.html'))!;
  pending = await person(0);
  member = await person(1);
  outsider = await person(null);
});
afterAll(() => ctx.close());

const get = (path: string, token?: string, headers: Record<string, string> = {}) => ctx.raw('GET', path, { token, headers });

describe('an open book held only by a private ePustaka', () => {
  test('its PDF is refused to a pending member and a stranger, and served to an active member', async () => {
    const path = `/storage/books/${pdfId}/book.pdf`;
    for (const who of [pending, outsider]) {
      const res = await get(path, who.token);
      expect(res.status).toBe(403);
      expect((await res.json()).errors[0].code).toBe('not_a_member');
    }
    const ranged = await get(path, pending.token, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(403);
    const ok = await get(path, member.token, { range: 'bytes=0-4' });
    expect(ok.status).toBe(206);
    expect(Buffer.from(await ok.arrayBuffer()).toString()).toBe('%PDF-');
  });

  test('its EPUB resources follow the same rule', async () => {
    const path = `/storage/books/${epubId}/epub/${epubResource.split('/').map(encodeURIComponent).join('/')}`;
    expect((await get(path, pending.token)).status).toBe(403);
    expect((await get(path, member.token)).status).toBe(200);
  });

  test('its page-1 picture follows the same rule', async () => {
    const { rows } = await ctx.db.query<{ preview: unknown }>('SELECT preview FROM book_files WHERE book_id = $1', [pdfId]);
    if (rows[0]!.preview === null) {
      await ctx.db.query(`UPDATE book_files SET preview = '{"size": 5, "width": 1, "height": 1}'::jsonb WHERE book_id = $1`, [pdfId]);
    }
    const path = `/storage/books/${pdfId}/preview`;
    expect((await get(path, pending.token)).status).toBe(403);
    expect([200, 404]).toContain((await get(path, member.token)).status);
  });

  test('open-book, book-navigation and the reading calls refuse a pending member', async () => {
    const open = await ctx.request('GET', `/webhook/open-book?book_id=${pdfId}`, { token: pending.token });
    expect(open.status).toBe(403);
    expect(open.body.errors[0].code).toBe('not_a_member');
    expect((await ctx.request('GET', `/webhook/book-navigation?book_id=${pdfId}`, { token: pending.token })).status).toBe(403);
    const progress = { book_id: pdfId, last_page: 2, total_page: 14, platform_info: 'web' };
    expect((await ctx.request('POST', '/webhook/book-reading-progress', { token: pending.token, body: progress })).status).toBe(403);
    expect((await ctx.request('GET', `/webhook/open-book?book_id=${pdfId}`, { token: member.token })).status).toBe(200);
  });

  test('its cover is not for visitors, and is kept by no shared cache', async () => {
    const { rows } = await ctx.db.query<{ cover_url: string | null }>('SELECT cover_url FROM books WHERE id = $1', [pdfId]);
    const cover = `/storage/books/${pdfId}/cover`;
    expect(rows[0]!.cover_url).toBe(cover);
    expect((await get(cover)).status).toBe(404);
    const seen = await get(cover, outsider.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toMatch(/^private/);
    expect((await get(`/storage/covers/${pdfId}.svg`)).status).toBe(404);
  });

  test('a member whose membership expired is refused again', async () => {
    const lapsed = await person(1);
    await ctx.db.query("UPDATE epustaka_members SET expires_at = now() - interval '1 day' WHERE user_id = $1", [lapsed.id]);
    expect((await get(`/storage/books/${pdfId}/book.pdf`, lapsed.token)).status).toBe(403);
  });
});

describe('the same book once a public ePustaka holds it too', () => {
  test('is readable by anyone signed in, and its cover by visitors', async () => {
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM epustaka WHERE id = $1', [ctx.epustakaId]);
    await ctx.db.query('INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty) VALUES ($1, $2, 1, 1)', [rows[0]!.id, epubId]);
    const path = `/storage/books/${epubId}/epub/${epubResource.split('/').map(encodeURIComponent).join('/')}`;
    expect((await get(path, outsider.token)).status).toBe(200);
    const cover = await get(`/storage/covers/${epubId}.svg`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('a DRM book', () => {
  test('is never served in the clear, and streamed only through a loan', async () => {
    expect((await get(`/storage/books/${drmId}/book.pdf`, member.token)).status).toBe(403);
    const body = { bookId: drmId, userid: member.id, epustakaid: privateId, borrowkey: 'x', url: `/storage/books/${drmId}/book.pdf`, timestamp: Date.now(), chunks: [[0, 0]] };
    const refused = await ctx.raw('POST', '/storage/streamobject', { token: member.token, body });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].code).toBe('no_active_loan');
    const loan = await ctx.lend(member.id, drmId);
    const streamed = await ctx.raw('POST', '/storage/streamobject', { token: member.token, body: { ...body, borrowkey: loan.borrowKey } });
    expect(streamed.status).toBe(200);
  });
});

describe('webhook/sync-bookmark', () => {
  test('for a book that does not exist is a coded 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await ctx.request('POST', '/webhook/sync-bookmark', {
      token: member.token,
      body: { book_id: missing, data: [{ book_id: missing, page: 1, bookmark_label: 'Hal. 1' }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('book_not_found');
  });

  test('for a private book is refused to a pending member and kept for an active one', async () => {
    const body = { book_id: pdfId, data: [{ book_id: pdfId, page: 3, bookmark_label: 'Hal. 3' }] };
    expect((await ctx.request('POST', '/webhook/sync-bookmark', { token: pending.token, body })).status).toBe(403);
    const kept = await ctx.request('POST', '/webhook/sync-bookmark', { token: member.token, body });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toHaveLength(1);
  });
});
