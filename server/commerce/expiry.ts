import type { ApiDeps } from '../deps.ts';
import { inTransaction } from '../catalogue/transaction.ts';
import { findDueOrders, lockOrder, updateOrder } from './repository.ts';
import { moveOrder, runAfterCommit, type AfterCommit } from './transitions.ts';
import { commerceOf } from './runtime.ts';
import { cancelLiveCharge } from './charges.repository.ts';

/*
 * The payment deadline is the product's: an order waiting payment (status 1) whose expired_at has
 * passed becomes 5 (cancelled) whatever the gateway says, and its charge is cancelled at the
 * gateway so it can no longer be paid. Run by a timer, and before any read of a user's orders, so
 * a page never shows a payable order past its deadline.
 */

/** Expires due orders (of one user, or any), at most `limit`; answers how many moved. */
export async function expireDueOrders(deps: ApiDeps, options: { userId?: string; limit?: number } = {}): Promise<number> {
  const now = deps.now();
  const due = await findDueOrders(deps.db, now, options.limit ?? 50, options.userId);
  let moved = 0;
  for (const id of due) {
    const after: AfterCommit[] = [];
    let chargeId: string | undefined;
    await inTransaction(deps.db, async (tx) => {
      const order = await lockOrder(tx, id);
      // Another request moved it meanwhile (paid in time, or expired already): nothing to do.
      if (!order || order.payment_status !== 1 || !order.expired_at || new Date(order.expired_at) > now) return;
      chargeId = await cancelLiveCharge(tx, id, 'expired');
      after.push(...(await moveOrder(tx, deps, order, 'expire', 5)));
      await updateOrder(tx, id, { invoice_url: null });
      moved += 1;
    });
    if (chargeId) {
      const gateway = commerceOf(deps).gateway;
      after.push(() => gateway.expire(chargeId!).catch((error: Error) => console.warn(`[commerce] expiring charge ${chargeId} at the gateway failed: ${error.message}`)));
    }
    await runAfterCommit(after);
  }
  return moved;
}
