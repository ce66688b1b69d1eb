import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type { z } from 'zod';
import type { transactionShipmentSchema } from '../../src/lib/commerce/schema.ts';
import { TAKEN_DIRECTLY } from '../../src/lib/commerce/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../catalogue/transaction.ts';
import { isShippedType } from './order-types/index.ts';
import { findOrderByTransaction, listLines, lockOrder, updateOrder, type OrderRow } from './repository.ts';
import { moveOrder, runAfterCommit, type AfterCommit } from './transitions.ts';
import { paidStatus, type TransitionEvent } from './states.ts';
import type { PaymentStatus } from '../../src/lib/commerce/schema.ts';

/*
 * What happens after payment: the library's owner verifies a cash donation (2 → 3, copies added),
 * the store ships a verified order (6 → 7), and the buyer confirms receipt (7 → 8).
 */

/** Administrators of the product (role 305 admin, 999 super admin) run the store. */
export function isStoreAdmin(user: UserRow): boolean {
  return user.role_code === 305 || user.role_code === 999;
}

async function move(deps: ApiDeps, order: OrderRow, event: TransitionEvent, to: (o: OrderRow, shipped: boolean) => PaymentStatus, fields: Record<string, unknown> = {}): Promise<OrderRow> {
  const after: AfterCommit[] = [];
  const moved = await inTransaction(deps.db, async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    const shipped = (await listLines(tx, order.id)).some((l) => isShippedType(l.order_type));
    after.splice(0, after.length, ...(await moveOrder(tx, deps, locked, event, to(locked, shipped), fields)));
    return (await lockOrder(tx, order.id))!;
  });
  await runAfterCommit(after);
  return moved;
}

/** A donation's money is the receiving libraries' owners' to confirm; another order's the store's (403 `not_owner`). */
async function requireVerifier(deps: ApiDeps, caller: UserRow, order: OrderRow): Promise<void> {
  const lines = await listLines(deps.db, order.id);
  const libraries = [...new Set(lines.map((l) => l.epustaka_id).filter((id): id is string => id !== null))];
  let allowed = isStoreAdmin(caller) && order.category !== 'DONATION';
  if (order.category === 'DONATION' && libraries.length > 0) {
    const { rows } = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM epustaka WHERE id = ANY($1::uuid[]) AND created_by = $2', [libraries, caller.id]);
    allowed = rows[0]!.n === libraries.length;
  }
  if (!allowed) throw forbidden('not_owner', 'Only the owner of the receiving ePustaka can decide on this payment.');
}

/**
 * PUT transaction-verification: the cash arrived. A donation is verified by the owner of every
 * library it gives to; another order by a store administrator. Anyone else: 403 `not_owner`.
 */
export async function verifyCashPayment(deps: ApiDeps, caller: UserRow, transactionId: string): Promise<OrderRow> {
  const order = await findOrderByTransaction(deps.db, transactionId);
  if (!order) throw notFound('order_not_found', 'The order could not be found.');
  await requireVerifier(deps, caller, order);
  return move(deps, order, 'verify_cash', (_o, shipped) => paidStatus(shipped));
}

/** PUT transaction-shipment: a store administrator hands a verified order to a courier (or readies it for pickup). */
export async function shipOrder(deps: ApiDeps, caller: UserRow, input: z.output<typeof transactionShipmentSchema>): Promise<OrderRow> {
  if (!isStoreAdmin(caller)) throw forbidden('not_store_admin', 'Only a store administrator can ship orders.');
  const order = await findOrderByTransaction(deps.db, input.transaction_id);
  if (!order) throw notFound('order_not_found', 'The order could not be found.');
  const pickup = input.courier === TAKEN_DIRECTLY;
  if (!pickup && !input.receipt_number) throw badRequest('invalid_receipt_number', 'A receipt number is needed.', 'receipt_number');
  return move(deps, order, 'ship', () => 7, { courier_code: input.courier, receipt_number: pickup ? null : input.receipt_number });
}

/** PUT transaction-status: the buyer confirms an order on delivery arrived (7 → 8). */
export async function confirmReceipt(deps: ApiDeps, caller: UserRow, transactionId: string): Promise<OrderRow> {
  const order = await findOrderByTransaction(deps.db, transactionId);
  if (!order || order.user_id !== caller.id) throw notFound('order_not_found', 'The order could not be found.');
  return move(deps, order, 'receive', () => 8);
}

/**
 * PUT transaction-late-payment: whoever may verify the order's cash decides on money that arrived
 * after the order was cancelled: `accept` fulfils it (5 → 3 or 6, copies added), `refund` records
 * that the money goes back. Only an order marked paid late and not yet decided (409
 * `no_late_payment` otherwise).
 */
export async function decideLatePayment(deps: ApiDeps, caller: UserRow, transactionId: string, decision: 'accept' | 'refund'): Promise<OrderRow> {
  const order = await findOrderByTransaction(deps.db, transactionId);
  if (!order) throw notFound('order_not_found', 'The order could not be found.');
  await requireVerifier(deps, caller, order);
  const after: AfterCommit[] = [];
  const decided = await inTransaction(deps.db, async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    const { rows } = await tx.query<{ late_decision: string | null }>('SELECT late_decision FROM order_boxes WHERE id = $1', [order.id]);
    if (!locked.paid_late || rows[0]!.late_decision !== null) throw conflict('no_late_payment', 'This order has no late payment waiting for a decision.');
    if (decision === 'refund') {
      await updateOrder(tx, order.id, { late_decision: 'refunded' });
    } else {
      const shipped = (await listLines(tx, order.id)).some((l) => isShippedType(l.order_type));
      after.splice(0, after.length, ...(await moveOrder(tx, deps, locked, 'accept_late', paidStatus(shipped), { late_decision: 'accepted' })));
    }
    return (await lockOrder(tx, order.id))!;
  });
  await runAfterCommit(after);
  return decided;
}
