import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type { CreateTransactionResponse, PaymentType, createTransactionSchema } from '../../src/lib/commerce/schema.ts';
import { computeBill } from '../../src/lib/commerce/rules.ts';
import { ApiError, badRequest, conflict } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { shippingOf } from './shipping.service.ts';
import { listLines, lockOrder, updateOrder, type OrderRow } from './repository.ts';
import { cancelLiveCharge, countCharges, findLiveCharge, insertCharge, setChargeState } from './charges.repository.ts';
import { moveOrder, runAfterCommit, type AfterCommit } from './transitions.ts';
import { paymentMethod } from './methods.ts';
import { onlinePaymentAvailable } from './settings.ts';
import { commerceOf } from './runtime.ts';
import { GatewayError, type GatewayTransaction } from './gateway/midtrans.ts';
import { expireDueOrders } from './expiry.ts';
import { ownOrder } from './order-box.service.ts';

/*
 * create-transaction: invoicing an order box with a payment method. Cash moves it to 2 at once
 * (the library's owner verifies the money). Online methods make one charge at the gateway; a box
 * has at most one live charge: asking again with the same method and amount answers the same
 * charge, another method cancels the old charge at the gateway before the new one is made, so two
 * payable charges never exist for one order. Gateway calls happen outside database transactions;
 * the order's lock decides, before and after, what they may change.
 */

type Input = z.output<typeof createTransactionSchema>;

/** A charge still being made after this long was left behind by a request that died. */
const ABANDONED_CHARGE_MS = 120_000;
type Answer = CreateTransactionResponse['data'];

const answerOf = (o: OrderRow): Answer => ({
  order_box_id: o.id,
  transaction_id: o.transaction_id!,
  transaction_code: o.transaction_code!,
  payment_status: o.payment_status,
  invoice_url: o.invoice_url,
  expired_at: o.expired_at ? new Date(o.expired_at).toISOString() : null,
  bill: Number(o.bill),
});

/** `INV/20261127/AB12CD34` for an order invoiced at `at`. */
function transactionCode(at: Date, id: string): string {
  return `INV/${at.toISOString().slice(0, 10).replace(/-/g, '')}/${id.slice(0, 8).toUpperCase()}`;
}

/** How to pay a charge, from the gateway's answer: the account number or code to pay to. */
function paymentNotes(t: GatewayTransaction): string | null {
  const va = t.va_numbers?.[0];
  if (va) return `${va.bank.toUpperCase()} VA ${va.va_number}`;
  if (t.permata_va_number) return `PERMATA VA ${t.permata_va_number}`;
  if (t.bill_key) return `Mandiri ${t.biller_code} / ${t.bill_key}`;
  if (t.payment_code) return `${(t.store ?? '').toUpperCase()} ${t.payment_code}`.trim();
  return null;
}

