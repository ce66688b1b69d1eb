import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, holdingOf, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // A reader here fills two pages of the borrow shelf (27 loans).
  epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Rak', maxLoans: 30 });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

async function member(name?: string): Promise<Caller> {
  const caller = await createCaller(ctx, { name });
  await addMember(ctx, epustakaId, caller.id, 1);
  return caller;
}

function call(caller: Caller, method: string, path: string, body?: unknown) {
  return ctx.request(method, path, { token: caller.token, body });
}

async function borrow(caller: Caller, bookId: string): Promise<string> {
  const res = await call(caller, 'POST', '/webhook/borrow', { epustaka_id: epustakaId, user_id: caller.id, book_id: bookId });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data.id;
}

function giveBack(caller: Caller, loanId: string) {
  return call(caller, 'PUT', '/webhook/book-return', { borrow_book_id: loanId });
}

function queueShelf(caller: Caller) {
  return call(caller, 'GET', '/webhook/book-queue-shelf');
}

/** A readable book: a catalogue row with a stored (never streamed here) file. */
async function readableBook(options: { usingDrm?: boolean; copies?: number; title?: string } = {}): Promise<string> {
  // Its own PDF row (with a page count) instead of createBook's placeholder EPUB.
  const bookId = await createBook(ctx, { title: options.title, usingDrm: options.usingDrm ?? false, readable: false, holdings: [{ epustakaId, copies: options.copies ?? 0 }] });
  await ctx.db.query(
    `INSERT INTO book_files (book_id, kind, file_name, size, sha256, chunk_size, key_salt, pages) VALUES ($1, 'pdf', 'book.pdf', 1000, 'x', 8192, 'salt', 40)`,
    [bookId],
  );
  return bookId;
}

describe('GET webhook/book-borrow-shelf', () => {
  test('lists only the caller’s open loans, soonest due first, with due date, ePustaka and renewal', async () => {
    const reader = await member();
    const other = await member();
    const first = await createBook(ctx, { title: 'Laut Bercerita Rak', holdings: [{ epustakaId, copies: 2 }] });
    const second = await createBook(ctx, { title: 'Bumi Manusia Rak', holdings: [{ epustakaId, copies: 2 }] });
    await borrow(reader, first);
    ctx.setNow(new Date(Date.now() + DAY));
    try {
      await borrow(reader, second);
    } finally {
      ctx.setNow(null);
    }
    await borrow(other, first);

    const res = await call(reader, 'GET', '/webhook/book-borrow-shelf');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, limit: 25, offset: 0 });
    expect(res.body.data.map((l: { book_id: string }) => l.book_id)).toEqual([first, second]);
    expect(res.body.data[0]).toMatchObject({
      book_title: 'Laut Bercerita Rak',
      epustaka_id: epustakaId,
      epustaka_name: 'Perpustakaan Rak',
      using_drm: true,
      renewed_at: null,
      can_renew: true,
      queue_count: 0,
      progress: null,
    });
    expect(Date.parse(res.body.data[0].due_at) - Date.parse(res.body.data[0].borrowed_at)).toBe(7 * DAY);

    const searched = await call(reader, 'GET', '/webhook/book-borrow-shelf?q=bumi');
    expect(searched.body.data.map((l: { book_id: string }) => l.book_id)).toEqual([second]);
    const limited = await call(reader, 'GET', '/webhook/book-borrow-shelf?limit=1');
    expect(limited.body.data).toHaveLength(1);
    expect(limited.body.meta.total).toBe(2);
  });

  test('an overdue loan is never shown as open, even before it is settled', async () => {
    const reader = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    await borrow(reader, book);
    ctx.setNow(new Date(Date.now() + 8 * DAY));
    try {
      const res = await call(reader, 'GET', '/webhook/book-borrow-shelf');
      expect(res.body.data).toEqual([]);
    } finally {
      ctx.setNow(null);
    }
  });

  test('pages by 25: the first page, then the rest from offset 25', async () => {
    const reader = await member();
    for (let i = 0; i < 27; i += 1) {
      await borrow(reader, await createBook(ctx, { usingDrm: false, holdings: [{ epustakaId, copies: 0 }] }));
    }
    const first = await call(reader, 'GET', '/webhook/book-borrow-shelf');
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta).toEqual({ total: 27, limit: 25, offset: 0 });
    const rest = await call(reader, 'GET', '/webhook/book-borrow-shelf?offset=25');
    expect(rest.body.data).toHaveLength(2);
    const ids = new Set([...first.body.data, ...rest.body.data].map((l: { id: string }) => l.id));
    expect(ids.size).toBe(27);
    const reviews = await call(reader, 'GET', '/webhook/book-review-shelf?limit=25&offset=25');
    expect(reviews.body).toMatchObject({ meta: { total: 27 }, data: [expect.anything(), expect.anything()] });
  });

  test('bad paging is a coded 400, and signed out is 401', async () => {
    const reader = await member();
    const bad = await call(reader, 'GET', '/webhook/book-borrow-shelf?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_limit');
    expect((await ctx.request('GET', '/webhook/book-queue-shelf')).status).toBe(401);
  });
});

