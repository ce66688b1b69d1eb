import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, addMembers, createBook, createCaller, createCallers, createEpustaka, holdingOf, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Antre' });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

async function member(): Promise<Caller> {
  const caller = await createCaller(ctx);
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

function borrow(caller: Caller, bookId: string) {
  return ctx.request('POST', '/webhook/borrow', { token: caller.token, body: { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId } });
}

function join(caller: Caller, bookId: string) {
  return ctx.request('POST', '/webhook/book-queue', { token: caller.token, body: { book_id: bookId, epustaka_id: epustakaId } });
}

async function loanOf(caller: Caller, bookId: string): Promise<string> {
  const res = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${bookId}`, { token: caller.token });
  return res.body.data.borrow_book_id;
}

function giveBack(caller: Caller, loanId: string) {
  return ctx.request('PUT', '/webhook/book-return', { token: caller.token, body: { borrow_book_id: loanId } });
}

/** The user currently offered a copy of the book, if any. */
async function offeredTo(bookId: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM book_queues WHERE book_id = $1 AND ended_at IS NULL AND offered_at IS NOT NULL ORDER BY offered_at, created_at',
    [bookId],
  );
  return rows.map((r) => r.user_id);
}

/** A DRM book with `copies` copies, all lent out to fresh members. */
async function fullyLentBook(copies: number): Promise<{ bookId: string; holders: Caller[] }> {
  const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies }] });
  const holders: Caller[] = [];
  for (let i = 0; i < copies; i += 1) {
    const holder = await member();
    expect((await borrow(holder, bookId)).body.code).toBe('SUCCESS');
    holders.push(holder);
  }
  return { bookId, holders };
}

describe('POST webhook/book-queue', () => {
  test('joins the line of a fully lent DRM book; a second join is 409 already_queued', async () => {
    const { bookId } = await fullyLentBook(1);
    const reader = await member();
    const res = await join(reader, bookId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ book_id: bookId, epustaka_id: epustakaId, position: 1 });
    const again = await join(reader, bookId);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_queued');
    expect(again.body.errors[0].message).toMatch(/already in the queue/);
    const detail = await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: reader.token });
    expect(detail.body.data).toMatchObject({ queue_count: 1, queue_position: 1, available_qty: 0, all_qty: 1 });
  });

  test('refuses when copies are available, for open books, books with no copies, and own loans', async () => {
    const available = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const reader = await member();
    const withCopies = await join(reader, available);
    expect(withCopies.status).toBe(409);
    expect(withCopies.body.errors[0].code).toBe('copies_available');

    const open = await createBook(ctx, { usingDrm: false, holdings: [{ epustakaId, copies: 0 }] });
    expect((await join(reader, open)).body.errors[0].code).toBe('not_queueable');
    const none = await createBook(ctx, { holdings: [{ epustakaId, copies: 0 }] });
    expect((await join(reader, none)).body.errors[0].code).toBe('not_queueable');

    const { bookId, holders } = await fullyLentBook(1);
    const own = await join(holders[0]!, bookId);
    expect(own.status).toBe(409);
    expect(own.body.errors[0].code).toBe('already_borrowed');
  });

  test('members only', async () => {
    const { bookId } = await fullyLentBook(1);
    const stranger = await createCaller(ctx);
    const res = await join(stranger, bookId);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('not_member');
  });
});

describe('queue order and offers', () => {
  test('30 concurrent joins form a strict line, and returned copies are offered in that order', async () => {
    const { bookId, holders } = await fullyLentBook(3);
    const waiting = await createCallers(ctx, 30, 'Antre');
    await addMembers(ctx, epustakaId, waiting.map((w) => w.id));
    const joins = await Promise.all(waiting.map((w) => join(w, bookId)));
    expect(joins.map((j) => j.status)).toEqual(waiting.map(() => 201));
    const positions = joins.map((j) => j.body.data.position as number);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const inJoinOrder = waiting.map((w, i) => ({ id: w.id, position: positions[i]! })).sort((a, b) => a.position - b.position).map((w) => w.id);

    // The list shows the same line, 10 at a time.
    const page = await ctx.request('GET', `/webhook/book-queue?book_id=${bookId}`, { token: holders[0]!.token });
    expect(page.body.meta).toEqual({ total: 30, limit: 10, offset: 0 });
    expect(page.body.data.map((e: { user: { id: string } }) => e.user.id)).toEqual(inJoinOrder.slice(0, 10));
    expect(page.body.data.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));

    // Each returned copy goes to the next in line and stays off the shelf.
    for (const [i, holder] of holders.entries()) {
      expect((await giveBack(holder, await loanOf(holder, bookId))).status).toBe(200);
      expect(await offeredTo(bookId)).toEqual(inJoinOrder.slice(0, i + 1));
      expect((await holdingOf(ctx, epustakaId, bookId)).available_qty).toBe(0);
    }

    // The third in line may borrow the copy held for them; others still may not.
    const third = waiting.find((w) => w.id === inJoinOrder[2])!;
    const fourth = waiting.find((w) => w.id === inJoinOrder[3])!;
    expect((await borrow(fourth, bookId)).body.errors[0].code).toBe('no_copies');
    const borrowed = await borrow(third, bookId);
    expect(borrowed.body.code).toBe('SUCCESS');
    expect(await offeredTo(bookId)).toEqual(inJoinOrder.slice(0, 2));
    expect((await holdingOf(ctx, epustakaId, bookId)).available_qty).toBe(0);

    // The third returns: the copy passes to the fourth.
    await giveBack(third, borrowed.body.data.id);
    expect(await offeredTo(bookId)).toEqual([inJoinOrder[0], inJoinOrder[1], inJoinOrder[3]]);
  });

  test('an offer not taken within 24 hours passes to the next in line, and with nobody left the copy is shelved', async () => {
    const { bookId, holders } = await fullyLentBook(1);
    const first = await member();
    const second = await member();
    await join(first, bookId);
    await join(second, bookId);
    await giveBack(holders[0]!, await loanOf(holders[0]!, bookId));
    expect(await offeredTo(bookId)).toEqual([first.id]);
    const queue = await ctx.request('GET', `/webhook/book-queue?book_id=${bookId}`, { token: first.token });
    expect(queue.body.data[0].offer_expires_at).not.toBeNull();
    const offerEnds = new Date(queue.body.data[0].offer_expires_at).getTime();
    expect(offerEnds - Date.now()).toBeGreaterThan(23 * HOUR);
    expect(offerEnds - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    ctx.setNow(new Date(Date.now() + 25 * HOUR));
    try {
      // Any read settles the lapsed offer.
      const list = await ctx.request('GET', `/webhook/book-queue?book_id=${bookId}`, { token: first.token });
      expect(list.body.data.map((e: { user: { id: string } }) => e.user.id)).toEqual([second.id]);
      expect(await offeredTo(bookId)).toEqual([second.id]);
      expect((await borrow(first, bookId)).body.errors[0].code).toBe('no_copies');

      ctx.setNow(new Date(Date.now() + 50 * HOUR));
      await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}`, { token: first.token });
      expect(await offeredTo(bookId)).toEqual([]);
      expect((await holdingOf(ctx, epustakaId, bookId)).available_qty).toBe(1);
      expect((await borrow(first, bookId)).body.code).toBe('SUCCESS');
    } finally {
      ctx.setNow(null);
    }
  });
});

