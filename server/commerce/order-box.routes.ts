import { Hono } from 'hono';
import {
  addOrderBoxSchema,
  deleteOrderLineSchema,
  invoiceStatusQuerySchema,
  orderBoxDetailsQuerySchema,
  orderBoxListQuerySchema,
} from '../../src/lib/commerce/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { addToOrderBox, invoiceStatus, orderBoxDetails, orderBoxList, removeOrderLine } from './order-box.service.ts';
import { idempotent } from './idempotency.ts';

/** webhook/add-order-box, order-box-details (GET, DELETE), order-box-list, invoice-status and order-box-detail. */
export function orderBoxRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.post('/add-order-box', auth, async (c) => {
    const input = await jsonBody(c, addOrderBoxSchema);
    const caller = c.get('caller').user;
    return idempotent(deps.db, c, caller.id, 'add-order-box', input, deps.now(), async () => ({
      status: 201,
      body: { data: await addToOrderBox(deps, caller, input) },
    }));
  });

  app.get('/order-box-details', auth, async (c) => {
    return c.json(await orderBoxDetails(deps, c.get('caller').user, queryParams(c, orderBoxDetailsQuerySchema)));
  });

  app.delete('/order-box-details', auth, async (c) => {
    const { order_box_detail_id } = await jsonBody(c, deleteOrderLineSchema);
    return c.json({ data: await removeOrderLine(deps, c.get('caller').user, order_box_detail_id) });
  });

  app.get('/order-box-list', auth, async (c) => {
    return c.json(await orderBoxList(deps, c.get('caller').user, queryParams(c, orderBoxListQuerySchema)));
  });

  for (const path of ['/invoice-status', '/order-box-detail']) {
    app.get(path, auth, async (c) => {
      const { order_box_id } = queryParams(c, invoiceStatusQuerySchema);
      return c.json({ data: await invoiceStatus(deps, c.get('caller').user, order_box_id) });
    });
  }

  return app;
}
