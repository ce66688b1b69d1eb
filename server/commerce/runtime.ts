import type { ApiDeps } from '../deps.ts';
import { midtransGateway, type PaymentGateway } from './gateway/midtrans.ts';
import { networkTransport } from './gateway/transport.ts';
import { createPaymentSandbox, type NotificationSink, type PaymentSandbox } from './gateway/sandbox.ts';
import { shippingProvider, type ShippingProvider } from './shipping.ts';

/** The gateway, the sandbox (when on) and the courier of one running API. */
export interface CommerceRuntime {
  gateway: PaymentGateway;
  sandbox: PaymentSandbox | null;
  shipping: ShippingProvider;
  serverKey: string;
}

const runtimes = new WeakMap<object, CommerceRuntime>();

/** The path of the sandbox's pay page for a gateway order id. */
export function sandboxInvoicePath(orderId: string): string {
  return `/webhook/payment-sandbox/invoice/${encodeURIComponent(orderId)}`;
}

/**
 * Sets up the adapters for an API: the sandbox gateway in process (talking Midtrans' protocol to
 * the adapter and sending its notifications to `sink`), or the real gateway over the network.
 */
export function startCommerce(deps: ApiDeps, sink: NotificationSink): CommerceRuntime {
  const settings = deps.config.commerce;
  let sandbox: PaymentSandbox | null = null;
  let gateway: PaymentGateway;
  if (settings.gateway === 'sandbox') {
    sandbox = createPaymentSandbox(deps, { serverKey: settings.serverKey, invoiceUrl: sandboxInvoicePath, sink });
    gateway = midtransGateway({ baseUrl: 'http://payment-sandbox.internal', serverKey: settings.serverKey, transport: sandbox.transport });
  } else {
    gateway = midtransGateway({ baseUrl: settings.gatewayBaseUrl, serverKey: settings.serverKey, transport: networkTransport() });
  }
  const runtime: CommerceRuntime = { gateway, sandbox, shipping: shippingProvider(settings), serverKey: settings.serverKey };
  runtimes.set(deps, runtime);
  return runtime;
}

/** The adapters of an API started with startCommerce. */
export function commerceOf(deps: ApiDeps): CommerceRuntime {
  const runtime = runtimes.get(deps);
  if (!runtime) throw new Error('Commerce is not started for this API.');
  return runtime;
}
