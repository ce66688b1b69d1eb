import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentType } from '../../../src/lib/commerce/schema.ts';

/*
 * The payment gateway adapter, speaking Midtrans' Core API: POST /v2/charge, GET
 * /v2/{order_id}/status, POST /v2/{order_id}/cancel and /expire, authenticated with HTTP Basic
 * (the server key as user name, empty password); amounts are sent as whole rupiah and come back as
 * strings such as "45000.00". The built-in sandbox answers the same protocol, so pointing this
 * adapter at the real gateway is only configuration (base URL and server key).
 */

/** One HTTP request of the adapter to the gateway. */
export interface GatewayHttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** How long the whole exchange may take before it is given up. */
  timeoutMs: number;
}

/** The gateway's HTTP answer: its status and its body as text. */
export interface GatewayHttpAnswer {
  status: number;
  text: string;
}

/** How the adapter reaches the gateway: over the network (gateway/transport.ts), or the sandbox in process. */
export type GatewayTransport = (request: GatewayHttpRequest) => Promise<GatewayHttpAnswer>;

/** What a charge asks for. */
export interface ChargeRequest {
  orderId: string;
  grossAmount: number;
  paymentType: Exclude<PaymentType, 'cash'>;
  /** Minutes until the charge expires (Midtrans `custom_expiry`). */
  expiryMinutes: number;
  orderTime: Date;
  items: { id: string; price: number; quantity: number; name: string }[];
  customer: { first_name: string; email: string };
}

/** The gateway's view of a charge (the fields of its status and notification bodies this product reads). */
export interface GatewayTransaction {
  order_id: string;
  transaction_id?: string;
  transaction_status: string;
  status_code: string;
  gross_amount: string;
  payment_type?: string;
  fraud_status?: string;
  va_numbers?: { bank: string; va_number: string }[];
  permata_va_number?: string;
  bill_key?: string;
  biller_code?: string;
  payment_code?: string;
  store?: string;
  actions?: { name: string; method: string; url: string }[];
  redirect_url?: string;
  expiry_time?: string;
}

/** The gateway, as the payment service uses it. */
export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<GatewayTransaction>;
  status(orderId: string): Promise<GatewayTransaction>;
  cancel(orderId: string): Promise<void>;
  expire(orderId: string): Promise<void>;
}

/** The gateway refused or could not be reached: a 502 for the buyer, logged for the operator. */
export class GatewayError extends Error {}

/** The Core API request body of a payment type. OVO and DANA pay QRIS codes, so they are charged as `qris`. */
export function chargeBody(r: ChargeRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    transaction_details: { order_id: r.orderId, gross_amount: r.grossAmount },
    item_details: r.items,
    customer_details: r.customer,
    custom_expiry: { order_time: jakartaTime(r.orderTime), expiry_duration: r.expiryMinutes, unit: 'minute' },
  };
  const bank = /^(bca|bni|bri|permata)_va$/.exec(r.paymentType)?.[1];
  if (bank) return { ...body, payment_type: 'bank_transfer', bank_transfer: { bank } };
  if (r.paymentType === 'mandiri_va') return { ...body, payment_type: 'echannel', echannel: { bill_info1: 'Payment:', bill_info2: 'ePustaka' } };
  if (r.paymentType === 'alfamart' || r.paymentType === 'indomaret') return { ...body, payment_type: 'cstore', cstore: { store: r.paymentType, message: 'ePustaka' } };
  if (r.paymentType === 'gopay' || r.paymentType === 'shopeepay') return { ...body, payment_type: r.paymentType };
  return { ...body, payment_type: 'qris' };
}

/** `yyyy-MM-dd HH:mm:ss +0700`, the time format Midtrans' custom_expiry takes. */
export function jakartaTime(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return `${wib.slice(0, 10)} ${wib.slice(11, 19)} +0700`;
}

/** SHA-512 hex of order_id + status_code + gross_amount + server key, as Midtrans signs its notifications. */
export function notificationSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/** Whether a notification's `signature_key` is right, compared in constant time. */
export function verifySignature(body: { order_id?: unknown; status_code?: unknown; gross_amount?: unknown; signature_key?: unknown }, serverKey: string): boolean {
  const { order_id: orderId, status_code: statusCode, gross_amount: gross, signature_key: given } = body;
  if (typeof orderId !== 'string' || typeof statusCode !== 'string' || typeof gross !== 'string' || typeof given !== 'string') return false;
  const expected = Buffer.from(notificationSignature(orderId, statusCode, gross, serverKey), 'utf8');
  const actual = Buffer.from(given.toLowerCase(), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A gateway amount ("45000.00") as whole rupiah, or NaN when it has a fraction or is not a number. */
export function rupiahOf(grossAmount: string): number {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(grossAmount);
  if (!m || (m[2] !== undefined && Number(m[2]) !== 0)) return Number.NaN;
  return Number(m[1]);
}

/** The adapter for a Midtrans-protocol gateway at `baseUrl`. */
export function midtransGateway(options: { baseUrl: string; serverKey: string; transport: GatewayTransport }): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GatewayTransaction> {
    let answer: GatewayHttpAnswer;
    try {
      answer = await options.transport({
        method,
        url: `${options.baseUrl}${path}`,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: auth },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 15_000,
      });
    } catch (cause) {
      throw new GatewayError(`The payment gateway could not be reached (${method} ${path}).`, { cause });
    }
    let json: GatewayTransaction & { status_message?: string };
    try {
      json = JSON.parse(answer.text) ?? {};
    } catch {
      json = {} as typeof json;
    }
    // Midtrans answers HTTP 200 with its own status_code in the body: 2xx is success, and 407 is
    // the answer about an expired transaction (the expire call's own success among them).
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok || !/^(2\d\d|407)$/.test(String(json.status_code ?? ''))) {
      throw new GatewayError(`The payment gateway refused ${method} ${path}: ${json.status_code ?? answer.status} ${json.status_message ?? ''}`.trim());
    }
    return json;
  }
  return {
    charge: (request) => call('POST', '/v2/charge', chargeBody(request)),
    status: (orderId) => call('GET', `/v2/${encodeURIComponent(orderId)}/status`),
    cancel: async (orderId) => void (await call('POST', `/v2/${encodeURIComponent(orderId)}/cancel`)),
    expire: async (orderId) => void (await call('POST', `/v2/${encodeURIComponent(orderId)}/expire`)),
  };
}
