/*
 * What the order and payment pages show, as pure functions: the categories in an address, which
 * footer an order gets at each status, the countdown to the payment deadline, the totals and the
 * donation dialog's rules. The pages, islands and their tests share them.
 */

/** Payment statuses of an order box: 0–7 as the gateway screens know them, 8 once the buyer confirms receipt. */
export const ORDER_STATUS = {
  processing: 0,
  waitingPayment: 1,
  verifying: 2,
  paid: 3,
  failed: 4,
  cancelled: 5,
  verified: 6,
  onDelivery: 7,
  received: 8,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;

/** The name of a status number, for its label text; an unknown number is `unknown`. */
export function statusName(status: number): OrderStatusName | 'unknown' {
  const found = Object.entries(ORDER_STATUS).find(([, value]) => value === status);
  return found ? (found[0] as OrderStatusName) : 'unknown';
}

/** The categories the transaction lists are split by, DONATION first (the default). */
export const LIST_CATEGORIES = ['DONATION', 'PRODUCT', 'TRYOUT'] as const;
export type ListCategory = (typeof LIST_CATEGORIES)[number];

/** The short code of each list category in a cart address (/cart/{id}/D). */
const CATEGORY_CODE: Record<ListCategory, string> = { DONATION: 'D', PRODUCT: 'P', TRYOUT: 'T' };

/**
 * The list category of a cart address's last segment: its short code (D and BP are donations, P
 * products, T tryouts) or the category's own name, in any case; null for anything else.
 */
export function cartCategory(segment: string | undefined): ListCategory | null {
  const value = (segment ?? '').toUpperCase();
  if (value === 'D' || value === 'BP' || value === 'DONATION') return 'DONATION';
  if (value === 'P' || value === 'PRODUCT') return 'PRODUCT';
  if (value === 'T' || value === 'TRYOUT') return 'TRYOUT';
  return null;
}

/** The cart of an order box: /cart/{id}/{code}. */
export function cartHref(orderBoxId: string, category: ListCategory): string {
  return `/cart/${encodeURIComponent(orderBoxId)}/${CATEGORY_CODE[category]}`;
}

/** The list category in `?category=`, DONATION when missing or unknown. */
export function parseListCategory(value: string | null | undefined): ListCategory {
  return (LIST_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as ListCategory) : 'DONATION';
}

/** The two tabs of the transaction lists: what is still going on, and what is over. */
export const LIST_TABS = ['status', 'history'] as const;
export type ListTab = (typeof LIST_TABS)[number];

/** The `?tab=` of a transaction list, Status when missing or unknown. */
export function parseListTab(value: string | null | undefined): ListTab {
  return value === 'history' ? 'history' : 'status';
}

/** The list's `status` query for a tab. */
export function listStatusQuery(tab: ListTab): 'ongoing' | 'completed' {
  return tab === 'history' ? 'completed' : 'ongoing';
}

/** Page sizes: transaction lists page by 15, the donation picker shows 10 then 10 more, donated books 20 then 20 more, the ePustaka choice 25. */
export const COMMERCE_LIMITS = { orders: 15, picker: 10, donated: 20, libraries: 25 } as const;

/**
 * The footer of an order at its status:
 * - 0 (not invoiced yet): back to its cart;
 * - 1 (waiting payment): pay now, at the invoice;
 * - 4 (failed): complaint and pay now;
 * - 7 (on delivery or waiting pickup): order received;
 * - 2, 3, 5, 6 and 8: none.
 */
export type OrderFooter = 'cart' | 'payNow' | 'failed' | 'received' | 'none';

export function orderFooter(status: number): OrderFooter {
  switch (status) {
    case ORDER_STATUS.processing:
      return 'cart';
    case ORDER_STATUS.waitingPayment:
      return 'payNow';
    case ORDER_STATUS.failed:
      return 'failed';
    case ORDER_STATUS.onDelivery:
      return 'received';
    default:
      return 'none';
  }
}

/** Only an order waiting for payment counts down to its deadline. */
export function showsCountdown(status: number): boolean {
  return status === ORDER_STATUS.waitingPayment;
}

/** Statuses that show the shipping estimate: verified and on delivery. */
export function showsShipping(status: number): boolean {
  return status === ORDER_STATUS.verified || status === ORDER_STATUS.onDelivery;
}

/** The courier code of an order collected at the library instead of shipped. */
export const PICKUP_COURIER = 'taken_directly';

/**
 * How far the server's clock is ahead of this one, in milliseconds. The countdown adds it, so a
 * browser whose clock is wrong still counts to the server's deadline.
 */
export function clockOffset(serverNow: string | Date, clientNow: number): number {
  const server = new Date(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - clientNow;
}

/** Whole seconds left until `expiredAt` at `now` (the server's time), never below 0. */
export function secondsLeft(expiredAt: string | null | undefined, now: number): number {
  if (!expiredAt) return 0;
  const deadline = new Date(expiredAt).getTime();
  if (Number.isNaN(deadline)) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A countdown as it is shown: "H:MM:SS" from an hour up, else "M:SS"; "0:00" once over. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The amounts of an order the totals are made of, in whole rupiah. */
export interface OrderAmounts {
  amount: number;
  discount_amount?: number | null;
  service_fee_amount?: number | null;
  tax_amount?: number | null;
  shipping_fee_amount?: number | null;
}

/**
 * What the buyer pays: amount minus discount plus service fee plus tax, plus the shipping fee
 * where the list shows it (the donation and order list).
 */
export function displayTotal(order: OrderAmounts, withShipping = false): number {
  const shipping = withShipping ? (order.shipping_fee_amount ?? 0) : 0;
  return order.amount - (order.discount_amount ?? 0) + (order.service_fee_amount ?? 0) + (order.tax_amount ?? 0) + shipping;
}

/** A line of an order box: its price less its discount, times its copies. */
export function lineTotal(line: { price: number; number_of_copy: number; discount_amount?: number | null }): number {
  return line.price * line.number_of_copy - (line.discount_amount ?? 0);
}

/** The sum of an order box's lines. */
export function linesTotal(lines: readonly { price: number; number_of_copy: number; discount_amount?: number | null }[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** The most copies one donation may give (the API refuses more with a coded error). */
export const MAX_DONATION_COPIES = 1000;

/**
 * A copy count typed by the donor: a whole number from 1 to {@link MAX_DONATION_COPIES}, else
 * null with the reason (`min`, `max` or `integer`) for the message.
 */
export function parseCopyCount(input: string | number): { count: number; error: null } | { count: null; error: 'min' | 'max' | 'integer' } {
  const text = String(input).trim();
  if (!/^-?\d+$/.test(text)) return { count: null, error: 'integer' };
  const count = Number(text);
  if (count < 1) return { count: null, error: 'min' };
  if (count > MAX_DONATION_COPIES) return { count: null, error: 'max' };
  return { count, error: null };
}

/**
 * The donation dialog's Continue: only once the count was changed and is valid, a library is
 * chosen and the book has a price above 0.
 */
export function canContinueDonation(input: { count: string | number; changed: boolean; epustakaId: string | null; price: number }): boolean {
  return input.changed && parseCopyCount(input.count).error === null && Boolean(input.epustakaId) && input.price > 0;
}

/** The donation's total: copies times the book's price. */
export function donationTotal(count: number, price: number): number {
  return count * price;
}

/**
 * A chat link for a complaint: the number's digits in international form (a leading 0 becomes
 * 62) and the message; null without a usable number.
 */
export function complaintHref(phone: string | null | undefined, message: string): string | null {
  let digits = (phone ?? '').replace(/[^0-9]/g, '');
  if (digits.length < 8) return null;
  if (digits.startsWith('0')) digits = `62${digits.slice(1)}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
