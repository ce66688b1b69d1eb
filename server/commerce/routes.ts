import { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { startCommerce } from './runtime.ts';
import type { NotificationSink } from './gateway/sandbox.ts';
import { orderBoxRoutes } from './order-box.routes.ts';
import { paymentRoutes } from './payments.routes.ts';
import { donationRoutes } from './donations.routes.ts';
import { shippingRoutes } from './shipping.routes.ts';
import { sandboxPageRoutes } from './gateway/sandbox-page.ts';

/**
 * The commerce API under webhook/: order box, payments, donations, shipping and the payment
 * sandbox's pay page. Starts the gateway and courier adapters; the sandbox sends its
 * notifications to `sink` (the API's own payment-notification route).
 */
export function commerceRoutes(deps: ApiDeps, sink: NotificationSink) {
  startCommerce(deps, sink);
  const app = new Hono();
  app.route('/', orderBoxRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', donationRoutes(deps));
  app.route('/', shippingRoutes(deps));
  app.route('/', sandboxPageRoutes(deps));
  return app;
}