describe('returning and the queue shelf', () => {
  test('a return offers the copy to the first in line, whose queue shelf shows the offer; the shelf is not refilled', async () => {
    const holder = await member();
    const first = await member();
    const second = await member();
    const book = await createBook(ctx, { title: 'Satu Salinan', holdings: [{ epustakaId, copies: 1 }] });
    const loan = await borrow(holder, book);
    for (const waiting of [first, second]) {
      expect((await call(waiting, 'POST', '/webhook/book-queue', { book_id: book, epustaka_id: epustakaId })).status).toBe(201);
    }
    const before = await queueShelf(second);
    expect(before.body.data).toEqual([expect.objectContaining({ book_id: book, position: 2, offer_expires_at: null, epustaka_name: 'Perpustakaan Rak' })]);

    const returned = await giveBack(holder, loan);
    expect(returned.status).toBe(200);
    expect(returned.body.already_returned).toBe(false);
    expect((await holdingOf(ctx, epustakaId, book)).available_qty).toBe(0);
    expect((await call(holder, 'GET', '/webhook/book-borrow-shelf')).body.data).toEqual([]);

    const offered = await queueShelf(first);
    expect(offered.body.data).toHaveLength(1);
    expect(offered.body.data[0]).toMatchObject({ book_id: book, position: 1, book_title: 'Satu Salinan' });
    const hours = (Date.parse(offered.body.data[0].offer_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await queueShelf(second)).body.data[0].offer_expires_at).toBeNull();

    // Leaving while holding the offer passes the copy on to the next in line.
    const left = await call(first, 'DELETE', '/webhook/book-queue', { queue_id: offered.body.data[0].id });
    expect(left.status).toBe(200);
    expect((await queueShelf(first)).body.data).toEqual([]);
    const next = await queueShelf(second);
    expect(next.body.data[0]).toMatchObject({ position: 1, offer_expires_at: expect.any(String) });
    expect((await holdingOf(ctx, epustakaId, book)).available_qty).toBe(0);

    // They borrow it: the entry leaves the queue shelf and the loan is on the borrow shelf.
    await borrow(second, book);
    expect((await queueShelf(second)).body.data).toEqual([]);
    expect((await call(second, 'GET', '/webhook/book-borrow-shelf')).body.data.map((l: { book_id: string }) => l.book_id)).toEqual([book]);
  });

  test('a lapsed offer leaves the queue shelf', async () => {
    const holder = await member();
    const waiting = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const loan = await borrow(holder, book);
    await call(waiting, 'POST', '/webhook/book-queue', { book_id: book, epustaka_id: epustakaId });
    await giveBack(holder, loan);
    ctx.setNow(new Date(Date.now() + 25 * 3_600_000));
    try {
      expect((await queueShelf(waiting)).body.data).toEqual([]);
      expect((await holdingOf(ctx, epustakaId, book)).available_qty).toBe(1);
    } finally {
      ctx.setNow(null);
    }
  });

  test('returning someone else’s loan or an unknown one is refused and changes nothing; a second return says so', async () => {
    const holder = await member();
    const stranger = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const loan = await borrow(holder, book);
    const foreign = await giveBack(stranger, loan);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_your_borrow');
    const unknown = await giveBack(holder, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('borrow_not_found');
    const malformed = await giveBack(holder, 'nope');
    expect(malformed.status).toBe(400);
    expect((await holdingOf(ctx, epustakaId, book)).available_qty).toBe(0);
    expect((await call(holder, 'GET', '/webhook/book-borrow-shelf')).body.data).toHaveLength(1);

    expect((await giveBack(holder, loan)).body.already_returned).toBe(false);
    const again = await giveBack(holder, loan);
    expect(again.status).toBe(200);
    expect(again.body.already_returned).toBe(true);
    expect((await holdingOf(ctx, epustakaId, book)).available_qty).toBe(1);
  });

  test('leaving a queue twice, or another user’s entry, is a coded 4xx', async () => {
    const holder = await member();
    const waiting = await member();
    const stranger = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    await borrow(holder, book);
    const entry = (await call(waiting, 'POST', '/webhook/book-queue', { book_id: book, epustaka_id: epustakaId })).body.data;
    const foreign = await call(stranger, 'DELETE', '/webhook/book-queue', { queue_id: entry.id });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('not_your_queue');
    expect((await queueShelf(waiting)).body.data).toHaveLength(1);
    expect((await call(waiting, 'DELETE', '/webhook/book-queue', { queue_id: entry.id })).status).toBe(200);
    const twice = await call(waiting, 'DELETE', '/webhook/book-queue', { queue_id: entry.id });
    expect(twice.status).toBe(404);
    expect(twice.body.errors[0].code).toBe('queue_not_found');
  });
});

describe('PUT webhook/book-renew', () => {
  test('renews once for another loan period when nobody waits', async () => {
    const reader = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 2 }] });
    const loan = await borrow(reader, book);
    const before = (await call(reader, 'GET', '/webhook/book-borrow-shelf')).body.data[0];
    const res = await call(reader, 'PUT', '/webhook/book-renew', { borrow_book_id: loan });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.data.due_at) - Date.parse(before.due_at)).toBe(7 * DAY);
    const after = (await call(reader, 'GET', '/webhook/book-borrow-shelf')).body.data[0];
    expect(after).toMatchObject({ due_at: res.body.data.due_at, can_renew: false, renewed_at: expect.any(String) });
    const again = await call(reader, 'PUT', '/webhook/book-renew', { borrow_book_id: loan });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_renewed');
  });

  test('is refused while someone waits, for someone else’s loan and for a returned one', async () => {
    const reader = await member();
    const waiting = await member();
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const loan = await borrow(reader, book);
    await call(waiting, 'POST', '/webhook/book-queue', { book_id: book, epustaka_id: epustakaId });
    expect((await call(reader, 'GET', '/webhook/book-borrow-shelf')).body.data[0]).toMatchObject({ can_renew: false, queue_count: 1 });
    const blocked = await call(reader, 'PUT', '/webhook/book-renew', { borrow_book_id: loan });
    expect(blocked.status).toBe(409);
    expect(blocked.body.errors[0].code).toBe('queue_waiting');
    const foreign = await call(waiting, 'PUT', '/webhook/book-renew', { borrow_book_id: loan });
    expect(foreign.status).toBe(403);
    await giveBack(reader, loan);
    const closed = await call(reader, 'PUT', '/webhook/book-renew', { borrow_book_id: loan });
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe('loan_closed');
  });
});

