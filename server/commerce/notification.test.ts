import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { countStatements } from '../test/statements.ts';
import { commerceOf } from './runtime.ts';
import { UNFINISHED_AFTER_SECONDS } from './charges.repository.ts';
import type { GatewayTransaction } from './gateway/midtrans.ts';
import { createProduct, gatewayOrderIdOf, signedNotification, statusOf } from './testing.ts';

let ctx: TestContext;
let buyer: Caller;
let product: string;

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createCaller(ctx);
  product = await createProduct(ctx, 50_000, 300);
});
afterAll(() => ctx.close());

/** A souvenir order waiting for payment by virtual account: its box, gateway order id and bill. */
async function invoicedSouvenir() {
  const add = await ctx.request('POST', '/webhook/add-order-box', { token: buyer.token, body: { order_type: 'SOUVENIR', order_type_id: product, number_of_copy: 1, category: 'PRODUCT' } });
  const box = add.body.data.order_box_id as string;
  const shipping = { courier: 'jne', service: 'REG', destination: '23', address: 'Jl. Merdeka 1, Bandung' };
  const tx = await ctx.request('POST', '/webhook/create-transaction', { token: buyer.token, body: { order_box_id: box, category: 'PRODUCT', payment_type: 'bca_va', shipping } });
  expect(tx.status).toBe(201);
  return { box, orderId: await gatewayOrderIdOf(ctx, box), gross: `${tx.body.data.bill}.00` };
}

/** Runs `fn` while the gateway answers every status call with `status` (and counts the calls). */
async function withGatewayStatus<T>(status: Omit<GatewayTransaction, 'order_id'>, fn: (calls: string[]) => Promise<T>): Promise<T> {
  const gateway = commerceOf(ctx.deps).gateway;
  const real = gateway.status;
  const calls: string[] = [];
  gateway.status = async (orderId) => {
    calls.push(orderId);
    return { ...status, order_id: orderId };
  };
  try {
    return await fn(calls);
  } finally {
    gateway.status = real;
  }
}

const notify = (body: unknown) => ctx.request('POST', '/webhook/payment-notification', { body });

const settlement = (gross: string) => ({ transaction_status: 'settlement', status_code: '200', gross_amount: gross, fraud_status: 'accept' });

async function paidNotices(box: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE dedupe_key = $1 AND event = 'payment_paid'", [`order:${box}:6`]);
  return rows[0]!.n;
}

/** Stores `note` as received `ageSeconds` ago and never finished, as a handler that stopped midway leaves it. */
async function storedUnfinished(note: unknown, orderId: string, ageSeconds: number): Promise<void> {
  await ctx.db.query(
    `INSERT INTO payment_notifications (body_hash, gateway_order_id, transaction_status, body, received_at)
     VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2, 'settlement', $1::jsonb, now() - make_interval(secs => $3))`,
    [JSON.stringify(note), orderId, ageSeconds],
  );
}

describe('gateway notifications', () => {
  // What a notification costs is counted in round trips to the database, which do not depend on
  // how busy the machine is: each is a wait for the database and a turn of the event loop.
  test('a settlement costs at most 8 round trips to the database, in one transaction but the first; its repeat costs 1 and asks the gateway nothing', async () => {
    const { box, orderId, gross } = await invoicedSouvenir();
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    await withGatewayStatus(settlement(gross), async (calls) => {
      const first = await countStatements(ctx.db, () => notify(note));
      expect(first.value.body.outcome).toBe('paid');
      expect(first.transactions).toBe(1);
      expect(first.roundTrips).toBeLessThanOrEqual(8);
      const repeat = await countStatements(ctx.db, () => notify(note));
      expect(repeat.value.body.outcome).toBe('duplicate');
      expect([repeat.roundTrips, repeat.transactions]).toEqual([1, 0]);
      expect(calls).toEqual([orderId]);
    });
    expect(await statusOf(ctx, buyer.token, box)).toBe(6);
    expect(await paidNotices(box)).toBe(1);
    const { rows } = await ctx.db.query<{ outcome: string }>('SELECT outcome FROM payment_notifications WHERE gateway_order_id = $1', [orderId]);
    expect(rows).toEqual([{ outcome: 'paid' }]);
  });

  test('the same notification 20 times at once: one is acted on, the others are repeats that never ask the gateway', async () => {
    const { box, orderId, gross } = await invoicedSouvenir();
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    await withGatewayStatus(settlement(gross), async (calls) => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => notify(note)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(answers.filter((a) => a.body.outcome === 'paid')).toHaveLength(1);
      expect(answers.filter((a) => a.body.outcome === 'duplicate')).toHaveLength(19);
      expect(calls).toHaveLength(1);
    });
    expect(await statusOf(ctx, buyer.token, box)).toBe(6);
    expect(await paidNotices(box)).toBe(1);
  });

  test('a notification whose transaction fails is not kept as seen: the gateway\'s retry of it is acted on', async () => {
    const { box, orderId, gross } = await invoicedSouvenir();
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    await withGatewayStatus(settlement(gross), async () => {
      const db = ctx.db as { transaction: typeof ctx.db.transaction };
      const transaction = db.transaction;
      db.transaction = () => Promise.reject(new Error('the connection was lost'));
      try {
        expect((await notify(note)).status).toBe(500);
      } finally {
        db.transaction = transaction;
      }
      expect(await statusOf(ctx, buyer.token, box)).toBe(1);
      expect((await notify(note)).body.outcome).toBe('paid');
    });
    expect(await statusOf(ctx, buyer.token, box)).toBe(6);
    expect(await paidNotices(box)).toBe(1);
  });

  test('a notification stored but never finished (its handler died) is acted on when the gateway sends it again, not answered as a repeat', async () => {
    const { box, orderId, gross } = await invoicedSouvenir();
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    await withGatewayStatus(settlement(gross), async () => {
      // The first delivery stored the body and went no further.
      await storedUnfinished(note, orderId, UNFINISHED_AFTER_SECONDS + 5);
      expect((await notify(note)).body.outcome).toBe('paid');
      expect((await notify(note)).body.outcome).toBe('duplicate');
    });
    expect(await statusOf(ctx, buyer.token, box)).toBe(6);
    expect(await paidNotices(box)).toBe(1);
  });

  test('a repeat arriving while the first may still be handled is answered as a repeat', async () => {
    const { box, orderId, gross } = await invoicedSouvenir();
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    await storedUnfinished(note, orderId, 0);
    await withGatewayStatus(settlement(gross), async (calls) => {
      expect((await notify(note)).body.outcome).toBe('duplicate');
      expect(calls).toHaveLength(0);
    });
    expect(await statusOf(ctx, buyer.token, box)).toBe(1);
  });
});
