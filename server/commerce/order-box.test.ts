import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createPricedBook, donate } from './testing.ts';
import { addOrderBoxResponseSchema, orderLineSchema, orderSchema } from '../../src/lib/commerce/schema.ts';

let ctx: TestContext;
let library: string;
let book: string;
let buyer: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.config.features.bookDonation = true;
  library = await createEpustaka(ctx, { name: 'Perpustakaan Donasi' });
  book = await createPricedBook(ctx, 45_000, { title: 'Laskar Pelangi' });
  buyer = await createCaller(ctx);
});
afterAll(() => ctx.close());

describe('POST webhook/add-order-box', () => {
  test('puts a donation line into the open box; totals are count × price in whole rupiah', async () => {
    const res = await donate(ctx, buyer.token, book, library, 3);
    expect(res.status).toBe(201);
    const boxId = res.body.data.order_box_id;
    // The same book for the same library adds copies to its line, in the same open box.
    const again = await donate(ctx, buyer.token, book, library, 2);
    expect(again.body.data.order_box_id).toBe(boxId);
    const lines = await ctx.request('GET', `/webhook/order-box-details?order_box_id=${boxId}`, { token: buyer.token });
    expect(lines.body.data).toHaveLength(1);
    expect(lines.body.data[0]).toMatchObject({ order_type: 'BOOK', price: 45_000, number_of_copy: 5, discount_amount: 0, total: 225_000 });
    expect(lines.body.data[0].order_object.book_title).toBe('Laskar Pelangi');
    expect(lines.body.data[0].epustaka).toEqual({ id: library, epustaka_name: 'Perpustakaan Donasi' });
    const order = await ctx.request('GET', `/webhook/invoice-status?order_box_id=${boxId}`, { token: buyer.token });
    expect(order.body.data).toMatchObject({ payment_status: 0, amount: 225_000, discount_amount: 0, bill: 225_000, item_count: 1, category: 'DONATION' });
    // The answers have exactly the contract's fields.
    orderSchema.strict().parse(order.body.data);
    orderLineSchema.strict().parse(lines.body.data[0]);
    addOrderBoxResponseSchema.parse(res.body);
  });

  test.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['huge', 1_000_001],
    ['text', '2'],
  ])('refuses a %s copy count with 400 invalid_number_of_copy', async (_name, count) => {
    const res = await donate(ctx, buyer.token, book, library, count as number);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_number_of_copy');
  });

  test('refuses a book without a price, a library of another organisation and an unknown book', async () => {
    const unpriced = await createPricedBook(ctx, null);
    expect((await donate(ctx, buyer.token, unpriced, library, 1)).body.errors[0].code).toBe('not_donatable');
    const other = '7a1c2a4e-8b3d-4c5e-9a7f-0d1e2f3a4b5c';
    await ctx.db.query('INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [other, 'Lain']);
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO epustaka (organization_id, epustaka_name) VALUES ($1, 'Luar') RETURNING id`, [other]);
    const foreign = await donate(ctx, buyer.token, book, rows[0]!.id, 1);
    expect([foreign.status, foreign.body.errors[0].code]).toEqual([400, 'invalid_epustaka']);
    const unknown = await donate(ctx, buyer.token, '00000000-0000-4000-8000-000000000000', library, 1);
    expect([unknown.status, unknown.body.errors[0].code]).toEqual([404, 'item_not_found']);
    const mismatch = await ctx.request('POST', '/webhook/add-order-box', { token: buyer.token, body: { order_type: 'BOOK', order_type_id: book, number_of_copy: 1, category: 'PRODUCT', epustaka_id: library } });
    expect(mismatch.body.errors[0].code).toBe('category_mismatch');
  });

  test('refuses donations with a coded error while book donation is turned off', async () => {
    ctx.config.features.bookDonation = false;
    try {
      const res = await donate(ctx, buyer.token, book, library, 1);
      expect([res.status, res.body.errors[0].code]).toEqual([400, 'donation_disabled']);
    } finally {
      ctx.config.features.bookDonation = true;
    }
  });

  test('an Idempotency-Key replays the first answer, refuses another body, and adds once under 20 parallel tries', async () => {
    const me = await createCaller(ctx);
    const headers = { 'idempotency-key': 'klik-1' };
    const tries = await Promise.all(Array.from({ length: 20 }, () => donate(ctx, me.token, book, library, 2, headers)));
    const ok = tries.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of tries) expect([201, 409]).toContain(r.status);
    const replay = await donate(ctx, me.token, book, library, 2, headers);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(ok[0]!.body);
    const lines = await ctx.request('GET', `/webhook/order-box-details?order_box_id=${replay.body.data.order_box_id}`, { token: me.token });
    expect(lines.body.data[0].number_of_copy).toBe(2);
    const reused = await donate(ctx, me.token, book, library, 3, headers);
    expect([reused.status, reused.body.errors[0].code]).toEqual([422, 'idempotency_key_reused']);
  });
});

describe('order box access and lines', () => {
  test("another user's box and lines answer 404 and stay as they are", async () => {
    const owner = await createCaller(ctx);
    const box = (await donate(ctx, owner.token, book, library, 1)).body.data;
    const thief = await createCaller(ctx);
    for (const path of [`/webhook/invoice-status?order_box_id=${box.order_box_id}`, `/webhook/order-box-details?order_box_id=${box.order_box_id}`]) {
      const res = await ctx.request('GET', path, { token: thief.token });
      expect([res.status, res.body.errors[0].code]).toEqual([404, 'order_not_found']);
    }
    const del = await ctx.request('DELETE', '/webhook/order-box-details', { token: thief.token, body: { order_box_detail_id: box.order_box_detail_id } });
    expect(del.status).toBe(404);
    const pay = await ctx.request('POST', '/webhook/create-transaction', { token: thief.token, body: { order_box_id: box.order_box_id, category: 'DONATION', payment_type: 'cash' } });
    expect(pay.status).toBe(404);
    expect((await ctx.request('GET', `/webhook/invoice-status?order_box_id=${box.order_box_id}`, { token: owner.token })).body.data.payment_status).toBe(0);
  });

  test('deleting the last line removes the box, which then lists nowhere', async () => {
    const me = await createCaller(ctx);
    const box = (await donate(ctx, me.token, book, library, 1)).body.data;
    const del = await ctx.request('DELETE', '/webhook/order-box-details', { token: me.token, body: { order_box_detail_id: box.order_box_detail_id } });
    expect(del.body.data).toEqual({ order_box_id: box.order_box_id, item_count: 0 });
    const list = await ctx.request('GET', '/webhook/order-box-list?status=ongoing&category=DONATION', { token: me.token });
    expect(list.body.meta.total).toBe(0);
    expect((await ctx.request('GET', `/webhook/invoice-status?order_box_id=${box.order_box_id}`, { token: me.token })).status).toBe(404);
  });

  test('lists ongoing and completed orders per category, 15 a page', async () => {
    const me = await createCaller(ctx);
    await donate(ctx, me.token, book, library, 1);
    const ongoing = await ctx.request('GET', '/webhook/order-box-list', { token: me.token });
    expect(ongoing.body.meta).toMatchObject({ total: 1, limit: 15, offset: 0 });
    expect((await ctx.request('GET', '/webhook/order-box-list?status=completed', { token: me.token })).body.meta.total).toBe(0);
    expect((await ctx.request('GET', '/webhook/order-box-list?category=PRODUCT', { token: me.token })).body.meta.total).toBe(0);
    expect((await ctx.request('GET', '/webhook/order-box-list?category=FOO', { token: me.token })).body.errors[0].code).toBe('invalid_category');
  });
});
