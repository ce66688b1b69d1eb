import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, createEpustaka } from '../test/catalogue.ts';
import { createPricedBook, donate, gatewayOrderIdOf, pay, signedNotification } from './testing.ts';
import { expireDueOrders } from './expiry.ts';

let ctx: TestContext;
let library: string;

beforeAll(async () => {
  ctx = await createTestContext({ commerce: { ...(await import('./settings.ts')).readCommerceSettings({ PAYMENT_WINDOW_MINUTES: '30' }, false) } });
  ctx.config.features.bookDonation = true;
  library = await createEpustaka(ctx);
});
afterAll(() => ctx.close());

async function invoiced() {
  const donor = await createCaller(ctx);
  const box = (await donate(ctx, donor.token, await createPricedBook(ctx, 15_000), library, 1)).body.data.order_box_id as string;
  const tx = (await pay(ctx, donor.token, box, 'permata_va')).body.data;
  return { donor, box, tx, orderId: await gatewayOrderIdOf(ctx, box) };
}

const statusRow = async (box: string) => (await ctx.db.query<{ payment_status: number; paid_late: boolean }>('SELECT payment_status, paid_late FROM order_boxes WHERE id = $1', [box])).rows[0]!;

describe('the payment deadline', () => {
  test('is the configured window; the sweeper expires due orders at that time on its clock, not before', async () => {
    const { box, tx } = await invoiced();
    const deadline = new Date(tx.expired_at).getTime();
    expect(deadline - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    ctx.setNow(new Date(deadline - 1_000));
    try {
      await expireDueOrders(ctx.deps);
      expect((await statusRow(box)).payment_status).toBe(1);
      ctx.setNow(new Date(deadline));
      expect(await expireDueOrders(ctx.deps)).toBeGreaterThanOrEqual(1);
      expect((await statusRow(box)).payment_status).toBe(5);
      expect(await expireDueOrders(ctx.deps)).toBe(0);
    } finally {
      ctx.setNow(null);
    }
  });

  test('a settlement racing the sweeper ends in one final state', async () => {
    const { box, tx, orderId } = await invoiced();
    await ctx.db.query("UPDATE payment_sandbox_charges SET transaction_status = 'settlement' WHERE order_id = $1", [orderId]);
    ctx.setNow(new Date(new Date(tx.expired_at).getTime() + 1));
    try {
      const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: `${tx.bill}.00` });
      const [, answer] = await Promise.all([expireDueOrders(ctx.deps), ctx.request('POST', '/webhook/payment-notification', { body: note })]);
      expect(answer.status).toBe(200);
      // Past the deadline the order is cancelled whoever came first, and the money is kept as paid late.
      expect(await statusRow(box)).toEqual({ payment_status: 5, paid_late: true });
      const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE event = 'payment_expired' AND link = '/donation' AND params->>'code' = $1", [tx.transaction_code]);
      expect(rows[0]!.n).toBe(1);
    } finally {
      ctx.setNow(null);
    }
  });
});
