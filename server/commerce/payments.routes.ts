import { Hono } from 'hono';
import {
  createTransactionSchema,
  storeOrderListQuerySchema,
  transactionShipmentSchema,
  transactionLatePaymentSchema,
  transactionStatusSchema,
  transactionVerificationSchema,
} from '../../src/lib/commerce/schema.ts';
import { requireCaller, type AuthEnv } from '../http/auth-guard.ts';
import { jsonBody, queryParams } from '../http/validate.ts';
import type { ApiDeps } from '../deps.ts';
import { createTransaction } from './payments.service.ts';
import { handleGatewayNotification } from './notification.service.ts';
import { confirmReceipt, decideLatePayment, shipOrder, verifyCashPayment } from './fulfilment.service.ts';
import { paymentMethodGroups } from './methods.ts';
import { onlinePaymentAvailable } from './settings.ts';
import { idempotent } from './idempotency.ts';
import { storeOrders } from './store.service.ts';
import type { OrderRow } from './repository.ts';

const statusAnswer = (o: OrderRow) => ({ data: { transaction_id: o.transaction_id, order_box_id: o.id, payment_status: o.payment_status } });

/**
 * webhook/payment-method-list, create-transaction, payment-notification (the gateway's, signed, no
 * session), transaction-status, transaction-verification, transaction-late-payment and
 * transaction-shipment, and the store's work list store-order-list.
 */
export function paymentRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  const auth = requireCaller(deps);

  app.get('/payment-method-list', auth, (c) => c.json({ data: paymentMethodGroups(onlinePaymentAvailable(deps.config.commerce)) }));

  app.post('/create-transaction', auth, async (c) => {
    const input = await jsonBody(c, createTransactionSchema);
    const caller = c.get('caller').user;
    return idempotent(deps.db, c, caller.id, 'create-transaction', input, deps.now(), async () => ({
      status: 201,
      body: { data: await createTransaction(deps, caller, input) },
    }));
  });

  app.post('/payment-notification', async (c) => {
    const outcome = await handleGatewayNotification(deps, await c.req.text());
    return c.json({ status: 'ok', outcome });
  });

  app.put('/transaction-status', auth, async (c) => {
    const { transaction_id } = await jsonBody(c, transactionStatusSchema);
    return c.json(statusAnswer(await confirmReceipt(deps, c.get('caller').user, transaction_id)));
  });

  app.put('/transaction-verification', auth, async (c) => {
    const { transaction_id } = await jsonBody(c, transactionVerificationSchema);
    return c.json(statusAnswer(await verifyCashPayment(deps, c.get('caller').user, transaction_id)));
  });

  app.put('/transaction-late-payment', auth, async (c) => {
    const { transaction_id, decision } = await jsonBody(c, transactionLatePaymentSchema);
    return c.json(statusAnswer(await decideLatePayment(deps, c.get('caller').user, transaction_id, decision)));
  });

  app.get('/store-order-list', auth, async (c) => {
    const query = queryParams(c, storeOrderListQuerySchema);
    return c.json(await storeOrders(deps, c.get('caller').user, query));
  });

  app.put('/transaction-shipment', auth, async (c) => {
    const input = await jsonBody(c, transactionShipmentSchema);
    return c.json(statusAnswer(await shipOrder(deps, c.get('caller').user, input)));
  });

  return app;
}