describe('borrowing while waiting', () => {
  test('a loan from another ePustaka ends the borrower’s waiting place, and the line moves up', async () => {
    const other = await createEpustaka(ctx, { name: 'Perpustakaan Lain' });
    const bookId = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }, { epustakaId: other, copies: 1 }] });
    const holder = await member();
    expect((await borrow(holder, bookId)).body.code).toBe('SUCCESS');
    const [first, second] = [await member(), await member()];
    expect((await join(first, bookId)).status).toBeLessThan(300);
    expect((await join(second, bookId)).status).toBeLessThan(300);
    await addMember(ctx, other, first.id, 1);
    const elsewhere = await ctx.request('POST', '/webhook/borrow', { token: first.token, body: { epustaka_id: other, user_id: first.id, book_id: bookId } });
    expect(elsewhere.status).toBe(201);
    const { rows } = await ctx.db.query<{ ended_at: string | null; end_reason: string | null }>(
      'SELECT ended_at, end_reason FROM book_queues WHERE user_id = $1 AND book_id = $2',
      [first.id, bookId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ended_at).not.toBeNull();
    expect(rows[0]!.end_reason).toBe('borrowed');
    const page = await ctx.request('GET', `/webhook/book-detail?book_id=${bookId}&epustaka_id=${epustakaId}`, { token: second.token });
    expect(page.body.data).toMatchObject({ queue_position: 1, queue_count: 1 });
  });
});

describe('DELETE webhook/book-queue', () => {
  test('leaving gives up the place; a held copy passes to the next in line', async () => {
    const { bookId, holders } = await fullyLentBook(1);
    const first = await member();
    const second = await member();
    const entry = (await join(first, bookId)).body.data;
    await join(second, bookId);
    await giveBack(holders[0]!, await loanOf(holders[0]!, bookId));
    expect(await offeredTo(bookId)).toEqual([first.id]);

    const notMine = await ctx.request('DELETE', '/webhook/book-queue', { token: second.token, body: { queue_id: entry.id } });
    expect(notMine.status).toBe(403);
    const left = await ctx.request('DELETE', '/webhook/book-queue', { token: first.token, body: { queue_id: entry.id } });
    expect(left.status).toBe(200);
    expect(await offeredTo(bookId)).toEqual([second.id]);
    const gone = await ctx.request('DELETE', '/webhook/book-queue', { token: first.token, body: { queue_id: entry.id } });
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].code).toBe('queue_not_found');
  });
});

describe('GET webhook/book-queue', () => {
  test('searches by name and shows follow flags relative to the caller', async () => {
    const { bookId } = await fullyLentBook(1);
    const viewer = await member();
    const dewi = await createCaller(ctx, { name: 'Dewi Lestari' });
    const budi = await createCaller(ctx, { name: 'Budi Santoso' });
    for (const c of [dewi, budi]) {
      await addMember(ctx, epustakaId, c.id, 1);
      await join(c, bookId);
    }
    const follow = await ctx.request('POST', '/webhook/user-follow', { token: viewer.token, body: { user_id: budi.id } });
    const res = await ctx.request('GET', `/webhook/book-queue?book_id=${bookId}&q=budi`, { token: viewer.token });
    expect(res.body.meta.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({
      position: 2,
      user: { id: budi.id, name: 'Budi Santoso', avatar_url: null, followed: true, follow_id: follow.body.data.id },
    });
  });
});
