import { map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import { notify } from '../shell/store.ts';
import { getStoreOrders, shipStoreOrder, verifyCashPayment } from './api.ts';
import { COMMERCE_LIMITS, TAKEN_DIRECTLY } from './values.ts';
import type { StoreOrder } from './schema.ts';

/*
 * The store's work list, for its administrators: souvenir orders whose cash waits to be verified
 * and paid orders waiting for the courier (with the waybill number the courier gave) or for the
 * buyer's pickup. After each action the list is asked for again: a handled order leaves it.
 */

export interface StoreOrdersState {
  items: StoreOrder[];
  total: number;
  /** Waybill numbers typed, by order id. */
  receipts: Record<string, string>;
  /** The order being handled. */
  busy: string | null;
}

export const $storeOrders = map<StoreOrdersState>({ items: [], total: 0, receipts: {}, busy: null });

export function seedStoreOrders(items: StoreOrder[], total: number): void {
  $storeOrders.set({ items, total, receipts: {}, busy: null });
}

export function setReceipt(orderId: string, receipt: string): void {
  $storeOrders.setKey('receipts', { ...$storeOrders.get().receipts, [orderId]: receipt });
}

async function act(t: TFunction, order: StoreOrder, run: (transactionId: string) => Promise<void>, done: string): Promise<void> {
  if (!order.transaction_id || $storeOrders.get().busy) return;
  $storeOrders.setKey('busy', order.id);
  try {
    await run(order.transaction_id);
    notify('success', t(done));
    const body = await getStoreOrders(api, { limit: COMMERCE_LIMITS.orderList.default });
    $storeOrders.set({ ...$storeOrders.get(), items: body.data, total: body.meta.total });
  } catch (error) {
    notify('error', errorText(t, error as never));
  } finally {
    $storeOrders.setKey('busy', null);
  }
}

/** Hands a paid order to its courier with the typed waybill number, or readies a pickup order. */
export function shipOrder(t: TFunction, order: StoreOrder): Promise<void> {
  const pickup = order.courier_info?.code === TAKEN_DIRECTLY;
  const receipt = ($storeOrders.get().receipts[order.id] ?? '').trim();
  if (!pickup && !receipt) return Promise.resolve();
  return act(t, order, (transaction_id) => shipStoreOrder(api, { transaction_id, courier: order.courier_info?.code ?? TAKEN_DIRECTLY, receipt_number: pickup ? undefined : receipt }), pickup ? 'commerce.store.ready' : 'commerce.store.shipped');
}

/** The cash of an order arrived: it counts as paid and waits for shipping. */
export function verifyOrderCash(t: TFunction, order: StoreOrder): Promise<void> {
  return act(t, order, (transactionId) => verifyCashPayment(api, transactionId), 'commerce.store.verified');
}
