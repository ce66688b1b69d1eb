import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addMember, createCaller, createEpustaka, holdingOf, type Caller } from '../test/catalogue.ts';
import { computeBill } from '../../src/lib/commerce/rules.ts';
import { createTransactionResponseSchema, orderSchema } from '../../src/lib/commerce/schema.ts';
import { commerceOf } from './runtime.ts';
import { GatewayError } from './gateway/midtrans.ts';
import { createPricedBook, donate, gatewayOrderIdOf, pay, sandboxDecide, signedNotification, statusOf } from './testing.ts';

let ctx: TestContext;
let library: string;
let owner: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.config.features.bookDonation = true;
  owner = await createCaller(ctx, { name: 'Pemilik' });
  library = await createEpustaka(ctx, { name: 'Perpustakaan Kota', ownerId: owner.id });
});
afterAll(() => ctx.close());

async function notificationsOf(userId: string, event: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND event = $2', [userId, event]);
  return rows[0]!.n;
}

function notifyGateway(body: unknown) {
  return ctx.request('POST', '/webhook/payment-notification', { body });
}

/** A donor with an invoiced donation of `copies` copies at 30 000 by virtual account. */
async function invoicedDonation(copies = 2, bookId?: string) {
  const donor = await createCaller(ctx);
  const book = bookId ?? (await createPricedBook(ctx, 30_000));
  const box = (await donate(ctx, donor.token, book, library, copies)).body.data.order_box_id as string;
  const tx = await pay(ctx, donor.token, box, 'bca_va');
  expect(tx.status).toBe(201);
  return { donor, book, box, tx: tx.body.data, orderId: await gatewayOrderIdOf(ctx, box) };
}

