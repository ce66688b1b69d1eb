import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';
import { signIn } from '../test/catalogue.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoContext();
});
afterAll(() => ctx.close());

describe('the demo shop and donations', () => {
  test('most books have a price, the shop has souvenirs, and each demo user has donations in three states and souvenirs in three more', async () => {
    const { rows: prices } = await ctx.db.query<{ priced: number; unpriced: number }>(
      'SELECT count(*) FILTER (WHERE price IS NOT NULL)::int AS priced, count(*) FILTER (WHERE price IS NULL)::int AS unpriced FROM books',
    );
    expect(prices[0]!.priced).toBeGreaterThan(prices[0]!.unpriced);
    expect(prices[0]!.unpriced).toBeGreaterThan(0);
    const { rows: products } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(products[0]!.n).toBe(5);
    const { rows: users } = await ctx.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'siswa@demo.id'");
    const token = await signIn(ctx, users[0]!);
    const ongoing = await ctx.request('GET', '/webhook/order-box-list?status=ongoing', { token });
    const history = await ctx.request('GET', '/webhook/order-box-list?status=completed', { token });
    expect(ongoing.body.data.map((o: { payment_status: number }) => o.payment_status)).toEqual([0]);
    expect(history.body.data.map((o: { payment_status: number }) => o.payment_status)).toEqual([3, 5]);
    // Souvenirs: paid and waiting, on their way (a waybill the sandbox courier can track), received.
    const shop = await ctx.request('GET', '/webhook/product-list', { token });
    expect(shop.body.data.every((p: { image_url: string | null }) => p.image_url?.startsWith('/souvenirs/'))).toBe(true);
    const shipping = await ctx.request('GET', '/webhook/order-box-list?status=ongoing&category=PRODUCT', { token });
    expect(shipping.body.data.map((o: { payment_status: number }) => o.payment_status).sort()).toEqual([6, 7]);
    const received = await ctx.request('GET', '/webhook/order-box-list?status=completed&category=PRODUCT', { token });
    expect(received.body.data.map((o: { payment_status: number }) => o.payment_status)).toEqual([8]);
    const onItsWay = shipping.body.data.find((o: { payment_status: number }) => o.payment_status === 7);
    const track = await ctx.request('POST', '/webhook/shipping-waybill', { token, body: { courier: 'jne', receipt_number: onItsWay.receipt_number } });
    expect([track.status, track.body.data.delivery_status.status]).toEqual([200, 'ON PROCESS']);
    const donated = await ctx.request('GET', '/webhook/self-donation-list', { token });
    expect(donated.body.data[0].all_qty).toBeGreaterThanOrEqual(donated.body.data[0].donated_qty);
  });
});
