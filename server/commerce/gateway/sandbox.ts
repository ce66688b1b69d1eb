import { Hono } from 'hono';
import type { ApiDeps } from '../../deps.ts';
import { notificationSignature, jakartaTime, type GatewayTransport } from './midtrans.ts';
import { expireSandboxCharge, findSandboxCharge, insertSandboxCharge, settleSandboxCharge, type SandboxChargeRow } from './sandbox.repository.ts';

/*
 * The built-in payment sandbox: a gateway that answers Midtrans' Core API (charge, status, cancel,
 * expire) in this process, keeps its charges in the database, and lets the person paying choose on
 * its pay page (sandbox-page.ts) to pay, fail or let the charge expire. Each outcome is sent to the
 * product's notification URL as Midtrans sends it: a JSON POST signed with
 * SHA-512(order_id + status_code + gross_amount + server key). An undelivered notification is sent
 * again after 1, 4, 16 and 64 seconds.
 */

/** Midtrans' status_code of a transaction status, in a notification and in a status answer. */
const NOTIFICATION_CODES: Record<string, string> = { settlement: '200', capture: '200', pending: '201', deny: '202', cancel: '202', expire: '202' };
const STATUS_CODES: Record<string, string> = { settlement: '200', capture: '200', pending: '201', deny: '202', cancel: '200', expire: '407' };

/** The sandbox: its Core API as the adapter's transport, and the outcomes its pay page offers. */
export interface PaymentSandbox {
  transport: GatewayTransport;
  /** Moves a pending charge to `settlement`, `deny` or `expire` and notifies; false when it was not pending. */
  decide(orderId: string, outcome: 'settlement' | 'deny' | 'expire'): Promise<boolean>;
  find(orderId: string): Promise<SandboxChargeRow | undefined>;
}

/** Where the sandbox delivers its notifications (the product's notification route, in process). */
export type NotificationSink = (request: Request) => Promise<Response>;

