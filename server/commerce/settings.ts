import { randomBytes } from 'node:crypto';

/** How payments and shipping are reached and priced (README-independent: docs/commerce.md). */
export interface CommerceSettings {
  /**
   * `sandbox`: the built-in gateway speaking Midtrans' protocol, in this process; `midtrans`: the
   * real gateway at `gatewayBaseUrl` (`PAYMENT_GATEWAY`; default `midtrans` when
   * `MIDTRANS_SERVER_KEY` is set, else `sandbox`).
   */
  gateway: 'sandbox' | 'midtrans';
  /** The gateway's API base (`MIDTRANS_BASE_URL`, default https://api.sandbox.midtrans.com). */
  gatewayBaseUrl: string;
  /** The merchant's server key (`MIDTRANS_SERVER_KEY`); for the sandbox a random key per start. */
  serverKey: string;
  /** Whether the payment sandbox and its pay page exist (`PAYMENT_SANDBOX`; on unless production). */
  sandbox: boolean;
  /** Minutes an invoiced order may be paid (`PAYMENT_WINDOW_MINUTES`, default 1440 = 24 hours). */
  paymentWindowMinutes: number;
  /** The chat number complaints go to (`ADMIN_CHAT_NUMBER`, digits with country code). */
  adminChatNumber: string;
  /** `sandbox` or `rajaongkir` (`SHIPPING_PROVIDER`; default `rajaongkir` when `RAJAONGKIR_API_KEY` is set). */
  shipping: 'sandbox' | 'rajaongkir';
  /** RajaOngkir's base URL and key (`RAJAONGKIR_BASE_URL`, `RAJAONGKIR_API_KEY`). */
  shippingBaseUrl: string;
  shippingKey: string;
  /** Where the store ships from (`SHIPPING_ORIGIN`, a RajaOngkir city id; default 153, South Jakarta). */
  shippingOrigin: string;
}

function flag(raw: string | undefined): boolean {
  return raw !== undefined && ['1', 'true', 'on', 'yes'].includes(raw.toLowerCase());
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return n;
}

/**
 * Reads the commerce settings. The sandboxes are on by default outside production; in production
 * only with `PAYMENT_SANDBOX=true` (what `npm start --demo` sets), and asking for the sandbox
 * gateway in production without it stops the start rather than taking fake payments.
 */
export function readCommerceSettings(env: NodeJS.ProcessEnv, production: boolean): CommerceSettings {
  const sandbox = production ? flag(env.PAYMENT_SANDBOX) : env.PAYMENT_SANDBOX === undefined || env.PAYMENT_SANDBOX === '' || flag(env.PAYMENT_SANDBOX);
  const key = env.MIDTRANS_SERVER_KEY || '';
  const gateway = (env.PAYMENT_GATEWAY || (key ? 'midtrans' : 'sandbox')) as CommerceSettings['gateway'];
  if (gateway !== 'sandbox' && gateway !== 'midtrans') throw new Error(`PAYMENT_GATEWAY must be sandbox or midtrans, not "${gateway}".`);
  if (gateway === 'sandbox' && production && env.PAYMENT_GATEWAY === 'sandbox' && !sandbox) {
    throw new Error('PAYMENT_GATEWAY=sandbox takes no real payments: production refuses it unless PAYMENT_SANDBOX=true.');
  }
  if (gateway === 'midtrans' && !key) throw new Error('PAYMENT_GATEWAY=midtrans needs MIDTRANS_SERVER_KEY.');
  const shippingKey = env.RAJAONGKIR_API_KEY || '';
  const shipping = (env.SHIPPING_PROVIDER || (shippingKey ? 'rajaongkir' : 'sandbox')) as CommerceSettings['shipping'];
  if (shipping !== 'sandbox' && shipping !== 'rajaongkir') throw new Error(`SHIPPING_PROVIDER must be sandbox or rajaongkir, not "${shipping}".`);
  return {
    gateway,
    gatewayBaseUrl: (env.MIDTRANS_BASE_URL || 'https://api.sandbox.midtrans.com').replace(/\/+$/, ''),
    serverKey: gateway === 'midtrans' ? key : `SB-Mid-server-${randomBytes(18).toString('base64url')}`,
    sandbox,
    paymentWindowMinutes: wholeNumber('PAYMENT_WINDOW_MINUTES', env.PAYMENT_WINDOW_MINUTES, 1440, 1, 60 * 24 * 30),
    adminChatNumber: (env.ADMIN_CHAT_NUMBER || '6281100000000').replace(/\D/g, ''),
    shipping,
    shippingBaseUrl: (env.RAJAONGKIR_BASE_URL || 'https://api.rajaongkir.com/starter').replace(/\/+$/, ''),
    shippingKey,
    shippingOrigin: env.SHIPPING_ORIGIN || '153',
  };
}

/** Whether online payment can be taken: a real gateway, or the sandbox while it is on. */
export function onlinePaymentAvailable(s: CommerceSettings): boolean {
  return s.gateway === 'midtrans' || s.sandbox;
}
