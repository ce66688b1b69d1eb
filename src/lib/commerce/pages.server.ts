import type { HttpClient } from '../http/http.ts';
import { getDonationBooks, getOrder, getOrderLines, getOrders, getProducts, getSelfDonations, getStoreOrders } from './api.ts';
import { listStatusQuery, type ListTab } from './display.ts';
import { COMMERCE_LIMITS, type OrderCategory } from './values.ts';
import type { Order, OrderBoxListResponse, OrderLine, ProductListResponse, SelfDonationListResponse, StoreOrderListResponse } from './schema.ts';
import { PAYMENT_STATUS } from './values.ts';

/*
 * Page loaders of the order pages: what each page renders first. A failure of the API is logged
 * and the page says so; an order that does not exist or is not the caller's is `notFound` (the
 * page answers 404), never another user's data.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an order box id worth asking the API about. */
export function isOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export type Loaded<T> = { kind: 'ok'; value: T } | { kind: 'notFound' } | { kind: 'failed' };

async function load<T>(what: string, run: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { kind: 'ok', value: await run() };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return { kind: 'notFound' };
    console.error(`The ${what} could not be loaded`, error);
    return { kind: 'failed' };
  }
}

/** An order of the caller's, as it is now. */
export function loadOrder(http: HttpClient, orderBoxId: string | null | undefined): Promise<Loaded<Order>> {
  if (!isOrderId(orderBoxId)) return Promise.resolve({ kind: 'notFound' });
  return load(`order ${orderBoxId}`, () => getOrder(http, orderBoxId));
}

/** An order and its lines, for the cart and the payment detail. */
export async function loadOrderWithLines(http: HttpClient, orderBoxId: string | null | undefined): Promise<Loaded<{ order: Order; lines: OrderLine[] }>> {
  const order = await loadOrder(http, orderBoxId);
  if (order.kind !== 'ok') return order;
  const lines = await load(`lines of order ${order.value.id}`, () => getOrderLines(http, { order_box_id: order.value.id, limit: COMMERCE_LIMITS.orderLines.max }));
  if (lines.kind !== 'ok') return lines;
  return { kind: 'ok', value: { order: order.value, lines: lines.value.data } };
}

/** A page of an order list, from `offset`. */
export function loadOrderList(http: HttpClient, tab: ListTab, category: OrderCategory, offset = 0): Promise<Loaded<OrderBoxListResponse>> {
  return load(`${category} ${tab} orders`, () => getOrders(http, { status: listStatusQuery(tab), category, limit: COMMERCE_LIMITS.orderList.default, offset }));
}

/** The `?offset=` of an order list: a whole page's start (a multiple of 15), 0 otherwise. */
export function parseOffset(value: string | null): number {
  const n = Number(value ?? '0');
  const size = COMMERCE_LIMITS.orderList.default;
  return Number.isInteger(n) && n > 0 && n <= 1_000_000 ? n - (n % size) : 0;
}

/**
 * Whether donations are on (the API refuses the picker with `donation_disabled` otherwise), and
 * the book `bookId` names when it may be donated, for the dialog to open with.
 */
export async function loadDonationOffer(http: HttpClient, bookId: string | null): Promise<{ enabled: boolean; book: { id: string; title: string } | null }> {
  try {
    const body = await getDonationBooks(http, { limit: 1, book_id: bookId && UUID.test(bookId) ? bookId : undefined });
    const book = bookId ? body.data.find((b) => b.book_id === bookId) : undefined;
    return { enabled: true, book: book ? { id: book.book_id, title: book.book_title } : null };
  } catch (error) {
    if ((error as { code?: string }).code !== 'donation_disabled') console.error('The donation picker could not be loaded', error);
    return { enabled: false, book: null };
  }
}

/** The first page of the caller's donated books. */
export function loadDonatedBooks(http: HttpClient, q: string): Promise<Loaded<SelfDonationListResponse>> {
  return load('donated books', () => getSelfDonations(http, { limit: COMMERCE_LIMITS.donatedBooks.default, q: q || undefined }));
}

/** The first page of the souvenirs on sale, and the caller's open souvenir box (null when none). */
export async function loadShop(http: HttpClient): Promise<Loaded<{ products: ProductListResponse; box: Order | null }>> {
  return load('souvenirs', async () => {
    const [products, ongoing] = await Promise.all([
      getProducts(http, { limit: COMMERCE_LIMITS.products.default }),
      getOrders(http, { status: listStatusQuery('status'), category: 'PRODUCT', limit: COMMERCE_LIMITS.orderList.max }),
    ]);
    return { products, box: ongoing.data.find((o) => o.payment_status === PAYMENT_STATUS.OPEN) ?? null };
  });
}

/** The store's work list when the caller administers the store; null for anyone else (the API answers 403). */
export async function loadStoreOrders(http: HttpClient): Promise<StoreOrderListResponse | null> {
  try {
    return await getStoreOrders(http, { limit: COMMERCE_LIMITS.orderList.default });
  } catch (error) {
    if ((error as { status?: number }).status !== 403) console.error('The store\'s orders could not be loaded', error);
    return null;
  }
}