describe('reading history', () => {
  test('reading records the book with its progress, newest first; search; nobody else sees or removes it', async () => {
    const reader = await member();
    const other = await member();
    const older = await readableBook({ title: 'Sejarah Lama' });
    const newer = await readableBook({ title: 'Cerita Baru' });
    expect((await call(reader, 'POST', '/webhook/book-reading-progress', { book_id: older, last_page: 5, total_page: 40 })).status).toBe(200);
    ctx.setNow(new Date(Date.now() + 60_000));
    try {
      expect((await call(reader, 'GET', `/webhook/open-book?book_id=${newer}`)).status).toBe(200);
    } finally {
      ctx.setNow(null);
    }
    await call(other, 'POST', '/webhook/book-reading-progress', { book_id: newer, last_page: 2, total_page: 40 });

    const res = await call(reader, 'GET', '/webhook/book-history-shelf');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
    expect(res.body.data.map((h: { object_id: string }) => h.object_id)).toEqual([newer, older]);
    expect(res.body.data[0]).toMatchObject({ object_type: 'BOOK', book_id: newer, book_title: 'Cerita Baru', file_ext: 'pdf', progress: null });
    expect(res.body.data[1]).toMatchObject({ progress: { last_page: 5, total_page: 40 } });

    // Opening again keeps the synced position and moves the book to the top.
    ctx.setNow(new Date(Date.now() + 120_000));
    try {
      await call(reader, 'GET', `/webhook/open-book?book_id=${older}`);
    } finally {
      ctx.setNow(null);
    }
    const reopened = (await call(reader, 'GET', '/webhook/book-history-shelf')).body.data;
    expect(reopened[0]).toMatchObject({ object_id: older, progress: { last_page: 5, total_page: 40 } });

    const searched = await call(reader, 'GET', '/webhook/book-history-shelf?q=sejarah');
    expect(searched.body.data.map((h: { object_id: string }) => h.object_id)).toEqual([older]);

    const theirs = (await call(other, 'GET', '/webhook/book-history-shelf')).body.data;
    expect(theirs.map((h: { object_id: string }) => h.object_id)).toEqual([newer]);
    expect(theirs[0].progress).toEqual({ last_page: 2, total_page: 40 });

    const item = res.body.data[0].id;
    const foreign = await call(other, 'DELETE', '/webhook/content-access-history', { id: item });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].code).toBe('history_not_found');
    expect((await call(reader, 'GET', '/webhook/book-history-shelf')).body.meta.total).toBe(2);
    expect((await call(reader, 'DELETE', '/webhook/content-access-history', { id: item })).status).toBe(200);
    expect((await call(reader, 'GET', '/webhook/book-history-shelf')).body.data.map((h: { object_id: string }) => h.object_id)).toEqual([older]);
    expect((await call(reader, 'DELETE', '/webhook/content-access-history', { id: item })).status).toBe(404);
    expect((await call(reader, 'DELETE', '/webhook/content-access-history', { id: 'x' })).status).toBe(400);
  });

  test('another member’s history is readable by id within the organisation only', async () => {
    const reader = await member();
    const viewer = await member();
    const book = await readableBook();
    await call(reader, 'GET', `/webhook/open-book?book_id=${book}`);
    const res = await call(viewer, 'GET', `/webhook/book-history-shelf?user_id=${reader.id}&limit=5`);
    expect(res.body.data.map((h: { object_id: string }) => h.object_id)).toEqual([book]);
    const outsider = await ctx.createUser({ organizationId: '11111111-1111-4111-8111-111111111111' });
    const hidden = await call(viewer, 'GET', `/webhook/book-history-shelf?user_id=${outsider.id}`);
    expect(hidden.status).toBe(404);
  });
});

