import { CATEGORY_CODE, CODE_CATEGORY, COMMERCE_LIMITS, ORDER_CATEGORIES, PAYMENT_STATUS, TAKEN_DIRECTLY, type CategoryCode, type OrderCategory } from './values.ts';
import type { Order } from './schema.ts';

/*
 * What the order and payment pages show, beside the shared rules of rules.ts: the category in a
 * cart address, the tabs of the lists, each status's label, the countdown's text and clock, the
 * totals of a list row and the donation dialog's rules. Pure functions, tested beside.
 */

/**
 * The list category of a cart address's last segment: a short code (D and BP donations, P, S and
 * Q products, T tryouts) or the category's own name, in any case; null for anything else.
 */
export function cartCategory(segment: string | undefined): OrderCategory | null {
  const value = (segment ?? '').toUpperCase();
  if (value in CODE_CATEGORY) return CODE_CATEGORY[value as CategoryCode];
  return (ORDER_CATEGORIES as readonly string[]).includes(value) ? (value as OrderCategory) : null;
}

/** The cart of an order box: /cart/{id}/{code}. */
export function cartHref(orderBoxId: string, category: OrderCategory): string {
  return `/cart/${encodeURIComponent(orderBoxId)}/${CATEGORY_CODE[category]}`;
}

/** The payment detail of an order box. */
export function paymentDetailHref(orderBoxId: string): string {
  return `/detail-order-box/payment?order_box_id=${encodeURIComponent(orderBoxId)}`;
}

/** The list category in `?category=`, DONATION when missing or unknown. */
export function parseListCategory(value: string | null | undefined): OrderCategory {
  return (ORDER_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as OrderCategory) : 'DONATION';
}

/** The two tabs of the order lists: what is still going on (Status), and what is over (History). */
export type ListTab = 'status' | 'history';

/** The `?tab=` of an order list, Status when missing or unknown. */
export function parseListTab(value: string | null | undefined): ListTab {
  return value === 'history' ? 'history' : 'status';
}

/** The list's `status` query for a tab. */
export function listStatusQuery(tab: ListTab): 'ongoing' | 'completed' {
  return tab === 'history' ? 'completed' : 'ongoing';
}

/** The text key of an order's status; status 7 of an order collected at the library says "waiting pickup". */
export function statusKey(order: Pick<Order, 'payment_status' | 'courier_info'>): string {
  if (order.payment_status === PAYMENT_STATUS.ON_DELIVERY && order.courier_info?.code === TAKEN_DIRECTLY) return 'commerce.status.waitingPickup';
  const names: Record<number, string> = {
    0: 'processing',
    1: 'waitingPayment',
    2: 'verifying',
    3: 'paid',
    4: 'failed',
    5: 'cancelled',
    6: 'verified',
    7: 'onDelivery',
    8: 'received',
  };
  return `commerce.status.${names[order.payment_status] ?? 'unknown'}`;
}

/** The badge colour of a status: waiting is a warning, done a success, failed or cancelled an error. */
export function statusTone(status: number): 'info' | 'warning' | 'success' | 'error' {
  if (status === PAYMENT_STATUS.WAITING_PAYMENT || status === PAYMENT_STATUS.VERIFYING) return 'warning';
  if (status === PAYMENT_STATUS.FAILED || status === PAYMENT_STATUS.CANCELLED) return 'error';
  if (status === PAYMENT_STATUS.PAID || status === PAYMENT_STATUS.RECEIVED || status === PAYMENT_STATUS.VERIFIED) return 'success';
  return 'info';
}

/**
 * Whether the countdown is shown: running while the order waits for payment, and at 0:00 once it
 * was cancelled for want of payment.
 */
export function countdownShown(status: number): boolean {
  return status === PAYMENT_STATUS.WAITING_PAYMENT || status === PAYMENT_STATUS.CANCELLED;
}

/** Statuses that show the shipping estimate: verified and on delivery. */
export function showsShipping(status: number): boolean {
  return status === PAYMENT_STATUS.VERIFIED || status === PAYMENT_STATUS.ON_DELIVERY;
}

/** Days the order takes to arrive: a pre-order's shipping duration, else the courier's estimate ("2-3"). */
export function shippingEstimate(order: Pick<Order, 'pre_order' | 'shipping_duration' | 'courier_info'>): { days: number } | { text: string } | null {
  if (order.pre_order && order.shipping_duration !== null) return { days: order.shipping_duration };
  return order.courier_info?.etd ? { text: order.courier_info.etd } : null;
}

/**
 * How far the server's clock is ahead of this one, in milliseconds. The countdown adds it, so a
 * browser whose clock is wrong still counts to the server's deadline.
 */
export function clockOffset(serverNow: string | Date, clientNow: number): number {
  const server = new Date(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - clientNow;
}

/** A countdown as it is shown: "H:MM:SS" from an hour up, else "M:SS"; "0:00" once over. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * What a list row shows as the order's total: amount minus discount plus service fee plus tax,
 * plus the shipping fee on the donation and order list.
 */
export function displayTotal(order: Pick<Order, 'amount' | 'discount_amount' | 'service_fee_amount' | 'tax_amount' | 'shipping_fee_amount'>, withShipping = false): number {
  return order.amount - order.discount_amount + order.service_fee_amount + order.tax_amount + (withShipping ? order.shipping_fee_amount : 0);
}

/**
 * A copy count typed by the donor: a whole number from 1 to the most one line may hold, else
 * null with the reason (`min`, `max` or `integer`) for the message.
 */
export function parseCopyCount(input: string | number): { count: number; error: null } | { count: null; error: 'min' | 'max' | 'integer' } {
  const text = String(input).trim();
  if (!/^-?\d+$/.test(text)) return { count: null, error: 'integer' };
  const count = Number(text);
  if (count < 1) return { count: null, error: 'min' };
  if (count > COMMERCE_LIMITS.maxCopies) return { count: null, error: 'max' };
  return { count, error: null };
}

/**
 * The donation dialog's Continue: only once the count was changed and is valid, a library is
 * chosen and the book has a price above 0.
 */
export function canContinueDonation(input: { count: string | number; changed: boolean; epustakaId: string | null; price: number }): boolean {
  return input.changed && parseCopyCount(input.count).error === null && Boolean(input.epustakaId) && input.price > 0;
}

/** The donation's total: copies times the book's price (0 while the count is not valid). */
export function donationTotal(count: string | number, price: number): number {
  const parsed = parseCopyCount(count);
  return parsed.count === null ? 0 : parsed.count * price;
}
