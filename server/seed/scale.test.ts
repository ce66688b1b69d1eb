import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { BENCH_USERS, RACE_BOOKS, scaleId, seedScale, type ScaleManifest } from './scale.ts';

let ctx: TestContext;
let manifest: ScaleManifest;
let dataDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = mkdtempSync(join(tmpdir(), 'scale-seed-'));
  manifest = await seedScale(ctx.db, { ...ctx.config, dataDir }, { books: 2000 });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('scale seed', () => {
  test('fills the catalogue with the asked number of books and matching rows', async () => {
    expect(await count('SELECT count(*)::int AS n FROM books')).toBe(2000);
    expect(manifest.counts.books).toBe(2000);
    expect(await count('SELECT count(*)::int AS n FROM authors')).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM categories')).toBe(20);
    expect(await count('SELECT count(*)::int AS n FROM epustaka')).toBe(5);
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(100 + BENCH_USERS);
    expect(await count('SELECT count(*)::int AS n FROM books b WHERE NOT EXISTS (SELECT 1 FROM epustaka_books eb WHERE eb.book_id = b.id)')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM ratings')).toBeGreaterThan(500);
    expect(await count('SELECT count(*)::int AS n FROM borrows WHERE returned_at IS NULL')).toBeGreaterThan(10);
  });

  test('every reference points at a row (the bulk insert skips the foreign-key triggers)', async () => {
    expect(await count('SELECT count(*)::int AS n FROM books b WHERE NOT EXISTS (SELECT 1 FROM authors a WHERE a.id = b.author_id) OR NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = b.category_id)')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM epustaka_books eb WHERE NOT EXISTS (SELECT 1 FROM epustaka e WHERE e.id = eb.epustaka_id)')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM borrows br WHERE NOT EXISTS (SELECT 1 FROM epustaka_books eb WHERE eb.book_id = br.book_id AND eb.epustaka_id = br.epustaka_id) OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = br.user_id)')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM ratings r WHERE NOT EXISTS (SELECT 1 FROM borrows b WHERE b.user_id = r.user_id AND b.book_id = r.book_id)')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM epustaka_members m WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id)')).toBe(0);
    // Open loans took their copies.
    expect(
      await count(`SELECT count(*)::int AS n FROM epustaka_books eb
                    WHERE eb.available_qty <> eb.all_qty - (SELECT count(*) FROM borrows br
                      WHERE br.book_id = eb.book_id AND br.epustaka_id = eb.epustaka_id AND br.returned_at IS NULL)
                      AND EXISTS (SELECT 1 FROM books b WHERE b.id = eb.book_id AND b.using_drm)`),
    ).toBe(0);
  });

  test('ids are deterministic and valid for the API', async () => {
    expect(manifest.raceBookIds).toHaveLength(RACE_BOOKS);
    expect(manifest.raceBookIds[0]).toBe(scaleId('book', 0));
    expect(manifest.sampleBookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await count('SELECT count(*)::int AS n FROM books WHERE id = $1', [manifest.sampleBookId])).toBe(1);
    const qrId = manifest.sampleQrPath.split('/')[2];
    expect(await count(`SELECT count(*)::int AS n FROM qr_codes WHERE id = $1 AND target_id = $2`, [qrId, manifest.sampleBookId])).toBe(1);
  });

  test('bench users have live sessions: the second borrower of a one-copy race book is refused', async () => {
    const token = async (u: number) => {
      const user = manifest.benchUsers[u]!;
      return (await ctx.deps.signer.sign({ sub: user.id, sid: user.sessionId, org: manifest.organizationId, role: 303, verified: true })).token;
    };
    const body = (u: number) => ({ user_id: manifest.benchUsers[u]!.id, book_id: manifest.raceBookIds[0], epustaka_id: manifest.benchEpustakaId });
    const first = await ctx.request('POST', '/webhook/borrow', { token: await token(0), body: body(0) });
    expect(first.status).toBe(201);
    const second = await ctx.request('POST', '/webhook/borrow', { token: await token(1), body: body(1) });
    expect(second.status).toBe(409);
    const detail = await ctx.request('GET', `/webhook/book-detail?book_id=${manifest.sampleBookId}`, { token: await token(2) });
    expect(detail.status).toBe(200);
  });
});

describe('scale seed, the timeline', () => {
  test("bench user 0 follows readers spread over all of them and sees exactly their posts, newest first", async () => {
    const user = manifest.benchUsers[0]!;
    const followed = await count('SELECT count(*)::int AS n FROM follows WHERE follower_id = $1', [user.id]);
    // 2,000 books make 100 readers, fewer than TIMELINE_FOLLOWS: all of them are followed.
    expect(followed).toBe(100);
    expect(await count(`SELECT count(*)::int AS n FROM feeds WHERE id = $1`, [scaleId('feed', 0)])).toBe(1);
    const theirs = await count(
      `SELECT count(*)::int AS n FROM feeds f WHERE EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = $1 AND fo.followed_id = f.sender_id)`,
      [user.id],
    );
    expect(theirs).toBe(2000);
    const { token } = await ctx.deps.signer.sign({ sub: user.id, sid: user.sessionId, org: manifest.organizationId, role: 303, verified: true });
    const page = await ctx.request('GET', '/webhook/feeds?limit=10', { token });
    expect(page.status).toBe(200);
    const body = page.body as { data: { created_at: string }[]; meta: { total: number } };
    // Their own items count too (the race test above borrowed as bench user 0).
    const own = await count('SELECT count(*)::int AS n FROM feeds WHERE sender_id = $1', [user.id]);
    expect(body.meta.total).toBe(2000 + own);
    expect(body.data).toHaveLength(10);
    const times = body.data.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('scale seed, books the benchmark lends', () => {
  test('have a readable file, as every lent book must', async () => {
    const lent = [scaleId('book', 0), scaleId('book', RACE_BOOKS)];
    expect(await count('SELECT count(*)::int AS n FROM book_files WHERE book_id = ANY($1::uuid[])', [lent])).toBe(2);
  });
});
