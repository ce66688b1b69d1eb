import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, seedCatalogue, type Caller, type SeededCatalogue } from '../test/catalogue.ts';

let ctx: TestContext;
let cat: SeededCatalogue;

beforeAll(async () => {
  ctx = await createTestContext();
  cat = await seedCatalogue(ctx);
});
afterAll(() => ctx.close());

function joinLibrary(caller: Caller, epustakaId: string, userIds = [caller.id]) {
  return ctx.request('POST', '/webhook/join-epustaka-member', { token: caller.token, body: { epustaka_id: epustakaId, user_ids: userIds } });
}

async function statusOf(epustakaId: string, userId: string): Promise<number | undefined> {
  const { rows } = await ctx.db.query<{ member_status: number }>('SELECT member_status FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2', [epustakaId, userId]);
  return rows[0]?.member_status;
}

describe('webhook/join-epustaka-member', () => {
  test('a public ePustaka admits at once (1); a private one waits for approval (0) and says so', async () => {
    const reader = await createCaller(ctx);
    const pub = await joinLibrary(reader, cat.publicId);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({ member_status: 1, members: [{ user_id: reader.id, member_status: 1 }] });
    const priv = await joinLibrary(reader, cat.privateId);
    expect(priv.body.data.member_status).toBe(0);
    expect(priv.body.data.message).toMatch(/waiting for approval/);
    expect(await statusOf(cat.privateId, reader.id)).toBe(0);
    // Asking again changes nothing; borrowing stays closed.
    expect((await joinLibrary(reader, cat.privateId)).body.data.member_status).toBe(0);
    const borrow = await ctx.request('POST', '/webhook/borrow', { token: reader.token, body: { epustaka_id: cat.privateId, user_id: reader.id, book_id: cat.books.privateOnly } });
    expect(borrow.body.errors[0].code).toBe('membership_pending');
  });

  test('an expired membership (3) is extended: active for public, waiting for private', async () => {
    const reader = await createCaller(ctx);
    await addMember(ctx, cat.publicId, reader.id, 3);
    await addMember(ctx, cat.privateId, reader.id, 3);
    expect((await joinLibrary(reader, cat.publicId)).body.data.member_status).toBe(1);
    expect((await joinLibrary(reader, cat.privateId)).body.data.member_status).toBe(0);
    const { rows } = await ctx.db.query<{ expires_at: string | null }>('SELECT expires_at FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2', [cat.publicId, reader.id]);
    expect(rows[0]!.expires_at).toBeNull();
  });

  test('joining others is for the ePustaka owner only, who adds them as active members', async () => {
    const owner = await createCaller(ctx);
    await ctx.db.query('UPDATE epustaka SET created_by = $2 WHERE id = $1', [cat.privateId, owner.id]);
    const reader = await createCaller(ctx);
    const other = await createCaller(ctx);
    const refused = await joinLibrary(reader, cat.privateId, [other.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('user_mismatch');
    const added = await joinLibrary(owner, cat.privateId, [reader.id, other.id]);
    expect(added.body.data.members).toEqual([{ user_id: reader.id, member_status: 1 }, { user_id: other.id, member_status: 1 }]);
  });

  test('unknown ePustaka or users are 404', async () => {
    const reader = await createCaller(ctx);
    const res = await joinLibrary(reader, '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('epustaka_not_found');
  });
});

describe('webhook/epustaka-borrow', () => {
  test('lists the ePustaka holding the book with the caller’s membership and copies', async () => {
    const reader = await createCaller(ctx);
    await addMember(ctx, cat.publicId, reader.id, 1);
    await addMember(ctx, cat.privateId, reader.id, 0);
    const res = await ctx.request('GET', `/webhook/epustaka-borrow?book_id=${cat.books.novel2019}&organization_id=${ctx.config.organizationId}`, { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: cat.publicId, epustaka_name: 'Perpustakaan Umum Uji', epustaka_logo: null, epustaka_isprivate: false, has_join: true, member_status: 1, available_qty: 3, total_qty: 3, queue_count: 0, loan_limit: 5, open_loans: 0 },
      { id: cat.privateId, epustaka_name: 'Pustaka Sekolah Uji', epustaka_logo: null, epustaka_isprivate: true, has_join: true, member_status: 0, available_qty: 2, total_qty: 2, queue_count: 0, loan_limit: 5, open_loans: 0 },
    ]);
    const stranger = await createCaller(ctx);
    const fresh = await ctx.request('GET', `/webhook/epustaka-borrow?book_id=${cat.books.novel2021}`, { token: stranger.token });
    expect(fresh.body.data[0]).toMatchObject({ has_join: false, member_status: null });
  });

  test('a book no ePustaka holds is 404 no_epustaka', async () => {
    const reader = await createCaller(ctx);
    const orphan = await createBook(ctx);
    const res = await ctx.request('GET', `/webhook/epustaka-borrow?book_id=${orphan}`, { token: reader.token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('no_epustaka');
  });
});

describe('webhook/collection-owner', () => {
  test('lists who holds the book now, then who held it', async () => {
    const bookId = await createBook(ctx, { usingDrm: false, holdings: [{ epustakaId: cat.publicId, copies: 0 }] });
    const viewer = await createCaller(ctx);
    const past = await createCaller(ctx, { name: 'Dulu' });
    const now = await createCaller(ctx, { name: 'Kini' });
    for (const c of [past, now]) {
      await addMember(ctx, cat.publicId, c.id, 1);
      await ctx.request('POST', '/webhook/borrow', { token: c.token, body: { epustaka_id: cat.publicId, user_id: c.id, book_id: bookId } });
    }
    const loan = await ctx.db.query<{ id: string }>('SELECT id FROM borrows WHERE user_id = $1', [past.id]);
    await ctx.request('PUT', '/webhook/book-return', { token: past.token, body: { borrow_book_id: loan.rows[0]!.id } });
    const res = await ctx.request('GET', `/webhook/collection-owner?book_id=${bookId}`, { token: viewer.token });
    expect(res.body.meta).toEqual({ total: 2, limit: 25, offset: 0 });
    expect(res.body.data.map((o: { name: string; holding: boolean }) => [o.name, o.holding])).toEqual([['Kini', true], ['Dulu', false]]);
  });
});
