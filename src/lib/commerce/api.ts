import type { HttpClient } from '../http/http.ts';
import type {
  AddOrderBoxInput,
  AddOrderBoxResponse,
  CreateTransactionInput,
  CreateTransactionResponse,
  DeleteOrderLineResponse,
  DonationBookListQuery,
  DonationBookListResponse,
  DonationEpustakaListQuery,
  DonationEpustakaListResponse,
  EpustakaDonationListQuery,
  EpustakaDonationListResponse,
  HasEpustakaResponse,
  InvoiceStatusResponse,
  Order,
  OrderBoxDetailsQuery,
  OrderBoxDetailsResponse,
  OrderBoxListQuery,
  OrderBoxListResponse,
  PaymentMethodListResponse,
  ProductListQuery,
  ProductListResponse,
  SelfDonationListQuery,
  SelfDonationListResponse,
  ShippingOptions,
  ShippingOptionsQuery,
  ShippingOptionsResponse,
  ShippingWaybillInput,
  StoreOrderListQuery,
  StoreOrderListResponse,
  TransactionShipmentInput,
  TransactionStatusResponse,
  Waybill,
} from './schema.ts';

/* The commerce calls (donations, the order box, payments, shipping), for pages and islands alike. */

/** The header that makes a write safe to send again: the API answers a repeat with the first answer. */
function once(key: string) {
  return { headers: { 'Idempotency-Key': key } };
}

/** GET webhook/donation-book-list: books that may be donated (10, then 10 more), or one by `book_id`. */
export function getDonationBooks(http: HttpClient, params: DonationBookListQuery): Promise<DonationBookListResponse> {
  return http.get<DonationBookListResponse>('webhook/donation-book-list', { ...params });
}

/** GET webhook/donation-epustaka-list: the libraries of the caller's organisation a donation may go to. */
export function getDonationLibraries(http: HttpClient, params: DonationEpustakaListQuery): Promise<DonationEpustakaListResponse> {
  return http.get<DonationEpustakaListResponse>('webhook/donation-epustaka-list', { ...params });
}

/** GET webhook/has-epustaka: the caller's own ePustaka, if any. */
export function getOwnLibrary(http: HttpClient): Promise<HasEpustakaResponse> {
  return http.get<HasEpustakaResponse>('webhook/has-epustaka');
}

/** GET webhook/self-donation-list: what the caller donated, per book and library. */
export function getSelfDonations(http: HttpClient, params: SelfDonationListQuery): Promise<SelfDonationListResponse> {
  return http.get<SelfDonationListResponse>('webhook/self-donation-list', { ...params });
}

/** GET webhook/product-list: the souvenirs on sale (20, then 20 more). */
export function getProducts(http: HttpClient, params: ProductListQuery): Promise<ProductListResponse> {
  return http.get<ProductListResponse>('webhook/product-list', { ...params });
}

/** POST webhook/add-order-box, once per `key`. */
export async function addOrderBox(http: HttpClient, input: AddOrderBoxInput, key: string): Promise<AddOrderBoxResponse['data']> {
  return (await http.post<AddOrderBoxResponse>('webhook/add-order-box', input, once(key))).data;
}

/** GET webhook/order-box-details: the lines of one of the caller's order boxes. */
export function getOrderLines(http: HttpClient, params: OrderBoxDetailsQuery): Promise<OrderBoxDetailsResponse> {
  return http.get<OrderBoxDetailsResponse>('webhook/order-box-details', { ...params });
}

/** DELETE webhook/order-box-details: removes a line; `item_count` 0 means the box is gone. */
export async function deleteOrderLine(http: HttpClient, lineId: string): Promise<DeleteOrderLineResponse['data']> {
  return (await http.delete<DeleteOrderLineResponse>('webhook/order-box-details', { order_box_detail_id: lineId })).data;
}

/** GET webhook/order-box-list: the caller's orders of a category and tab, 15 a page. */
export function getOrders(http: HttpClient, params: OrderBoxListQuery): Promise<OrderBoxListResponse> {
  return http.get<OrderBoxListResponse>('webhook/order-box-list', { ...params });
}

/** GET webhook/invoice-status: one of the caller's orders as it is now. */
export async function getOrder(http: HttpClient, orderBoxId: string): Promise<Order> {
  return (await http.get<InvoiceStatusResponse>('webhook/invoice-status', { order_box_id: orderBoxId })).data;
}

/** GET webhook/payment-method-list: the methods by group. */
export async function getPaymentMethods(http: HttpClient): Promise<PaymentMethodListResponse['data']> {
  return (await http.get<PaymentMethodListResponse>('webhook/payment-method-list')).data;
}

/** POST webhook/create-transaction, once per `key`. */
export async function createTransaction(http: HttpClient, input: CreateTransactionInput, key: string): Promise<CreateTransactionResponse['data']> {
  return (await http.post<CreateTransactionResponse>('webhook/create-transaction', input, once(key))).data;
}

/** PUT webhook/transaction-status: the buyer confirms an order on delivery arrived. */
export async function confirmReceipt(http: HttpClient, transactionId: string): Promise<TransactionStatusResponse['data']> {
  return (await http.put<TransactionStatusResponse>('webhook/transaction-status', { transaction_id: transactionId })).data;
}

/** GET webhook/shipping-options: the profile's address and the couriers' prices for a shipped box. */
export async function getShippingOptions(http: HttpClient, params: ShippingOptionsQuery): Promise<ShippingOptions> {
  return (await http.get<ShippingOptionsResponse>('webhook/shipping-options', { ...params })).data;
}

/** POST webhook/shipping-waybill: the tracking of an order's receipt number, newest entry first. */
export async function getWaybill(http: HttpClient, input: ShippingWaybillInput): Promise<Waybill> {
  return (await http.post<{ data: Waybill }>('webhook/shipping-waybill', input)).data;
}

/** GET webhook/epustaka-donation-list: the donations a library received; its owner only. */
export function getReceivedDonations(http: HttpClient, params: EpustakaDonationListQuery): Promise<EpustakaDonationListResponse> {
  return http.get<EpustakaDonationListResponse>('webhook/epustaka-donation-list', { ...params });
}

/** PUT webhook/transaction-verification: the library's owner confirms a cash payment arrived. */
export async function verifyCashPayment(http: HttpClient, transactionId: string): Promise<void> {
  await http.put('webhook/transaction-verification', { transaction_id: transactionId });
}

/** PUT webhook/transaction-late-payment: the owner accepts money that arrived after the deadline, or refunds it. */
export async function decideLatePayment(http: HttpClient, transactionId: string, decision: 'accept' | 'refund'): Promise<void> {
  await http.put('webhook/transaction-late-payment', { transaction_id: transactionId, decision });
}

/** GET webhook/store-order-list: the souvenir orders the store has to handle (store administrators only). */
export function getStoreOrders(http: HttpClient, params: StoreOrderListQuery): Promise<StoreOrderListResponse> {
  return http.get<StoreOrderListResponse>('webhook/store-order-list', { ...params });
}

/** PUT webhook/transaction-shipment: the store hands a paid order to its courier with the waybill number, or readies it for pickup. */
export async function shipStoreOrder(http: HttpClient, input: TransactionShipmentInput): Promise<void> {
  await http.put('webhook/transaction-shipment', input);
}