describe('GET webhook/book-review-shelf', () => {
  test('lists every book the caller borrowed, unreviewed first, with their own review only', async () => {
    const reader = await member();
    const other = await member();
    const reviewed = await readableBook({ title: 'Sudah Diulas' });
    const pending = await readableBook({ title: 'Belum Diulas' });
    await borrow(reader, reviewed);
    await borrow(reader, pending);
    await borrow(other, pending);
    await call(other, 'POST', '/webhook/book-rating', { book_id: pending, rating_level: 2, rating_comment: 'Milik orang lain.' });
    const rating = await call(reader, 'POST', '/webhook/book-rating', { book_id: reviewed, rating_level: 4, rating_comment: 'Bagus.' });
    expect(rating.status).toBe(201);

    const res = await call(reader, 'GET', '/webhook/book-review-shelf');
    expect(res.body.meta.total).toBe(2);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: pending, book_title: 'Belum Diulas', has_rating: false, rating_id: null, rating_level: null, rating_comment: null }),
      expect.objectContaining({ id: reviewed, has_rating: true, rating_id: rating.body.data.id, rating_level: 4, rating_comment: 'Bagus.' }),
    ]);
    const stranger = await member();
    expect((await call(stranger, 'GET', '/webhook/book-review-shelf')).body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