function wholeAmount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A deterministic 16-digit virtual account number of an order id. */
function accountNumber(orderId: string, prefix: string): string {
  let h = 0;
  for (const ch of orderId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return `${prefix}${String(h).padStart(10, '0')}`.slice(0, 16).padEnd(16, '7');
}

/** The body Midtrans sends for a charge, or answers for its status. */
export function transactionBody(row: SandboxChargeRow, codes: Record<string, string>, serverKey?: string): Record<string, unknown> {
  const statusCode = codes[row.transaction_status] ?? '200';
  const body: Record<string, unknown> = {
    status_code: statusCode,
    status_message: serverKey ? 'midtrans payment notification' : `Success, transaction is found`,
    transaction_id: row.transaction_id,
    order_id: row.order_id,
    merchant_id: 'G000000000',
    gross_amount: row.gross_amount,
    currency: 'IDR',
    payment_type: row.payment_type,
    transaction_time: jakartaTime(new Date(row.transaction_time)).slice(0, 19),
    transaction_status: row.transaction_status,
    fraud_status: 'accept',
    expiry_time: jakartaTime(new Date(row.expiry_time)).slice(0, 19),
  };
  if (row.settlement_time) body.settlement_time = jakartaTime(new Date(row.settlement_time)).slice(0, 19);
  if (row.payment_type === 'bank_transfer' && row.bank === 'permata') body.permata_va_number = accountNumber(row.order_id, '8778');
  else if (row.payment_type === 'bank_transfer') body.va_numbers = [{ bank: row.bank, va_number: accountNumber(row.order_id, '9') }];
  if (row.payment_type === 'echannel') Object.assign(body, { bill_key: accountNumber(row.order_id, '7').slice(0, 12), biller_code: '70012' });
  if (row.payment_type === 'cstore') Object.assign(body, { store: row.bank, payment_code: accountNumber(row.order_id, '25').slice(0, 14) });
  if (serverKey) body.signature_key = notificationSignature(row.order_id, statusCode, row.gross_amount, serverKey);
  return body;
}

/**
 * Makes the sandbox. `invoiceUrl` gives its pay page's address for an order id; `sink` receives
 * its notifications.
 */
export function createPaymentSandbox(deps: ApiDeps, options: { serverKey: string; invoiceUrl: (orderId: string) => string; sink: NotificationSink }): PaymentSandbox {
  const api = new Hono();
  const expectedAuth = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;
  const answer = (body: Record<string, unknown>) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

  api.use(async (c, next) => {
    if (c.req.header('authorization') !== expectedAuth) return answer({ status_code: '401', status_message: 'Access denied due to unauthorized transaction, please check client or server key' });
    await next();
  });

  api.post('/v2/charge', async (c) => {
    const req = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    const orderId = req?.transaction_details?.order_id;
    const gross = wholeAmount(req?.transaction_details?.gross_amount);
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9_.~-]{1,50}$/.test(orderId) || gross === null) {
      return answer({ status_code: '400', status_message: 'One or more parameters in the payload is invalid.' });
    }
    const type = String(req?.payment_type ?? '');
    if (!['bank_transfer', 'echannel', 'gopay', 'shopeepay', 'qris', 'cstore'].includes(type)) {
      return answer({ status_code: '402', status_message: 'Payment channel is not activated.' });
    }
    const now = deps.now();
    const minutes = Number(req?.custom_expiry?.expiry_duration) || 24 * 60;
    const bank = type === 'bank_transfer' ? String(req?.bank_transfer?.bank ?? 'bca') : type === 'cstore' ? String(req?.cstore?.store ?? 'indomaret') : null;
    const row = await insertSandboxCharge(deps.db, {
      orderId, paymentType: type, bank, grossAmount: `${gross}.00`, at: now, expiry: new Date(now.getTime() + minutes * 60_000), request: req,
    });
    if (!row) return answer({ status_code: '406', status_message: 'The request could not be completed due to a conflict with the current state of the target resource, please try again' });
    const body = transactionBody(row, STATUS_CODES);
    body.status_message = 'Success, transaction is created';
    body.redirect_url = options.invoiceUrl(orderId);
    if (type === 'gopay' || type === 'shopeepay' || type === 'qris') {
      body.actions = [{ name: 'generate-qr-code', method: 'GET', url: `${options.invoiceUrl(orderId)}?qr=1` }];
    }
    return answer(body);
  });

  api.get('/v2/:orderId/status', async (c) => {
    const orderId = c.req.param('orderId');
    await expireSandboxCharge(deps.db, orderId, deps.now());
    const row = await findSandboxCharge(deps.db, orderId);
    if (!row) return answer({ status_code: '404', status_message: "Transaction doesn't exist." });
    return answer(transactionBody(row, STATUS_CODES));
  });

  for (const action of ['cancel', 'expire'] as const) {
    api.post(`/v2/:orderId/${action}`, async (c) => {
      const orderId = c.req.param('orderId');
      const moved = await settleSandboxCharge(deps.db, orderId, action, deps.now());
      const row = moved ?? (await findSandboxCharge(deps.db, orderId));
      if (!row) return answer({ status_code: '404', status_message: "Transaction doesn't exist." });
      if (!moved && row.transaction_status !== action) return answer({ status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' });
      if (moved) void deliver(row, 0);
      return answer(transactionBody(row, STATUS_CODES));
    });
  }

  const BACKOFF_MS = [1_000, 4_000, 16_000, 64_000];
  async function deliver(row: SandboxChargeRow, attempt: number): Promise<boolean> {
    try {
      const res = await options.sink(new Request('http://payment-sandbox.internal/notification', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(transactionBody(row, NOTIFICATION_CODES, options.serverKey)),
      }));
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return true;
    } catch (error) {
      console.warn(`[payment-sandbox] notification for ${row.order_id} failed`, error);
    }
    const wait = BACKOFF_MS[attempt];
    if (wait !== undefined) setTimeout(() => void deliver(row, attempt + 1), wait).unref();
    return false;
  }

  return {
    async transport(request) {
      const res = await api.fetch(new Request(request.url, { method: request.method, headers: request.headers, body: request.body }));
      return { status: res.status, text: await res.text() };
    },
    async decide(orderId, outcome) {
      const row = await settleSandboxCharge(deps.db, orderId, outcome, deps.now());
      if (!row) return false;
      await deliver(row, 0);
      return true;
    },
    find: (orderId) => findSandboxCharge(deps.db, orderId),
  };
}
