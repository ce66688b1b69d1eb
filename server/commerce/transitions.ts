import type { Queryable } from '../db/client.ts';
import type { ApiDeps } from '../deps.ts';
import type { PaymentStatus } from '../../src/lib/commerce/schema.ts';
import { notify } from '../notifications/notify.ts';
import { orderTypeOf } from './order-types/index.ts';
import { listLines, updateOrder, type LineRow, type OrderRow } from './repository.ts';
import { assertTransition, type TransitionEvent } from './states.ts';

/*
 * Moving an order from one status to another, with everything the move brings, in the caller's
 * transaction with the order locked: the status, what being paid gives (each line's order type's
 * entitlement hook), and the buyer's TRANSACTION notification, which leads to /donation. Because
 * the move is checked against the state table under the order's lock, it happens once: a second
 * attempt finds the order already moved and is refused.
 */

/** Work to do once the transaction has committed (mails, gateway calls). */
export type AfterCommit = () => Promise<void>;

/** The notification event of each status an order may reach. */
const EVENTS: Partial<Record<PaymentStatus, string>> = {
  3: 'payment_paid',
  6: 'payment_paid',
  4: 'payment_failed',
  5: 'payment_expired',
  7: 'order_shipped',
  8: 'order_received',
};

/** Paid statuses: reaching one runs the entitlement hooks. */
const PAID: ReadonlySet<PaymentStatus> = new Set([3, 6]);

/**
 * Moves a locked order (`order` as read under the lock) by `event` to `to`, setting `fields` too.
 * Throws 409 `invalid_transition` when the state table does not allow it. Answers work for after
 * the commit. `lines` are the order's lines when the caller has read them under the lock already.
 */
export async function moveOrder(
  tx: Queryable,
  deps: ApiDeps,
  order: OrderRow,
  event: TransitionEvent,
  to: PaymentStatus,
  fields: Record<string, unknown> = {},
  lines?: LineRow[],
): Promise<AfterCommit[]> {
  assertTransition(order.payment_status, event, to);
  const now = deps.now();
  const after: AfterCommit[] = [];
  const set: Record<string, unknown> = { payment_status: to, ...fields };
  if (PAID.has(to)) set.paid_at ??= now.toISOString();
  await updateOrder(tx, order.id, set);
  if (PAID.has(to)) {
    for (const line of lines ?? (await listLines(tx, order.id))) {
      const then = await orderTypeOf(line.order_type).onPaid(tx, deps, order, line, now);
      if (then) after.push(then);
    }
  }
  const eventName = EVENTS[to];
  if (eventName) {
    await notify(tx, {
      userId: order.user_id,
      type: 'TRANSACTION',
      event: eventName,
      params: { code: order.transaction_code ?? '', category: order.category },
      link: '/donation',
      dedupeKey: `order:${order.id}:${to}`,
    });
  }
  return after;
}

/** Runs after-commit work, logging rather than failing: the move itself stands. */
export async function runAfterCommit(work: AfterCommit[]): Promise<void> {
  for (const job of work) {
    try {
      await job();
    } catch (error) {
      console.error('[commerce] work after a status change failed', error);
    }
  }
}
