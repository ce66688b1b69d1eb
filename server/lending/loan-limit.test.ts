import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, holdingOf, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function borrow(caller: Caller, epustakaId: string, bookId: string) {
  return ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId } });
}

function setLimit(caller: Caller, epustakaId: string, limit: unknown) {
  return ctx.request('PUT', '/webhook/epustaka-settings', { token: caller.token, body: { epustaka_id: epustakaId, max_loans_per_member: limit } });
}

/** A library owned by a new user, with `books` two-copy DRM books and one member. */
async function library(books: number, limit?: number) {
  const owner = await createCaller(ctx);
  const epustakaId = await createEpustaka(ctx, { ownerId: owner.id });
  if (limit !== undefined) await ctx.db.query('UPDATE epustaka SET max_loans_per_member = $2 WHERE id = $1', [epustakaId, limit]);
  const bookIds = await Promise.all(Array.from({ length: books }, () => createBook(ctx, { holdings: [{ epustakaId, copies: 2 }] })));
  const reader = await createCaller(ctx);
  await addMember(ctx, epustakaId, reader.id, 1);
  return { owner, epustakaId, bookIds, reader };
}

describe('loan limit per member', () => {
  test('a new library allows 5 open loans; the 6th is a coded 409, and returning one makes room', async () => {
    const { epustakaId, bookIds, reader } = await library(6);
    const loans = [];
    for (const book of bookIds.slice(0, 5)) {
      const res = await borrow(reader, epustakaId, book);
      expect(res.status).toBe(201);
      loans.push(res.body.data.id);
    }
    const refused = await borrow(reader, epustakaId, bookIds[5]!);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('loan_limit_reached');
    expect(await holdingOf(ctx, epustakaId, bookIds[5]!)).toEqual({ all_qty: 2, available_qty: 2 });
    // Asking again for a book already on loan still answers that loan.
    expect((await borrow(reader, epustakaId, bookIds[0]!)).status).toBe(200);
    const holdings = await ctx.request('GET', `/webhook/epustaka-borrow?book_id=${bookIds[5]}`, { token: reader.token });
    expect(holdings.body.data[0]).toMatchObject({ id: epustakaId, loan_limit: 5, open_loans: 5 });
    await ctx.request('PUT', '/webhook/book-return', { token: reader.token, body: { borrow_book_id: loans[0] } });
    expect((await borrow(reader, epustakaId, bookIds[5]!)).status).toBe(201);
  });

  test('loans from other libraries and overdue loans do not count', async () => {
    const { epustakaId, bookIds, reader } = await library(2, 1);
    const other = await createEpustaka(ctx);
    await addMember(ctx, other, reader.id, 1);
    const elsewhere = await createBook(ctx, { holdings: [{ epustakaId: other, copies: 1 }] });
    expect((await borrow(reader, other, elsewhere)).status).toBe(201);
    expect((await borrow(reader, epustakaId, bookIds[0]!)).status).toBe(201);
    expect((await borrow(reader, epustakaId, bookIds[1]!)).status).toBe(409);
    await ctx.db.query(`UPDATE borrows SET due_at = now() - interval '1 minute' WHERE user_id = $1 AND epustaka_id = $2`, [reader.id, epustakaId]);
    expect((await borrow(reader, epustakaId, bookIds[1]!)).status).toBe(201);
  });

  test('parallel borrows of different books never pass the limit', async () => {
    const { epustakaId, bookIds, reader } = await library(12, 3);
    const answers = await Promise.all(bookIds.map((book) => borrow(reader, epustakaId, book)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9);
    for (const res of refused) expect(res.body.errors[0].code).toBe('loan_limit_reached');
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM borrows WHERE user_id = $1 AND returned_at IS NULL', [reader.id]);
    expect(rows[0]!.n).toBe(3);
    const copies = await Promise.all(bookIds.map((book) => holdingOf(ctx, epustakaId, book)));
    expect(copies.reduce((sum, h) => sum + (h.all_qty - h.available_qty), 0)).toBe(3);
  });

  test('claiming a copy offered from the queue counts: at the limit it is refused and the copy stays held', async () => {
    const { epustakaId, bookIds, reader } = await library(2, 1);
    const scarce = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const holder = await createCaller(ctx);
    await addMember(ctx, epustakaId, holder.id, 1);
    const held = await borrow(holder, epustakaId, scarce);
    expect(held.status).toBe(201);
    expect((await ctx.request('POST', '/webhook/book-queue', { token: reader.token, body: { book_id: scarce, epustaka_id: epustakaId } })).status).toBeLessThan(300);
    expect((await borrow(reader, epustakaId, bookIds[0]!)).status).toBe(201);
    await ctx.request('PUT', '/webhook/book-return', { token: holder.token, body: { borrow_book_id: held.body.data.id } });
    const { rows } = await ctx.db.query<{ offered: boolean }>(
      'SELECT offered_at IS NOT NULL AS offered FROM book_queues WHERE user_id = $1 AND book_id = $2 AND ended_at IS NULL',
      [reader.id, scarce],
    );
    expect(rows[0]?.offered).toBe(true);
    const claim = await borrow(reader, epustakaId, scarce);
    expect(claim.status).toBe(409);
    expect(claim.body.errors[0].code).toBe('loan_limit_reached');
    const still = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM book_queues WHERE user_id = $1 AND book_id = $2 AND ended_at IS NULL AND offered_at IS NOT NULL', [reader.id, scarce]);
    expect(still.rows[0]!.n).toBe(1);
    expect(await holdingOf(ctx, epustakaId, scarce)).toEqual({ all_qty: 1, available_qty: 0 });
  });
});

describe('webhook/epustaka-settings', () => {
  test('the owner sets the limit; the managed list shows it, and borrowing follows it', async () => {
    const { owner, epustakaId, bookIds, reader } = await library(3);
    const res = await setLimit(owner, epustakaId, 2);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ epustaka_id: epustakaId, max_loans_per_member: 2 });
    const managed = await ctx.request('GET', '/webhook/epustaka-list?managed=true', { token: owner.token });
    expect(managed.body.data.find((l: { id: string }) => l.id === epustakaId)).toMatchObject({ max_loans_per_member: 2, is_owner: true });
    expect((await borrow(reader, epustakaId, bookIds[0]!)).status).toBe(201);
    expect((await borrow(reader, epustakaId, bookIds[1]!)).status).toBe(201);
    expect((await borrow(reader, epustakaId, bookIds[2]!)).status).toBe(409);
  });

  test('only the owner may change it: an administrator and a member get 403, and nothing changes', async () => {
    const { epustakaId, reader } = await library(0);
    const admin = await createCaller(ctx);
    await addMember(ctx, epustakaId, admin.id, 1);
    await ctx.db.query('UPDATE epustaka_members SET is_admin = true WHERE epustaka_id = $1 AND user_id = $2', [epustakaId, admin.id]);
    for (const caller of [admin, reader]) {
      const res = await setLimit(caller, epustakaId, 50);
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('not_epustaka_owner');
    }
    const managed = await ctx.request('GET', '/webhook/epustaka-list?managed=true', { token: admin.token });
    expect(managed.body.data.find((l: { id: string }) => l.id === epustakaId)).toMatchObject({ max_loans_per_member: 5, is_owner: false });
    const { rows } = await ctx.db.query<{ n: number }>('SELECT max_loans_per_member AS n FROM epustaka WHERE id = $1', [epustakaId]);
    expect(rows[0]!.n).toBe(5);
  });

  test('bad input is a coded 400; an unknown library is 404; signed out is 401', async () => {
    const { owner, epustakaId } = await library(0);
    for (const bad of [0, 101, 2.5, '3', null, -1]) {
      const res = await setLimit(owner, epustakaId, bad);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('invalid_max_loans_per_member');
    }
    const badId = await ctx.request('PUT', '/webhook/epustaka-settings', { token: owner.token, body: { epustaka_id: 'x', max_loans_per_member: 3 } });
    expect(badId.body.errors[0].code).toBe('invalid_epustaka_id');
    const unknown = await setLimit(owner, '00000000-0000-4000-8000-000000000000', 3);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('epustaka_not_found');
    expect((await ctx.request('PUT', '/webhook/epustaka-settings', { body: { epustaka_id: epustakaId, max_loans_per_member: 3 } })).status).toBe(401);
  });
});
