import { createServer, type Server } from 'node:http';
import type { Db } from '../../server/db/client.ts';
import { notificationSignature } from '../../server/commerce/gateway/midtrans.ts';
import { fixedRate } from './fixed-rate.ts';
import { cpuMsOf } from './server.ts';

/*
 * Signed gateway notifications at a fixed rate. Each step gets fresh souvenir orders waiting for
 * payment (status 1), each with its live charge, written straight into the database; a stand-in
 * gateway on loopback answers the status call of the Midtrans protocol ("settlement", the charge's
 * amount), as the real one would after a payment. Every order is notified twice, the second a
 * repeat the API must recognise. After the step the database must show each order paid exactly
 * once: status 6, one TRANSACTION notification `payment_paid`, one stored notification body.
 */

/** The server key the API, the ceiling and the signatures share during the bench. */
export const BENCH_SERVER_KEY = 'SB-Mid-server-bench-notifications';
/** The rates tried, in order, until one does not hold. */
export const NOTIFICATION_RATES = [25, 50, 100, 200, 300, 400, 500, 600, 800, 1000, 1250];
export const NOTIFICATION_P99_MS = 100;
/** What each order costs: one souvenir at Rp50.000 plus a virtual account's fee and its tax. */
const BILL = 54_440;

/** A Midtrans-protocol gateway that answers every status with a settlement of the charge's amount. */
export function standInGateway(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const match = /^\/v2\/([^/]+)\/(status|cancel|expire)$/.exec(req.url ?? '');
    const orderId = match ? decodeURIComponent(match[1]!) : '';
    const body = match?.[2] === 'status'
      ? { status_code: '200', transaction_status: 'settlement', fraud_status: 'accept', order_id: orderId, gross_amount: `${BILL}.00`, payment_type: 'bank_transfer' }
      : { status_code: match ? '200' : '404', status_message: match ? 'ok' : 'not found' };
    const text = JSON.stringify(body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** `count` orders waiting for payment, spread over `userIds`, with their charges; answers the gateway order ids. */
export async function prepareOrders(db: Db, organizationId: string, userIds: string[], tag: string, count: number): Promise<string[]> {
  const { rows: product } = await db.query<{ id: string }>(
    `INSERT INTO products (organization_id, name, price, weight) VALUES ($1, $2, 50000, 300) RETURNING id`,
    [organizationId, `Bench souvenir ${tag}`],
  );
  await db.query(
    `WITH made AS (
       INSERT INTO order_boxes (user_id, category, payment_status, transaction_id, transaction_code, payment_type, amount, service_fee_amount,
                                tax_amount, bill, expired_at, courier_code, shipping_address)
       SELECT ($2::uuid[])[1 + (n % cardinality($2::uuid[]))], 'PRODUCT', 1, gen_random_uuid(), $3 || '/' || n, 'bca_va', 50000, 4000, 440, $4,
              now() + interval '1 day', 'taken_directly', NULL
         FROM generate_series(0, $1 - 1) AS n
       RETURNING id, transaction_code
     ), lines AS (
       INSERT INTO order_box_details (order_box_id, order_type, order_type_id, price, number_of_copy)
       SELECT id, 'SOUVENIR', $5, 50000, 1 FROM made
     )
     INSERT INTO payment_charges (gateway_order_id, order_box_id, payment_type, gross_amount)
     SELECT replace(transaction_code, '/', '-'), id, 'bca_va', $4 FROM made`,
    [count, userIds, `BENCH/${tag}`, BILL, product[0]!.id],
  );
  return Array.from({ length: count }, (_, n) => `BENCH-${tag}-${n}`);
}

/** The signed settlement notification of a gateway order id, as the gateway sends it. */
export function notificationBody(orderId: string, key = BENCH_SERVER_KEY): string {
  const gross = `${BILL}.00`;
  return JSON.stringify({
    transaction_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
    transaction_status: 'settlement',
    transaction_id: orderId,
    status_message: 'midtrans payment notification',
    status_code: '200',
    signature_key: notificationSignature(orderId, '200', gross, key),
    payment_type: 'bank_transfer',
    order_id: orderId,
    gross_amount: gross,
    fraud_status: 'accept',
    currency: 'IDR',
  });
}

export interface NotificationStep {
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  /** Answers other than 200 and network errors. */
  failures: number;
  sent: number;
  /** Orders paid, TRANSACTION notifications and stored bodies per order: each must be exactly one. */
  exactlyOnce: boolean;
  effects: string;
  held: boolean;
  /** CPU the server process used per notification sent during the step (NaN without its pid). */
  cpuMs: number;
}

/**
 * One step: fresh orders, each notified twice (n and n + orders) at `rate` from 100 callers, then
 * the check. With the server's `pid`, the CPU it used per notification during the sending.
 */
export async function notificationStep(origin: string, db: Db, organizationId: string, userIds: string[], rate: number, seconds: number, tag: string, pid?: number): Promise<NotificationStep> {
  const orders = Math.max(1, Math.round((rate * seconds) / 2));
  const ids = await prepareOrders(db, organizationId, userIds, tag, orders);
  const bodies = ids.map((id) => notificationBody(id));
  let failures = 0;
  const cpuBefore = pid === undefined ? NaN : cpuMsOf(pid);
  const result = await fixedRate({
    origin,
    rate,
    amount: orders * 2,
    callers: 100,
    plan: (n) => ({ caller: n, method: 'POST', path: '/webhook/payment-notification', headers: { 'content-type': 'application/json' }, body: bodies[n % orders] }),
    // A network error (status 0) is counted once, in result.errors.
    onAnswer: (_n, status) => {
      if (status !== 200 && status !== 0) failures += 1;
    },
  });
  const cpuMs = pid === undefined ? NaN : (cpuMsOf(pid) - cpuBefore) / result.sent;
  const { rows } = await db.query<{ paid: number; notes: number; bodies: number; bad: number }>(
    `SELECT count(*) FILTER (WHERE o.payment_status = 6)::int AS paid,
            count(*) FILTER (WHERE o.payment_status <> 6)::int AS bad,
            (SELECT count(*)::int FROM notifications n JOIN order_boxes b ON n.dedupe_key = 'order:' || b.id || ':6'
              WHERE b.transaction_code LIKE $2 AND n.type = 'TRANSACTION' AND n.event = 'payment_paid') AS notes,
            (SELECT count(*)::int FROM payment_notifications p WHERE p.gateway_order_id LIKE $1) AS bodies
       FROM order_boxes o WHERE o.transaction_code LIKE $2`,
    [`BENCH-${tag}-%`, `BENCH/${tag}/%`],
  );
  const r = rows[0]!;
  const exactlyOnce = r.paid === orders && r.notes === orders && r.bodies === orders && r.bad === 0;
  const held = result.p99 <= NOTIFICATION_P99_MS && failures === 0 && result.errors === 0 && exactlyOnce && result.achieved >= rate * 0.9;
  return {
    rate, achieved: result.achieved, p50: result.p50, p99: result.p99, failures: failures + result.errors, sent: result.sent, exactlyOnce,
    effects: `${r.paid}/${orders} paid, ${r.notes} notices, ${r.bodies} bodies`, held, cpuMs,
  };
}
