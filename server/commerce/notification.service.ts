import { createHash } from 'node:crypto';
import type { ApiDeps } from '../deps.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { isShippedType } from './order-types/index.ts';
import { listLines, lockOrderAndCharge, updateOrder } from './repository.ts';
import { cancelLiveCharge, forgetNotification, recordNotification, setChargeState, setNotificationOutcome, type ChargeRow } from './charges.repository.ts';
import { moveOrder, runAfterCommit, type AfterCommit } from './transitions.ts';
import { paidStatus } from './states.ts';
import { commerceOf } from './runtime.ts';
import { rupiahOf, verifySignature, type GatewayTransaction } from './gateway/midtrans.ts';

/*
 * The gateway's HTTP notification, handled as Midtrans' guide asks: the signature is checked in
 * constant time; each notification body is stored once (a repeat is answered 200 and changes
 * nothing); the transaction's status is asked of the gateway again and only that answer is acted
 * on; its amount must equal the charge's own, in whole rupiah; and only forward moves of the state
 * table happen, under the locks of the order and the charge, so a late `pending` or `expire` after
 * `settlement` changes nothing. A settlement that arrives after the deadline leaves the order
 * cancelled and marks it paid late, for the library's owner to refund or accept.
 *
 * A repeat costs one statement and no call to the gateway; acting on a notification is one
 * transaction holding the move, its side effects and the stored notification's outcome.
 */

/** What handling a notification did, as the answer's `outcome`. */
export type NotificationOutcome = 'duplicate' | 'paid' | 'paid_late' | 'failed' | 'expired' | 'pending' | 'ignored';

/** Handles one notification body (already read as text). */
export async function handleGatewayNotification(deps: ApiDeps, raw: string): Promise<NotificationOutcome> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw badRequest('invalid_json', 'The notification is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null) throw badRequest('invalid_notification', 'The notification is not an object.');
  const runtime = commerceOf(deps);
  if (!verifySignature(body, runtime.serverKey)) throw new ApiError(403, 'invalid_signature', 'The notification signature is not valid.');
  const orderId = body.order_id as string;
  const hash = createHash('sha256').update(raw).digest('hex');
  // One statement finds the charge and stores the body: a repeat costs no more than that.
  const recorded = await recordNotification(deps.db, { hash, orderId, status: String(body.transaction_status ?? ''), body: raw });
  if (!recorded) throw notFound('order_not_found', 'No charge has this order id.');
  if (!recorded.stored) return 'duplicate';
  const { charge } = recorded;

  let status: GatewayTransaction;
  try {
    status = await runtime.gateway.status(orderId);
  } catch (error) {
    // Not acted on: forgotten, so the gateway's retry of this very notification is handled.
    await forgetNotification(deps.db, hash);
    console.error(`[commerce] status of ${orderId} could not be read`, error);
    throw new ApiError(502, 'gateway_unavailable', 'The payment status could not be confirmed; send the notification again.');
  }
  if (rupiahOf(status.gross_amount) !== Number(charge.gross_amount)) {
    await setNotificationOutcome(deps.db, hash, 'amount_mismatch');
    console.error(`[commerce] ${orderId}: the gateway reports ${status.gross_amount}, the charge was ${charge.gross_amount}`);
    throw badRequest('amount_mismatch', 'The amount does not match the order.');
  }
  try {
    return await applyGatewayStatus(deps, charge.order_box_id, orderId, status, hash);
  } catch (error) {
    // Nothing was done (the transaction rolled back): forgotten, so the gateway's retry is acted on.
    await forgetNotification(deps.db, hash).catch(() => {});
    throw error;
  }
}

/**
 * Acts on the gateway's status of one charge, under the locks of its order and the charge. With
 * `notificationHash`, the stored notification that brought the status is given its outcome in the
 * same transaction (in the statement that changes the charge's state, when one does).
 */
export async function applyGatewayStatus(
  deps: ApiDeps,
  orderBoxId: string,
  gatewayOrderId: string,
  status: GatewayTransaction,
  notificationHash?: string,
): Promise<NotificationOutcome> {
  const s = status.transaction_status;
  const paid = s === 'settlement' || (s === 'capture' && (status.fraud_status ?? 'accept') === 'accept');
  const now = deps.now();
  const { outcome, after } = await inTransaction(deps.db, async (tx) => {
    const after: AfterCommit[] = [];
    let noted = false;
    /** Ends the charge with `state`, noting `outcome` on the notification in the same statement. */
    const endCharge = async (state: ChargeRow['state'], outcome: NotificationOutcome) => {
      await setChargeState(tx, gatewayOrderId, state, notificationHash ? { hash: notificationHash, outcome } : undefined);
      noted = true;
    };

    const act = async (): Promise<NotificationOutcome> => {
      const order = await lockOrderAndCharge(tx, orderBoxId, gatewayOrderId);
      if (!order) return 'ignored';
      const chargeState = order.charge_state;
      if (paid) {
        if (chargeState === 'settled') return 'ignored';
        const inTime = order.payment_status === 1 && order.expired_at !== null && new Date(order.expired_at) > now;
        await endCharge('settled', inTime ? 'paid' : 'paid_late');
        if (inTime) {
          // A replaced charge paid after all, in time: it pays the order, and the charge that
          // replaced it is cancelled so it cannot be paid a second time.
          const other = chargeState === 'live' ? undefined : await cancelLiveCharge(tx, order.id, 'cancelled');
          if (other) after.push(() => commerceOf(deps).gateway.cancel(other).catch((error: Error) => console.warn(`[commerce] cancelling charge ${other}: ${error.message}`)));
          const lines = await listLines(tx, order.id);
          after.push(...(await moveOrder(tx, deps, order, 'settle', paidStatus(lines.some((l) => isShippedType(l.order_type))), {}, lines)));
          return 'paid';
        }
        // Money for an order that no longer waits for it (past its deadline, failed or paid): never dropped.
        if (order.payment_status === 1) after.push(...(await moveOrder(tx, deps, order, 'expire', 5)));
        await updateOrder(tx, order.id, { paid_late: true });
        console.warn(`[commerce] ${gatewayOrderId} was paid after its order stopped waiting for it: marked paid late`);
        return 'paid_late';
      }
      if (chargeState !== 'live' || order.payment_status !== 1) return s === 'pending' ? 'pending' : 'ignored';
      if (s === 'deny') {
        await endCharge('failed', 'failed');
        after.push(...(await moveOrder(tx, deps, order, 'deny', 4)));
        return 'failed';
      }
      if (s === 'expire' || s === 'cancel') {
        await endCharge(s === 'expire' ? 'expired' : 'cancelled', 'expired');
        after.push(...(await moveOrder(tx, deps, order, 'expire', 5)));
        return 'expired';
      }
      return s === 'pending' ? 'pending' : 'ignored';
    };

    const outcome = await act();
    if (notificationHash && !noted) await setNotificationOutcome(tx, notificationHash, outcome);
    return { outcome, after };
  });
  await runAfterCommit(after);
  return outcome;
}
