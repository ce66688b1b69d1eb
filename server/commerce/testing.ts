import type { TestContext } from '../test/context.ts';
import { createBook, createEpustaka, type BookOptions } from '../test/catalogue.ts';
import { notificationSignature } from './gateway/midtrans.ts';
import { commerceOf } from './runtime.ts';

/* Shared steps of the commerce tests: priced books, orders and signed gateway notifications. */

/** A book with a donation price. */
export async function createPricedBook(ctx: TestContext, price: number | null, options: BookOptions = {}): Promise<string> {
  const id = await createBook(ctx, options);
  await ctx.db.query('UPDATE books SET price = $2 WHERE id = $1', [id, price]);
  return id;
}

/** A souvenir on sale. */
export async function createProduct(ctx: TestContext, price: number, weight = 500): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'INSERT INTO products (organization_id, name, price, weight) VALUES ($1, $2, $3, $4) RETURNING id',
    [ctx.config.organizationId, `Tas ePustaka ${price}`, price, weight],
  );
  return rows[0]!.id;
}

/** Adds a donation line and answers the box id. */
export async function donate(ctx: TestContext, token: string, bookId: string, epustakaId: string, copies: number, headers?: Record<string, string>) {
  return ctx.request('POST', '/webhook/add-order-box', {
    token,
    headers,
    body: { order_type: 'BOOK', order_type_id: bookId, number_of_copy: copies, category: 'DONATION', buyer_type: 'PERSONAL', epustaka_id: epustakaId },
  });
}

/** create-transaction for a box. */
export function pay(ctx: TestContext, token: string, orderBoxId: string, paymentType: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return ctx.request('POST', '/webhook/create-transaction', { token, headers, body: { order_box_id: orderBoxId, category: 'DONATION', payment_type: paymentType, ...extra } });
}

/** The live (or latest) gateway order id of a box. */
export async function gatewayOrderIdOf(ctx: TestContext, orderBoxId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ gateway_order_id: string }>(
    `SELECT gateway_order_id FROM payment_charges WHERE order_box_id = $1 ORDER BY (state = 'live') DESC, created_at DESC LIMIT 1`,
    [orderBoxId],
  );
  return rows[0]!.gateway_order_id;
}

/** The order's status as the buyer sees it. */
export async function statusOf(ctx: TestContext, token: string, orderBoxId: string): Promise<number> {
  const res = await ctx.request('GET', `/webhook/invoice-status?order_box_id=${orderBoxId}`, { token });
  return res.body.data.payment_status;
}

/** A gateway notification body, signed with `key` (the running server key unless given). */
export function signedNotification(ctx: TestContext, fields: { order_id: string; transaction_status: string; status_code: string; gross_amount: string }, key?: string) {
  const serverKey = key ?? commerceOf(ctx.deps).serverKey;
  return {
    transaction_time: '2026-11-27 10:00:00',
    transaction_id: '11111111-2222-3333-4444-555555555555',
    status_message: 'midtrans payment notification',
    payment_type: 'bank_transfer',
    currency: 'IDR',
    fraud_status: 'accept',
    ...fields,
    signature_key: notificationSignature(fields.order_id, fields.status_code, fields.gross_amount, serverKey),
  };
}

/** Plays the bank on the sandbox's pay page, as this machine's browser. */
export function sandboxDecide(ctx: TestContext, gatewayOrderId: string, action: 'pay' | 'fail' | 'expire', local = true) {
  return ctx.request('POST', `/webhook/payment-sandbox/invoice/${encodeURIComponent(gatewayOrderId)}/${action}`, {
    headers: local ? { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/x-www-form-urlencoded' } : { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** A library of the test organisation. */
export { createEpustaka };
