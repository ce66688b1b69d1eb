import type { PaymentStatus } from '../../src/lib/commerce/schema.ts';
import { ApiError } from '../http/errors.ts';

/*
 * The payment state machine: the only moves an order's status may make, and why. Everything that
 * changes a status goes through `assertTransition`; a move not in the table is refused with a coded
 * 409, and the gateway's late or repeated news (pending after settlement, expire after settlement)
 * is simply not a move, so it changes nothing.
 */

/** Why a status changes. */
export type TransitionEvent =
  | 'invoice' // 0 → 1: an online method was chosen and charged
  | 'invoice_cash' // 0 → 2: cash was chosen, the owner will verify it
  | 'settle' // 1 → 3 / 6: the gateway settled the charge (6 when the order is shipped)
  | 'deny' // 1 → 4: the gateway refused the payment
  | 'expire' // 1 → 5: the payment window passed, or the charge was cancelled or expired
  | 'retry' // 4 → 1: a failed payment is tried again with a new charge
  | 'verify_cash' // 2 → 3 / 6: the library's owner confirmed the cash
  | 'cancel_cash' // 2 → 5: the cash never came
  | 'ship' // 6 → 7: handed to a courier, or ready for pickup
  | 'receive' // 7 → 8: the buyer confirmed receipt
  | 'accept_late'; // 5 → 3 / 6: money that arrived after the deadline is accepted after all

/** Every allowed move: from → event → to. */
export const TRANSITIONS: Readonly<Record<TransitionEvent, readonly (readonly [PaymentStatus, PaymentStatus])[]>> = {
  invoice: [[0, 1]],
  invoice_cash: [[0, 2]],
  settle: [[1, 3], [1, 6]],
  deny: [[1, 4]],
  expire: [[1, 5]],
  retry: [[4, 1]],
  verify_cash: [[2, 3], [2, 6]],
  cancel_cash: [[2, 5]],
  ship: [[6, 7]],
  receive: [[7, 8]],
  accept_late: [[5, 3], [5, 6]],
};

/** Whether `event` may move an order from `from` to `to`. */
export function canTransition(from: PaymentStatus, event: TransitionEvent, to: PaymentStatus): boolean {
  return TRANSITIONS[event].some(([a, b]) => a === from && b === to);
}

/** Whether `event` may happen at all from `from`. */
export function canHappen(from: PaymentStatus, event: TransitionEvent): boolean {
  return TRANSITIONS[event].some(([a]) => a === from);
}

/** Throws a 409 `invalid_transition` unless the move is in the table. */
export function assertTransition(from: PaymentStatus, event: TransitionEvent, to: PaymentStatus): void {
  if (!canTransition(from, event, to)) {
    throw new ApiError(409, 'invalid_transition', `An order with status ${from} cannot ${event.replace('_', ' ')} (to ${to}).`);
  }
}

/** The status a paid order takes: 6 when it is shipped, else 3. */
export function paidStatus(shipped: boolean): PaymentStatus {
  return shipped ? 6 : 3;
}
