import { Hono } from 'hono';
import { shippingCostSchema, shippingOptionsQuerySchema, shippingWaybillSchema } from '../../src/lib/commerce/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { ApiDeps } from '../deps.ts';
import { ownsReceipt } from './repository.ts';
import { commerceOf } from './runtime.ts';
import { newestFirst } from './shipping.ts';
import { isStoreAdmin } from './fulfilment.service.ts';
import { shippingOptions } from './shipping.service.ts';

/** webhook/shipping-options, shipping-cost and shipping-waybill, through the courier adapter. */
export function shippingRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/shipping-options', auth, async (c) => {
    const query = queryParams(c, shippingOptionsQuerySchema);
    return c.json({ data: await shippingOptions(deps, c.get('caller').user, query.order_box_id, query.destination) });
  });

  app.post('/shipping-cost', auth, async (c) => {
    const input = await jsonBody(c, shippingCostSchema);
    try {
      return c.json({ data: await commerceOf(deps).shipping.cost({ ...input, origin: deps.config.commerce.shippingOrigin }) });
    } catch (error) {
      console.error('[commerce] shipping cost', error);
      throw new ApiError(502, 'courier_unavailable', 'Shipping costs could not be read. Please try again.');
    }
  });

  // Tracking only for a receipt of the caller's own order (or for the store's administrators).
  app.post('/shipping-waybill', auth, async (c) => {
    const input = await jsonBody(c, shippingWaybillSchema);
    const caller = c.get('caller').user;
    if (!isStoreAdmin(caller) && !(await ownsReceipt(deps.db, caller.id, input.receipt_number))) {
      throw notFound('waybill_not_found', 'No order of yours has this receipt number.');
    }
    const waybill = await commerceOf(deps).shipping.waybill(input.courier, input.receipt_number);
    if (!waybill) throw notFound('waybill_not_found', 'The courier does not know this receipt number yet.');
    return c.json({ data: { ...waybill, manifest: newestFirst(waybill.manifest) } });
  });

  return app;
}
