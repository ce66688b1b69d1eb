import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import {
  addMember,
  addMembers,
  createBook,
  createCaller,
  createCallers,
  createEpustaka,
  holdingOf,
  seedCatalogue,
  type Caller,
  type SeededCatalogue,
} from '../test/catalogue.ts';

let ctx: TestContext;
let cat: SeededCatalogue;

beforeAll(async () => {
  ctx = await createTestContext();
  cat = await seedCatalogue(ctx);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

function borrow(caller: Caller, epustakaId: string, bookId: string, userId = caller.id) {
  return ctx.request('POST', '/webhook/borrow', {
    token: caller.token,
    body: { epustaka_id: epustakaId, user_id: userId, book_id: bookId, organization_id: ctx.config.organizationId },
  });
}

function giveBack(caller: Caller, loanId: string) {
  return ctx.request('PUT', '/webhook/book-return', { token: caller.token, body: { borrow_book_id: loanId } });
}

async function member(epustakaId = cat.publicId): Promise<Caller> {
  const caller = await createCaller(ctx);
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

describe('webhook/borrow', () => {
  test('lends a DRM book: SUCCESS with a loan due in 7 days, and one copy fewer', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId: cat.publicId, copies: 2 }] });
    const reader = await member();
    const res = await borrow(reader, cat.publicId, book);
    expect(res.status).toBe(201);
    expect(res.body.code).toBe('SUCCESS');
    const loan = res.body.data;
    expect(loan).toMatchObject({ user_id: reader.id, book_id: book, epustaka_id: cat.publicId, returned_at: null, borrow_book_id: loan.id });
    expect(Buffer.from(loan.borrow_key, 'base64url')).toHaveLength(32);
    expect(new Date(loan.due_at).getTime() - new Date(loan.borrowed_at).getTime()).toBe(7 * DAY);
    expect(await holdingOf(ctx, cat.publicId, book)).toEqual({ all_qty: 2, available_qty: 1 });
    const detail = await ctx.request('GET', `/webhook/book-detail?book_id=${book}`, { token: reader.token });
    expect(detail.body.data).toMatchObject({ has_borrow: true, has_borrow_before: true, active_borrow_count: 1, all_user_borrow_count: 1, available_qty: 1 });
  });

  test('a retried borrow answers SUCCESS with the same loan and takes no second copy', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId: cat.publicId, copies: 3 }] });
    const reader = await member();
    const first = await borrow(reader, cat.publicId, book);
    const [again, concurrent] = await Promise.all([borrow(reader, cat.publicId, book), borrow(reader, cat.publicId, book)]);
    for (const res of [again, concurrent]) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('SUCCESS');
      expect(res.body.data.id).toBe(first.body.data.id);
      expect(res.body.data.borrow_key).toBe(first.body.data.borrow_key);
    }
    expect((await holdingOf(ctx, cat.publicId, book)).available_qty).toBe(2);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM borrows WHERE book_id = $1', [book]);
    expect(rows[0]!.n).toBe(1);
  });

  test('open books are unlimited and never counted down', async () => {
    const readers = await Promise.all([member(), member(), member()]);
    for (const reader of readers) {
      const res = await borrow(reader, cat.publicId, cat.books.openSains);
      expect(res.body.code).toBe('SUCCESS');
    }
    expect(await holdingOf(ctx, cat.publicId, cat.books.openSains)).toEqual({ all_qty: 0, available_qty: 0 });
  });

  test('membership gates: not_member, membership_pending, membership_expired (403)', async () => {
    const stranger = await createCaller(ctx);
    const notMember = await borrow(stranger, cat.publicId, cat.books.novel2019);
    expect(notMember.status).toBe(403);
    expect(notMember.body.errors[0].code).toBe('not_member');
    const pending = await createCaller(ctx);
    await addMember(ctx, cat.privateId, pending.id, 0);
    const waiting = await borrow(pending, cat.privateId, cat.books.novel2019);
    expect(waiting.status).toBe(403);
    expect(waiting.body.errors[0].code).toBe('membership_pending');
    const expired = await createCaller(ctx);
    await addMember(ctx, cat.publicId, expired.id, 3);
    const old = await borrow(expired, cat.publicId, cat.books.novel2019);
    expect(old.status).toBe(403);
    expect(old.body.errors[0].code).toBe('membership_expired');
    // An active membership whose end has passed counts as expired too.
    const lapsed = await member();
    await ctx.db.query('UPDATE epustaka_members SET expires_at = $3 WHERE epustaka_id = $1 AND user_id = $2', [cat.publicId, lapsed.id, new Date(Date.now() - 1000).toISOString()]);
    expect((await borrow(lapsed, cat.publicId, cat.books.novel2019)).body.errors[0].code).toBe('membership_expired');
  });

  test('no_copies (409) when every copy is out, and nothing changes', async () => {
    const reader = await member();
    const res = await borrow(reader, cat.publicId, cat.books.sains2019);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('no_copies');
    expect(await holdingOf(ctx, cat.publicId, cat.books.sains2019)).toEqual({ all_qty: 0, available_qty: 0 });
  });

  test('already_borrowed (409) when the book is on loan to the caller from another ePustaka', async () => {
    const reader = await member();
    await addMember(ctx, cat.privateId, reader.id, 1);
    expect((await borrow(reader, cat.publicId, cat.books.novel2019)).body.code).toBe('SUCCESS');
    const again = await borrow(reader, cat.privateId, cat.books.novel2019);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_borrowed');
  });

  test('book_not_found (404) for an unknown book or an ePustaka not holding it', async () => {
    const reader = await member();
    const unknown = await borrow(reader, cat.publicId, '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('book_not_found');
    const notHeld = await borrow(reader, cat.publicId, cat.books.privateOnly);
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.errors[0].code).toBe('book_not_found');
  });

  test('borrowing for someone else is 403 user_mismatch; without a token 401', async () => {
    const reader = await member();
    const other = await member();
    const res = await borrow(reader, cat.publicId, cat.books.novel2019, other.id);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('user_mismatch');
    const anonymous = await ctx.request('POST', '/webhook/borrow', { body: { epustaka_id: cat.publicId, user_id: reader.id, book_id: cat.books.novel2019 } });
    expect(anonymous.status).toBe(401);
  });

  test('200 concurrent borrows of the last copy: exactly one SUCCESS, 199 no_copies, never below 0', async () => {
    const epustakaId = await createEpustaka(ctx);
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const readers = await createCallers(ctx, 200);
    await addMembers(ctx, epustakaId, readers.map((r) => r.id));
    const results = await Promise.all(readers.map((r) => borrow(r, epustakaId, book)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(results.filter((r) => r.body.code === 'SUCCESS')).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 'SUCCESS');
    expect(refused).toHaveLength(199);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.errors[0].code).toBe('no_copies');
    }
    expect(await holdingOf(ctx, epustakaId, book)).toEqual({ all_qty: 1, available_qty: 0 });
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM borrows WHERE book_id = $1', [book]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('webhook/book-return', () => {
  test('closes the loan and puts the copy back when nobody waits; returning again changes nothing', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId: cat.publicId, copies: 1 }] });
    const reader = await member();
    const loan = (await borrow(reader, cat.publicId, book)).body.data;
    expect((await holdingOf(ctx, cat.publicId, book)).available_qty).toBe(0);
    const res = await giveBack(reader, loan.id);
    expect(res.status).toBe(200);
    expect(res.body.data.returned_at).not.toBeNull();
    expect((await holdingOf(ctx, cat.publicId, book)).available_qty).toBe(1);
    const again = await giveBack(reader, loan.id);
    expect(again.status).toBe(200);
    expect(again.body.data.returned_at).toBe(res.body.data.returned_at);
    expect((await holdingOf(ctx, cat.publicId, book)).available_qty).toBe(1);
    // Borrowing again after returning makes a new loan.
    const next = await borrow(reader, cat.publicId, book);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(loan.id);
  });

  test('only the borrower may return a loan; unknown loans are 404', async () => {
    const reader = await member();
    const other = await member();
    const loan = (await borrow(reader, cat.publicId, cat.books.openSains)).body.data;
    const res = await giveBack(other, loan.id);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('not_your_borrow');
    const unknown = await giveBack(reader, '0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('borrow_not_found');
  });

  test('an overdue loan closes by itself and its copy comes back', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId: cat.publicId, copies: 1 }] });
    const reader = await member();
    await borrow(reader, cat.publicId, book);
    ctx.setNow(new Date(Date.now() + 8 * DAY));
    try {
      const status = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${book}`, { token: reader.token });
      expect(status.body.data).toMatchObject({ has_borrow: false, has_borrow_before: true, borrow_key: null });
      expect((await holdingOf(ctx, cat.publicId, book)).available_qty).toBe(1);
      const other = await member();
      expect((await borrow(other, cat.publicId, book)).body.code).toBe('SUCCESS');
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('webhook/check-borrow-status', () => {
  test('tells whether the caller has the book and gives the loan key', async () => {
    const reader = await member();
    const before = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${cat.books.novel2021}`, { token: reader.token });
    expect(before.body.data).toMatchObject({ has_borrow: false, has_borrow_before: false, borrow_key: null, epustaka_id: cat.publicId, epustaka: { id: cat.publicId } });
    const loan = (await borrow(reader, cat.publicId, cat.books.novel2021)).body.data;
    const after = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${cat.books.novel2021}`, { token: reader.token });
    expect(after.body.data).toMatchObject({ has_borrow: true, has_borrow_before: true, borrow_key: loan.borrow_key, borrow_book_id: loan.id, epustaka: { id: cat.publicId } });
    await giveBack(reader, loan.id);
  });
});

describe('webhook/book-borrower-list', () => {
  test('lists current borrowers 5 at a time, or everyone with all=true, with follow flags', async () => {
    const book = await createBook(ctx, { usingDrm: false, holdings: [{ epustakaId: cat.publicId, copies: 0 }] });
    const viewer = await member();
    const readers: Caller[] = [];
    for (let i = 0; i < 7; i += 1) {
      const reader = await member();
      readers.push(reader);
      await borrow(reader, cat.publicId, book);
    }
    const loan = (await ctx.db.query<{ id: string }>('SELECT id FROM borrows WHERE user_id = $1 AND book_id = $2', [readers[0]!.id, book])).rows[0]!;
    await giveBack(readers[0]!, loan.id);
    const follow = await ctx.request('POST', '/webhook/user-follow', { token: viewer.token, body: { user_id: readers[1]!.id } });

    const current = await ctx.request('GET', `/webhook/book-borrower-list?book_id=${book}`, { token: viewer.token });
    expect(current.body.meta).toEqual({ total: 6, limit: 5, offset: 0 });
    expect(current.body.data).toHaveLength(5);
    const all = await ctx.request('GET', `/webhook/book-borrower-list?book_id=${book}&all=true&limit=10`, { token: viewer.token });
    expect(all.body.meta.total).toBe(7);
    const followed = all.body.data.find((b: { id: string }) => b.id === readers[1]!.id);
    expect(followed).toMatchObject({ followed: true, follow_id: follow.body.data.id, borrower_type: 'USER', copy: 1 });
    const notFollowed = all.body.data.find((b: { id: string }) => b.id === readers[2]!.id);
    expect(notFollowed).toMatchObject({ followed: false, follow_id: null });
  });
});
