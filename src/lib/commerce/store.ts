import { atom, map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import { notify } from '../shell/store.ts';
import { confirmReceipt, createTransaction, deleteOrderLine, getOrder, getOrders, getPaymentMethods, getWaybill } from './api.ts';
import { clockOffset, listStatusQuery, type ListTab } from './display.ts';
import { computeBill, secondsLeft } from './rules.ts';
import { COMMERCE_LIMITS, SHIPPED_CATEGORIES, type OrderCategory } from './values.ts';
import { $shipping, loadShipping, shippingChoice } from './shipping-store.ts';
import type { Order, OrderLine, PaymentMethod, PaymentMethodListResponse, Waybill } from './schema.ts';

/*
 * The orders as the pages follow them: the order on screen (shared by its detail and its
 * countdown), the order box's lines, the payment-method chooser, the order lists and the tracking
 * of a shipment. Every write goes through here; components only read the stores and call these.
 */

// ---------------------------------------------------------------------------------------------
// The order on screen and its countdown

export interface OrderView {
  order: Order | null;
  /** How far the server's clock is ahead of the browser's (ms), from the time the page was made. */
  offset: number;
}

/** The order the detail and the countdown show; both islands read it. */
export const $order = map<OrderView>({ order: null, offset: 0 });

/** Shows an order the server rendered, with the server's time then. */
export function seedOrder(order: Order, serverNow: string): void {
  $order.set(orderView(order, serverNow));
}

/** An order with the offset of the server's clock at `serverNow`. */
export function orderView(order: Order, serverNow: string): OrderView {
  return { order, offset: clockOffset(serverNow, Date.now()) };
}

/** Seconds left to pay the order on screen, by the server's clock. */
export function orderSecondsLeft(view: OrderView, clientNow = Date.now()): number {
  return secondsLeft(view.order?.expired_at ?? null, clientNow + view.offset);
}

/** Asks the server for the order's status now: the deadline is the server's, and so is the outcome. */
export async function refreshOrder(): Promise<void> {
  const current = $order.get().order;
  if (!current) return;
  try {
    const order = await getOrder(api, current.id);
    if ($order.get().order?.id === order.id) $order.setKey('order', order);
  } catch (error) {
    console.error('The order could not be refreshed', error);
  }
}

// ---------------------------------------------------------------------------------------------
// The order box's lines

export interface CartState {
  orderBoxId: string;
  category: OrderCategory;
  lines: OrderLine[];
  /** The line being removed. */
  busy: string | null;
}

export const $cart = map<CartState>({ orderBoxId: '', category: 'DONATION', lines: [], busy: null });

export function seedCart(state: CartState): void {
  $cart.set(state);
}

/** The lines' bill before a method is chosen: amount less discounts. */
export function cartTotal(lines: readonly OrderLine[]): number {
  return computeBill(lines).bill;
}

/** Removes a line; once the box is empty the page leaves for `emptyHref`. */
export async function removeLine(t: TFunction, lineId: string, emptyHref: string): Promise<void> {
  $cart.setKey('busy', lineId);
  try {
    const result = await deleteOrderLine(api, lineId);
    $cart.setKey('lines', $cart.get().lines.filter((line) => line.id !== lineId));
    if (result.item_count === 0) {
      notify('info', t('commerce.cart.emptied'));
      window.location.assign(emptyHref);
      return;
    }
    notify('success', t('commerce.cart.deleted'));
  } catch (error) {
    notify('error', errorText(t, error as never));
  } finally {
    $cart.setKey('busy', null);
  }
}

// ---------------------------------------------------------------------------------------------
// Paying: the method chooser, the summary, the transaction

export interface CheckoutState {
  /** A shipped order starts with where to and how (shipping-store.ts). */
  step: 'closed' | 'shipping' | 'methods' | 'summary';
  methods: PaymentMethodListResponse['data'] | null;
  loading: boolean;
  chosen: PaymentMethod | null;
  busy: boolean;
  error: string | null;
}

export const $checkout = map<CheckoutState>({ step: 'closed', methods: null, loading: false, chosen: null, busy: false, error: null });

// One key per payment the buyer means (this box, this method, this shipping): a double click or a
// retry makes one charge.
let payKey: { intent: string; key: string } | null = null;

/**
 * Opens the checkout, loading the methods the first time: at the shipping step for an order of a
 * shipped category (`orderBoxId` given), else at the method chooser.
 */
export async function openCheckout(t: TFunction, shipped?: { orderBoxId: string; category: OrderCategory }): Promise<void> {
  const ship = shipped && SHIPPED_CATEGORIES.includes(shipped.category);
  $checkout.set({ ...$checkout.get(), step: ship ? 'shipping' : 'methods', error: null });
  if (ship) void loadShipping(t, shipped.orderBoxId);
  if ($checkout.get().methods) return;
  $checkout.setKey('loading', true);
  try {
    $checkout.setKey('methods', await getPaymentMethods(api));
  } catch (error) {
    $checkout.setKey('error', errorText(t, error as never));
  } finally {
    $checkout.setKey('loading', false);
  }
}

export function chooseMethod(method: PaymentMethod): void {
  $checkout.set({ ...$checkout.get(), chosen: method, error: null });
}

export function checkoutStep(step: CheckoutState['step']): void {
  $checkout.set({ ...$checkout.get(), step, error: null });
}

/**
 * A dialog of the checkout closed (Escape, its close button, or the browser closing it because the
 * next step opened): only the step still on screen ends the checkout.
 */
export function checkoutClosed(step: CheckoutState['step']): void {
  if ($checkout.get().step === step && !$checkout.get().busy) checkoutStep('closed');
}

/**
 * Pay now: the transaction is made for the chosen method. An online method goes to the gateway's
 * invoice page; cash (no invoice) goes to /transaction with the order's detail open.
 */
export async function pay(t: TFunction, orderBoxId: string, category: OrderCategory): Promise<void> {
  const { chosen, busy } = $checkout.get();
  if (!chosen || busy) return;
  const shipping = SHIPPED_CATEGORIES.includes(category) ? shippingChoice($shipping.get()) : undefined;
  if (shipping === null) {
    $checkout.set({ ...$checkout.get(), step: 'shipping', error: null });
    return;
  }
  const intent = JSON.stringify([chosen.payment_type, shipping ?? null]);
  if (payKey?.intent !== intent) payKey = { intent, key: crypto.randomUUID() };
  $checkout.set({ ...$checkout.get(), busy: true, error: null });
  try {
    const result = await createTransaction(api, { order_box_id: orderBoxId, category, payment_type: chosen.payment_type, ...(shipping ? { shipping } : {}) }, payKey.key);
    payKey = null;
    if (result.invoice_url) window.location.assign(result.invoice_url);
    else {
      notify('success', t('commerce.methods.cashDone'));
      window.location.assign(`/transaction?order_box_id=${encodeURIComponent(result.order_box_id)}`);
    }
  } catch (error) {
    $checkout.set({ ...$checkout.get(), busy: false, error: errorText(t, error as never) });
  }
}

// ---------------------------------------------------------------------------------------------
// The order lists

export interface OrderListState {
  tab: ListTab;
  category: OrderCategory;
  items: Order[];
  total: number;
  offset: number;
  loading: boolean;
  error: boolean;
}

export const $orders = map<OrderListState>({ tab: 'status', category: 'DONATION', items: [], total: 0, offset: 0, loading: false, error: false });

export function seedOrders(state: Omit<OrderListState, 'loading' | 'error'>): void {
  $orders.set({ ...state, loading: false, error: false });
}

let listGeneration = 0;

/** Loads a page (15 orders from `offset`) of a tab and category. */
export async function loadOrders(tab: ListTab, category: OrderCategory, offset = 0): Promise<void> {
  const mine = ++listGeneration;
  $orders.set({ ...$orders.get(), tab, category, offset, loading: true, error: false });
  try {
    const body = await getOrders(api, { status: listStatusQuery(tab), category, offset, limit: COMMERCE_LIMITS.orderList.default });
    if (mine !== listGeneration) return;
    $orders.set({ tab, category, offset, items: body.data, total: body.meta.total, loading: false, error: false });
  } catch {
    if (mine === listGeneration) $orders.set({ ...$orders.get(), items: [], loading: false, error: true });
  }
}

/** The order whose detail is open over a list, or null. */
export const $detail = atom<Order | null>(null);

/** Opens an order's detail over the list, as the server has it now. */
export async function openDetail(t: TFunction, order: Order): Promise<void> {
  $detail.set(order);
  $order.setKey('order', order);
  try {
    const fresh = await getOrder(api, order.id);
    if ($detail.get()?.id === fresh.id) $order.setKey('order', fresh);
  } catch (error) {
    notify('error', errorText(t, error as never));
  }
}

export function closeDetail(): void {
  $detail.set(null);
}

// ---------------------------------------------------------------------------------------------
// Delivery: tracking and "order received"

export const $receipt = map<{ open: boolean; busy: boolean }>({ open: false, busy: false });

/** The buyer confirms an order on delivery arrived; the page then shows it as received. */
export async function confirmReceived(t: TFunction): Promise<void> {
  const order = $order.get().order;
  if (!order?.transaction_id || $receipt.get().busy) return;
  $receipt.setKey('busy', true);
  try {
    await confirmReceipt(api, order.transaction_id);
    notify('success', t('commerce.order.statusUpdated'));
    $receipt.set({ open: false, busy: false });
    await refreshOrder();
    await loadOrders($orders.get().tab, $orders.get().category, $orders.get().offset).catch(() => undefined);
  } catch (error) {
    notify('error', errorText(t, error as never));
    $receipt.setKey('busy', false);
  }
}

export const $tracking = map<{ receipt: string | null; waybill: Waybill | null; loading: boolean; error: boolean }>({ receipt: null, waybill: null, loading: false, error: false });

/** Loads the tracking of an order's receipt number (once per number). */
export async function loadTracking(order: Order): Promise<void> {
  if (!order.receipt_number || !order.courier_info || $tracking.get().receipt === order.receipt_number) return;
  $tracking.set({ receipt: order.receipt_number, waybill: null, loading: true, error: false });
  try {
    const waybill = await getWaybill(api, { courier: order.courier_info.code, receipt_number: order.receipt_number });
    $tracking.set({ receipt: order.receipt_number, waybill, loading: false, error: false });
  } catch {
    $tracking.set({ receipt: order.receipt_number, waybill: null, loading: false, error: true });
  }
}