/** create-transaction for one of the caller's boxes. */
export async function createTransaction(deps: ApiDeps, caller: UserRow, input: Input): Promise<Answer> {
  await expireDueOrders(deps, { userId: caller.id });
  const order = await ownOrder(deps, caller, input.order_box_id);
  if (order.category !== input.category) throw badRequest('category_mismatch', 'The order is of another category.', 'category');
  if (order.item_count === 0) throw badRequest('empty_order', 'The order has no items.');
  const cash = input.payment_type === 'cash';
  if (!cash && !onlinePaymentAvailable(deps.config.commerce)) throw badRequest('payment_method_unavailable', 'Online payment is not available.', 'payment_type');
  const lines = await listLines(deps.db, order.id);
  const shipping = await shippingOf(deps, lines, input.shipping);
  const method = paymentMethod(input.payment_type);
  const bill = computeBill(lines, method, shipping.fee);
  const now = deps.now();

  const after: AfterCommit[] = [];
  if (cash) {
    const answer = await inTransaction(deps.db, async (tx) => {
      const locked = (await lockOrder(tx, order.id))!;
      if (locked.payment_status === 2 && locked.payment_type === 'cash') return answerOf(locked);
      if (locked.payment_status !== 0) throw conflict('order_not_payable', 'This order can no longer be paid this way.');
      const ids = { transaction_id: randomUUID(), transaction_code: transactionCode(now, order.id) };
      const fields = { ...bill, ...shipping.fields, ...ids, payment_type: 'cash', invoice_url: null, expired_at: null, notes: null };
      after.push(...(await moveOrder(tx, deps, locked, 'invoice_cash', 2, fields)));
      return answerOf((await lockOrder(tx, order.id))!);
    });
    await runAfterCommit(after);
    return answer;
  }

  // 1. Under the lock: reuse the live charge, or retire it and reserve the new one.
  const plan = await inTransaction(deps.db, async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (![0, 1, 4].includes(locked.payment_status)) throw conflict('order_not_payable', 'This order can no longer be paid.');
    if (locked.expired_at && locked.payment_status === 1 && new Date(locked.expired_at) <= now) throw conflict('order_not_payable', 'The payment time of this order has passed.');
    const live = await findLiveCharge(tx, order.id);
    // A charge being made for a box not yet invoiced: another request is at the gateway. One left
    // behind by a request that never finished (older than two minutes) is retired below.
    if (live && locked.payment_status !== 1 && now.getTime() - new Date(live.created_at).getTime() < ABANDONED_CHARGE_MS) {
      throw conflict('payment_in_progress', 'A payment for this order is being prepared.');
    }
    if (live && locked.payment_status === 1 && live.payment_type === input.payment_type && Number(live.gross_amount) === bill.bill) return { reuse: answerOf(locked) } as const;
    const retired = await cancelLiveCharge(tx, order.id, 'cancelled');
    const ids = locked.transaction_id ? { transaction_id: locked.transaction_id, transaction_code: locked.transaction_code! } : { transaction_id: randomUUID(), transaction_code: transactionCode(now, order.id) };
    const gatewayOrderId = `${ids.transaction_code.replace(/\//g, '-')}-${(await countCharges(tx, order.id)) + 1}`;
    await insertCharge(tx, { gatewayOrderId, orderBoxId: order.id, paymentType: input.payment_type, grossAmount: bill.bill });
    await updateOrder(tx, order.id, ids);
    const deadline = locked.payment_status === 1 && locked.expired_at ? new Date(locked.expired_at) : new Date(now.getTime() + deps.config.commerce.paymentWindowMinutes * 60_000);
    return { retired, gatewayOrderId, deadline } as const;
  });
  if ('reuse' in plan) return plan.reuse!;

  // 2. At the gateway: cancel the retired charge first, then charge.
  const { gateway } = commerceOf(deps);
  let charged: GatewayTransaction;
  try {
    if (plan.retired) await gateway.cancel(plan.retired).catch((error: Error) => console.warn(`[commerce] cancelling charge ${plan.retired}: ${error.message}`));
    charged = await gateway.charge({
      orderId: plan.gatewayOrderId,
      grossAmount: bill.bill,
      paymentType: input.payment_type as Exclude<PaymentType, 'cash'>,
      expiryMinutes: Math.max(1, Math.ceil((plan.deadline.getTime() - now.getTime()) / 60_000)),
      orderTime: now,
      items: [{ id: order.id, price: bill.bill, quantity: 1, name: `ePustaka ${order.category} (${lines.length})`.slice(0, 50) }],
      customer: { first_name: caller.name.slice(0, 50), email: caller.email },
    });
  } catch (error) {
    await setChargeState(deps.db, plan.gatewayOrderId, 'failed');
    if (error instanceof GatewayError) {
      console.error(`[commerce] ${error.message}`);
      throw new ApiError(502, 'gateway_unavailable', 'The payment service could not be reached. Please try again.');
    }
    throw error;
  }

  // 3. Under the lock again: the order waits for this charge's payment.
  const answer = await inTransaction(deps.db, async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    const fields = {
      ...bill, ...shipping.fields, payment_type: input.payment_type, expired_at: plan.deadline.toISOString(),
      invoice_url: charged.redirect_url ?? charged.actions?.find((a) => a.name === 'deeplink-redirect')?.url ?? null,
      notes: paymentNotes(charged),
    };
    if (locked.payment_status === 1) await updateOrder(tx, order.id, fields);
    else if (locked.payment_status === 0) after.push(...(await moveOrder(tx, deps, locked, 'invoice', 1, fields)));
    else if (locked.payment_status === 4) after.push(...(await moveOrder(tx, deps, locked, 'retry', 1, fields)));
    else throw conflict('order_not_payable', 'This order can no longer be paid.');
    return answerOf((await lockOrder(tx, order.id))!);
  });
  await runAfterCommit(after);
  return answer;
}