describe('paying a donation on the sandbox', () => {
  test('the bill adds the method fee and its tax; the order waits with a deadline and an invoice page', async () => {
    const { tx, donor, box } = await invoicedDonation(3);
    const expected = computeBill([{ price: 30_000, number_of_copy: 3, discount_amount: 0 }], { admin_fee: { val_percentage: 0, val_currency: 4_000 }, tax_percentage: 11 });
    expect(tx).toMatchObject({ payment_status: 1, bill: expected.bill });
    expect(expected.bill).toBe(90_000 + 4_000 + 440);
    expect(tx.invoice_url).toMatch(/^\/webhook\/payment-sandbox\/invoice\/INV-/);
    expect(new Date(tx.expired_at).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const order = (await ctx.request('GET', `/webhook/invoice-status?order_box_id=${box}`, { token: donor.token })).body.data;
    expect(order).toMatchObject({ payment_type: 'bca_va', display_name: 'BCA Virtual Account', service_fee_amount: 4_000, tax_amount: 440, amount: 90_000 });
    expect(order.notes).toMatch(/^BCA VA \d{16}$/);
    orderSchema.strict().parse(order);
    createTransactionResponseSchema.parse({ data: tx });
    // Asking again with the same method answers the same charge.
    const again = await pay(ctx, donor.token, box, 'bca_va');
    expect(again.body.data.transaction_id).toBe(tx.transaction_id);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_charges WHERE order_box_id = $1', [box]);
    expect(rows[0]!.n).toBe(1);
  });

  test('paying donates the copies once, gives the first in the queue the offer, and tells the donor', async () => {
    const book = await createPricedBook(ctx, 30_000, { holdings: [{ epustakaId: library, copies: 1 }] });
    const [lender, waiter] = [await createCaller(ctx), await createCaller(ctx)];
    for (const m of [lender, waiter]) await addMember(ctx, library, m.id, 1);
    expect((await ctx.request('POST', '/webhook/borrow', { token: lender.token, body: { epustaka_id: library, user_id: lender.id, book_id: book } })).body.code).toBe('SUCCESS');
    expect((await ctx.request('POST', '/webhook/book-queue', { token: waiter.token, body: { book_id: book, epustaka_id: library } })).status).toBeLessThan(300);
    const { donor, box, orderId } = await invoicedDonation(2, book);

    const paid = await sandboxDecide(ctx, orderId, 'pay');
    expect(paid.status).toBe(303);
    expect(await statusOf(ctx, donor.token, box)).toBe(3);
    expect(await holdingOf(ctx, library, book)).toEqual({ all_qty: 3, available_qty: 1 });
    const { rows: offers } = await ctx.db.query('SELECT 1 FROM book_queues WHERE user_id = $1 AND offered_at IS NOT NULL AND ended_at IS NULL', [waiter.id]);
    expect(offers).toHaveLength(1);
    expect(await notificationsOf(waiter.id, 'queue_offer')).toBe(1);
    expect(await notificationsOf(donor.id, 'payment_paid')).toBe(1);
    const { rows: note } = await ctx.db.query<{ type: string; link: string }>("SELECT type, link FROM notifications WHERE user_id = $1 AND event = 'payment_paid'", [donor.id]);
    expect(note[0]).toEqual({ type: 'TRANSACTION', link: '/donation' });

    // The same notification again, and late pending/expire ones: nothing changes.
    const gross = (await ctx.db.query<{ gross_amount: string }>('SELECT gross_amount FROM payment_sandbox_charges WHERE order_id = $1', [orderId])).rows[0]!.gross_amount;
    const settled = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    expect((await notifyGateway(settled)).body.outcome).toBe('ignored');
    expect((await notifyGateway(settled)).body.outcome).toBe('duplicate');
    for (const [s, code] of [['pending', '201'], ['expire', '202'], ['deny', '202']]) {
      const res = await notifyGateway(signedNotification(ctx, { order_id: orderId, transaction_status: s!, status_code: code!, gross_amount: gross }));
      expect(res.status).toBe(200);
    }
    expect(await statusOf(ctx, donor.token, box)).toBe(3);
    expect(await holdingOf(ctx, library, book)).toEqual({ all_qty: 3, available_qty: 1 });
    expect(await notificationsOf(donor.id, 'payment_paid')).toBe(1);

    // The donor sees the book among their donations; the owner sees the donation received.
    const mine = await ctx.request('GET', '/webhook/self-donation-list', { token: donor.token });
    expect(mine.body.data[0]).toMatchObject({ id: book, all_qty: 3, available_qty: 1, donated_qty: 2, epustaka: { id: library } });
    const received = await ctx.request('GET', `/webhook/epustaka-donation-list?epustaka_id=${library}`, { token: owner.token });
    expect(received.body.data.some((d: { order_box_id: string; payment_status: number }) => d.order_box_id === box && d.payment_status === 3)).toBe(true);
    expect((await ctx.request('GET', `/webhook/epustaka-donation-list?epustaka_id=${library}`, { token: donor.token })).status).toBe(403);
  });

  test('50 notifications for one order at once make exactly one transition', async () => {
    const { donor, box, book, orderId } = await invoicedDonation(4);
    // The bank settles without telling; then the gateway's notifications all arrive together.
    await ctx.db.query("UPDATE payment_sandbox_charges SET transaction_status = 'settlement', settlement_time = now() WHERE order_id = $1", [orderId]);
    const gross = (await ctx.db.query<{ gross_amount: string }>('SELECT gross_amount FROM payment_sandbox_charges WHERE order_id = $1', [orderId])).rows[0]!.gross_amount;
    const bodies = Array.from({ length: 50 }, (_, i) => ({ ...signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross }), transaction_time: `2026-11-27 10:00:${String(i).padStart(2, '0')}` }));
    const answers = await Promise.all(bodies.map((b) => notifyGateway(b)));
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.filter((a) => a.body.outcome === 'paid')).toHaveLength(1);
    expect(await statusOf(ctx, donor.token, box)).toBe(3);
    expect(await holdingOf(ctx, library, book)).toEqual({ all_qty: 4, available_qty: 4 });
    expect(await notificationsOf(donor.id, 'payment_paid')).toBe(1);
  });

  test('a forged, unknown or mismatched notification changes nothing and answers 4xx', async () => {
    const { donor, box, orderId, tx } = await invoicedDonation(1);
    const gross = `${tx.bill}.00`;
    const forged = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross }, 'SB-Mid-server-wrong');
    expect([(await notifyGateway(forged)).status, (await notifyGateway(forged)).body.errors[0].code]).toEqual([403, 'invalid_signature']);
    const unsigned = { ...forged, signature_key: undefined };
    expect((await notifyGateway(unsigned)).status).toBe(403);
    const unknown = signedNotification(ctx, { order_id: 'INV-20260101-NOPE-1', transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    expect((await notifyGateway(unknown)).status).toBe(404);
    expect((await ctx.request('POST', '/webhook/payment-notification', { body: 'not json' })).status).toBe(400);
    // A correctly signed settlement the gateway does not confirm (still pending) moves nothing.
    const claimed = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: gross });
    expect((await notifyGateway(claimed)).body.outcome).toBe('pending');
    // The gateway's amount differs from the charge's own: refused.
    await ctx.db.query("UPDATE payment_sandbox_charges SET gross_amount = '1.00', transaction_status = 'settlement' WHERE order_id = $1", [orderId]);
    const mismatch = await notifyGateway({ ...claimed, transaction_time: '2026-11-27 11:00:00' });
    expect([mismatch.status, mismatch.body.errors[0].code]).toEqual([400, 'amount_mismatch']);
    expect(await statusOf(ctx, donor.token, box)).toBe(1);
  });

  test('an expired order cannot be paid; money that still arrives is marked paid late for the owner to accept', async () => {
    const { donor, box, orderId, tx, book } = await invoicedDonation(1);
    ctx.setNow(new Date(new Date(tx.expired_at).getTime() + 1_000));
    try {
      expect(await statusOf(ctx, donor.token, box)).toBe(5);
      expect(await notificationsOf(donor.id, 'payment_expired')).toBe(1);
      const again = await pay(ctx, donor.token, box, 'bca_va');
      expect([again.status, again.body.errors[0].code]).toEqual([409, 'order_not_payable']);
      // The sandbox was told to expire the charge: it can no longer be paid there.
      await sandboxDecide(ctx, orderId, 'pay');
      expect((await ctx.db.query<{ transaction_status: string }>('SELECT transaction_status FROM payment_sandbox_charges WHERE order_id = $1', [orderId])).rows[0]!.transaction_status).toBe('expire');
      // A bank that settled anyway: recorded, never dropped, the order stays cancelled.
      await ctx.db.query("UPDATE payment_sandbox_charges SET transaction_status = 'settlement' WHERE order_id = $1", [orderId]);
      const late = await notifyGateway(signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: `${tx.bill}.00` }));
      expect(late.body.outcome).toBe('paid_late');
      const order = (await ctx.request('GET', `/webhook/invoice-status?order_box_id=${box}`, { token: donor.token })).body.data;
      expect(order).toMatchObject({ payment_status: 5, paid_late: true, late_decision: null });
      // The library's owner accepts it after all: the copies are donated, once.
      const stranger = await ctx.request('PUT', '/webhook/transaction-late-payment', { token: donor.token, body: { transaction_id: tx.transaction_id, decision: 'accept' } });
      expect([stranger.status, stranger.body.errors[0].code]).toEqual([403, 'not_owner']);
      const accepted = await ctx.request('PUT', '/webhook/transaction-late-payment', { token: owner.token, body: { transaction_id: tx.transaction_id, decision: 'accept' } });
      expect(accepted.body.data.payment_status).toBe(3);
      expect((await holdingOf(ctx, library, book)).all_qty).toBe(1);
      const twice = await ctx.request('PUT', '/webhook/transaction-late-payment', { token: owner.token, body: { transaction_id: tx.transaction_id, decision: 'refund' } });
      expect([twice.status, twice.body.errors[0].code]).toEqual([409, 'no_late_payment']);
      expect((await holdingOf(ctx, library, book)).all_qty).toBe(1);
    } finally {
      ctx.setNow(null);
    }
  });

  test('failing at the bank moves to 4; paying again makes a new charge and cancels none twice', async () => {
    const { donor, box, orderId } = await invoicedDonation(1);
    await sandboxDecide(ctx, orderId, 'fail');
    expect(await statusOf(ctx, donor.token, box)).toBe(4);
    expect(await notificationsOf(donor.id, 'payment_failed')).toBe(1);
    const retry = await pay(ctx, donor.token, box, 'qris');
    expect(retry.body.data.payment_status).toBe(1);
    const second = await gatewayOrderIdOf(ctx, box);
    expect(second).not.toBe(orderId);
    // Switching method cancels the live charge at the gateway before the new one.
    await pay(ctx, donor.token, box, 'alfamart');
    const { rows } = await ctx.db.query<{ order_id: string; transaction_status: string }>(
      'SELECT s.order_id, s.transaction_status FROM payment_sandbox_charges s JOIN payment_charges c ON c.gateway_order_id = s.order_id WHERE c.order_box_id = $1 ORDER BY s.transaction_time, s.order_id',
      [box],
    );
    expect(rows.map((r) => r.transaction_status).sort()).toEqual(['cancel', 'deny', 'pending']);
    const live = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_charges WHERE order_box_id = $1 AND state = 'live'", [box]);
    expect(live.rows[0]!.n).toBe(1);
    // The replaced QRIS charge is paid after all, in time: it pays the order and the live one is cancelled.
    await ctx.db.query("UPDATE payment_sandbox_charges SET transaction_status = 'settlement' WHERE order_id = $1", [second]);
    const gross = (await ctx.db.query<{ gross_amount: string }>('SELECT gross_amount FROM payment_sandbox_charges WHERE order_id = $1', [second])).rows[0]!.gross_amount;
    const late = await notifyGateway(signedNotification(ctx, { order_id: second, transaction_status: 'settlement', status_code: '200', gross_amount: gross }));
    expect(late.body.outcome).toBe('paid');
    expect(await statusOf(ctx, donor.token, box)).toBe(3);
    const after = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_charges WHERE order_box_id = $1 AND state = 'live'", [box]);
    expect(after.rows[0]!.n).toBe(0);
  });

  test('20 parallel create-transaction calls with one key make one charge', async () => {
    const donor = await createCaller(ctx);
    const box = (await donate(ctx, donor.token, await createPricedBook(ctx, 12_345), library, 1)).body.data.order_box_id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(ctx, donor.token, box, 'gopay', {}, { 'idempotency-key': 'bayar-1' })));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_charges WHERE order_box_id = $1', [box]);
    expect(rows[0]!.n).toBe(1);
    const replay = await pay(ctx, donor.token, box, 'gopay', {}, { 'idempotency-key': 'bayar-1' });
    expect(replay.status).toBe(201);
  });

  test('cash waits for the owner, who alone may verify it; verifying donates the copies', async () => {
    const donor = await createCaller(ctx);
    const book = await createPricedBook(ctx, 20_000, { usingDrm: false });
    const box = (await donate(ctx, donor.token, book, library, 2)).body.data.order_box_id;
    const tx = await pay(ctx, donor.token, box, 'cash');
    expect(tx.body.data).toMatchObject({ payment_status: 2, invoice_url: null, bill: 40_000 });
    const stranger = await createCaller(ctx);
    const refused = await ctx.request('PUT', '/webhook/transaction-verification', { token: stranger.token, body: { transaction_id: tx.body.data.transaction_id } });
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, 'not_owner']);
    const ok = await ctx.request('PUT', '/webhook/transaction-verification', { token: owner.token, body: { transaction_id: tx.body.data.transaction_id } });
    expect(ok.body.data.payment_status).toBe(3);
    expect((await holdingOf(ctx, library, book)).all_qty).toBe(2);
    const twice = await ctx.request('PUT', '/webhook/transaction-verification', { token: owner.token, body: { transaction_id: tx.body.data.transaction_id } });
    expect([twice.status, twice.body.errors[0].code]).toEqual([409, 'invalid_transition']);
    expect((await holdingOf(ctx, library, book)).all_qty).toBe(2);
  });

  test('a notification whose status cannot be confirmed is answered 502 and handled when the gateway sends it again', async () => {
    const { donor, box, orderId, tx } = await invoicedDonation(1);
    await ctx.db.query("UPDATE payment_sandbox_charges SET transaction_status = 'settlement' WHERE order_id = $1", [orderId]);
    const note = signedNotification(ctx, { order_id: orderId, transaction_status: 'settlement', status_code: '200', gross_amount: `${tx.bill}.00` });
    const gateway = commerceOf(ctx.deps).gateway;
    const status = gateway.status;
    gateway.status = () => Promise.reject(new GatewayError('down'));
    try {
      expect((await notifyGateway(note)).status).toBe(502);
    } finally {
      gateway.status = status;
    }
    expect(await statusOf(ctx, donor.token, box)).toBe(1);
    expect((await notifyGateway(note)).body.outcome).toBe('paid');
    expect(await statusOf(ctx, donor.token, box)).toBe(3);
  });

  test('the lines stay as they are while a charge is being made; a charge left behind is retired later', async () => {
    const donor = await createCaller(ctx);
    const book = await createPricedBook(ctx, 10_000);
    const added = (await donate(ctx, donor.token, book, library, 1)).body.data;
    // A request is at the gateway with this box (its charge reserved, the box not yet invoiced).
    await ctx.db.query("INSERT INTO payment_charges (gateway_order_id, order_box_id, payment_type, gross_amount) VALUES ('INV-HANG-1', $1, 'bca_va', 14440)", [added.order_box_id]);
    const more = await donate(ctx, donor.token, book, library, 1);
    expect([more.status, more.body.errors[0].code]).toEqual([409, 'payment_in_progress']);
    const del = await ctx.request('DELETE', '/webhook/order-box-details', { token: donor.token, body: { order_box_detail_id: added.order_box_detail_id } });
    expect([del.status, del.body.errors[0].code]).toEqual([409, 'payment_in_progress']);
    expect((await pay(ctx, donor.token, added.order_box_id, 'bca_va')).body.errors[0].code).toBe('payment_in_progress');
    ctx.setNow(new Date(Date.now() + 3 * 60_000));
    try {
      const paid = await pay(ctx, donor.token, added.order_box_id, 'bca_va');
      expect(paid.body.data).toMatchObject({ payment_status: 1, bill: 14_440 });
      const { rows } = await ctx.db.query<{ state: string }>("SELECT state FROM payment_charges WHERE gateway_order_id = 'INV-HANG-1'");
      expect(rows[0]!.state).toBe('cancelled');
    } finally {
      ctx.setNow(null);
    }
  });

  test('the pay page answers only this machine', async () => {
    const { orderId } = await invoicedDonation(1);
    expect((await sandboxDecide(ctx, orderId, 'pay', false)).status).toBe(404);
    const page = await ctx.request('GET', `/webhook/payment-sandbox/invoice/${orderId}`, { headers: { 'x-forwarded-for': '10.0.0.5, 127.0.0.1' } }).catch(() => ({ status: 404 }));
    expect(page.status).toBe(404);
  });
});
