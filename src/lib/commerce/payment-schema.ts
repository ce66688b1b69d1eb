import { z } from 'zod';
import { orderLineSchema, orderSchema } from './order-schema.ts';
import { COMMERCE_LIMITS, limit, listMeta, offset, orderCategorySchema, paymentStatusSchema, paymentTypeSchema, rupiahSchema, uuid } from './values-schema.ts';

/*
 * Paying (methods, create-transaction, confirming receipt), shipping in RajaOngkir's shapes, and
 * the owner's and store's administration of orders.
 */

// ---------------------------------------------------------------------------------------------
// Paying

/** An admin fee: a percentage of the subtotal plus a fixed amount. */
export const adminFeeSchema = z.object({
  /** Percent with at most two decimals (0.7 = 0.7 %). */
  val_percentage: z.number().min(0).max(100),
  val_currency: rupiahSchema,
});
export type AdminFee = z.infer<typeof adminFeeSchema>;

export const paymentMethodSchema = z.object({
  payment_type: paymentTypeSchema,
  display_name: z.string(),
  icon_url: z.string(),
  admin_fee: adminFeeSchema,
  /** Percent of the admin fee, at most two decimals. */
  tax_percentage: z.number().min(0).max(100),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET webhook/payment-method-list: the methods by group (an empty group is an empty list). */
export const paymentMethodListResponseSchema = z.object({
  data: z.object({
    cash: z.array(paymentMethodSchema),
    bank_transfers: z.array(paymentMethodSchema),
    ewallets: z.array(paymentMethodSchema),
    cstores: z.array(paymentMethodSchema),
  }),
});
export type PaymentMethodListResponse = z.infer<typeof paymentMethodListResponseSchema>;

/** Shipping choice of an order that needs it (PRODUCT): a courier and service from shipping-cost, or `taken_directly`. */
export const shippingChoiceSchema = z.object({
  courier: z.string({ error: 'invalid_courier' }).min(1, { error: 'invalid_courier' }).max(40, { error: 'invalid_courier' }),
  service: z.string().max(40, { error: 'invalid_courier' }).optional(),
  /** City id of the destination (shipping-cost's `destination`); not needed for `taken_directly`. */
  destination: z.string().max(20, { error: 'invalid_destination' }).optional(),
  address: z.string().trim().max(500, { error: 'invalid_address' }).optional(),
});
export type ShippingChoice = z.input<typeof shippingChoiceSchema>;

/**
 * POST webhook/create-transaction: invoices the caller's box with a payment method. Cash: status 2
 * and no invoice url. Other methods: a charge at the gateway, status 1, `invoice_url` of the
 * gateway's page, `expired_at` the deadline. Asking again while the charge is live answers the
 * same charge; another method cancels the old charge first. A PRODUCT box needs `shipping`
 * (400 `shipping_required`). Takes an `Idempotency-Key` header as add-order-box does.
 * Errors: 404 `order_not_found`, 409 `order_not_payable` (not status 0 or 1, or expired),
 * 400 `category_mismatch`, 400 `empty_order`, 502 `gateway_unavailable`.
 */
export const createTransactionSchema = z.object({
  order_box_id: uuid('invalid_order_box_id'),
  category: orderCategorySchema,
  payment_type: paymentTypeSchema,
  shipping: shippingChoiceSchema.optional(),
});
export type CreateTransactionInput = z.input<typeof createTransactionSchema>;
export const createTransactionResponseSchema = z.object({
  data: z.object({
    order_box_id: z.string(),
    transaction_id: z.string(),
    transaction_code: z.string(),
    payment_status: paymentStatusSchema,
    invoice_url: z.string().nullable(),
    expired_at: z.string().nullable(),
    bill: rupiahSchema,
  }),
});
export type CreateTransactionResponse = z.infer<typeof createTransactionResponseSchema>;

/**
 * PUT webhook/transaction-status: the buyer confirms receipt of an order on delivery (7 → 8).
 * Another status is a 409 `invalid_transition`; another user's order a 404 `order_not_found`.
 */
export const transactionStatusSchema = z.object({ transaction_id: uuid('invalid_transaction_id') });
export type TransactionStatusInput = z.input<typeof transactionStatusSchema>;
export const transactionStatusResponseSchema = z.object({
  data: z.object({ transaction_id: z.string(), order_box_id: z.string(), payment_status: paymentStatusSchema }),
});
export type TransactionStatusResponse = z.infer<typeof transactionStatusResponseSchema>;


// ---------------------------------------------------------------------------------------------
// Shipping (RajaOngkir's shapes)

/** POST webhook/shipping-cost: what each courier's services cost to a destination for a weight (grams). */
export const shippingCostSchema = z.object({
  destination: z.string({ error: 'invalid_destination' }).min(1, { error: 'invalid_destination' }).max(20, { error: 'invalid_destination' }),
  weight: z.number({ error: 'invalid_weight' }).int({ error: 'invalid_weight' }).min(1, { error: 'invalid_weight' }).max(30_000, { error: 'invalid_weight' }),
  courier: z.string({ error: 'invalid_courier' }).min(1, { error: 'invalid_courier' }).max(40, { error: 'invalid_courier' }),
});
export type ShippingCostInput = z.input<typeof shippingCostSchema>;
export const shippingServiceSchema = z.object({
  service: z.string(),
  description: z.string(),
  cost: z.array(z.object({ value: rupiahSchema, etd: z.string(), note: z.string() })),
});
export const shippingCostResponseSchema = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string(), costs: z.array(shippingServiceSchema) })),
});
export type ShippingCostResponse = z.infer<typeof shippingCostResponseSchema>;

/**
 * GET webhook/shipping-options: how one of the caller's shipped boxes may travel. `destination`
 * (a city id of the courier) defaults to the regency of the caller's profile. 400 `not_shipped`
 * for a box with nothing to ship; 404 `order_not_found` for one not the caller's.
 */
export const shippingOptionsQuerySchema = z.object({
  order_box_id: uuid('invalid_order_box_id'),
  destination: z.string().trim().min(1, { error: 'invalid_destination' }).max(20, { error: 'invalid_destination' }).optional(),
});
export type ShippingOptionsQuery = z.input<typeof shippingOptionsQuerySchema>;
/** The profile's address (prefilled in the checkout), the box's weight in grams and each courier's services. */
export const shippingOptionsSchema = z.object({
  address: z.string().nullable(),
  destination: z.string().nullable(),
  destination_name: z.string().nullable(),
  weight: z.number().int(),
  couriers: shippingCostResponseSchema.shape.data,
});
export type ShippingOptions = z.infer<typeof shippingOptionsSchema>;
export const shippingOptionsResponseSchema = z.object({ data: shippingOptionsSchema });
export type ShippingOptionsResponse = z.infer<typeof shippingOptionsResponseSchema>;

/**
 * POST webhook/shipping-waybill: tracking of a receipt number of one of the caller's orders
 * (another is 404 `waybill_not_found`). The manifest is newest first.
 */
export const shippingWaybillSchema = z.object({
  courier: z.string({ error: 'invalid_courier' }).min(1, { error: 'invalid_courier' }).max(40, { error: 'invalid_courier' }),
  receipt_number: z.string({ error: 'invalid_receipt_number' }).trim().min(1, { error: 'invalid_receipt_number' }).max(60, { error: 'invalid_receipt_number' }),
});
export type ShippingWaybillInput = z.input<typeof shippingWaybillSchema>;
export const manifestEntrySchema = z.object({
  manifest_code: z.string(),
  manifest_description: z.string(),
  manifest_date: z.string(),
  manifest_time: z.string(),
  city_name: z.string(),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;
export const waybillSchema = z.object({
  delivered: z.boolean(),
  delivery_status: z.object({
    /** DELIVERED, ON PROCESS, RETURNED. */
    status: z.string(),
    pod_receiver: z.string(),
    pod_date: z.string(),
    pod_time: z.string(),
  }),
  manifest: z.array(manifestEntrySchema),
});
export type Waybill = z.infer<typeof waybillSchema>;
export const shippingWaybillResponseSchema = z.object({ data: waybillSchema });
export type ShippingWaybillResponse = z.infer<typeof shippingWaybillResponseSchema>;


// ---------------------------------------------------------------------------------------------
// Library owner and store administration

/** GET webhook/epustaka-donation-list: donations an ePustaka received; only its owner (403 `not_owner`). */
export const epustakaDonationListQuerySchema = z.object({
  epustaka_id: uuid('invalid_epustaka'),
  limit: limit(COMMERCE_LIMITS.orderList.default, COMMERCE_LIMITS.orderList.max),
  offset,
});
export type EpustakaDonationListQuery = z.input<typeof epustakaDonationListQuerySchema>;
export const receivedDonationSchema = z.object({
  order_box_id: z.string(),
  transaction_id: z.string().nullable(),
  transaction_code: z.string().nullable(),
  payment_status: paymentStatusSchema,
  payment_type: paymentTypeSchema.nullable(),
  paid_late: z.boolean(),
  late_decision: z.enum(['accepted', 'refunded']).nullable(),
  donor: z.object({ id: z.string(), name: z.string() }),
  book: z.object({ id: z.string(), book_title: z.string() }),
  number_of_copy: z.number().int(),
  total: rupiahSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type ReceivedDonation = z.infer<typeof receivedDonationSchema>;
export const epustakaDonationListResponseSchema = z.object({ data: z.array(receivedDonationSchema), meta: listMeta });
export type EpustakaDonationListResponse = z.infer<typeof epustakaDonationListResponseSchema>;

/**
 * PUT webhook/transaction-verification: the owner of the library a cash donation goes to confirms
 * the cash arrived (2 → 3, the copies are added). Not the owner: 403 `not_owner`; another status:
 * 409 `invalid_transition`.
 */
export const transactionVerificationSchema = z.object({ transaction_id: uuid('invalid_transaction_id') });
export type TransactionVerificationInput = z.input<typeof transactionVerificationSchema>;

/**
 * PUT webhook/transaction-shipment: an administrator (role 305 or 999) ships a verified order
 * (6 → 7) with a courier and receipt number (`taken_directly` needs none).
 */
export const transactionShipmentSchema = z.object({
  transaction_id: uuid('invalid_transaction_id'),
  courier: z.string({ error: 'invalid_courier' }).min(1, { error: 'invalid_courier' }).max(40, { error: 'invalid_courier' }),
  receipt_number: z.string().trim().max(60, { error: 'invalid_receipt_number' }).optional(),
});
export type TransactionShipmentInput = z.input<typeof transactionShipmentSchema>;

/**
 * PUT webhook/transaction-late-payment: whoever may verify the order (the receiving library's owner;
 * the store for souvenirs) decides on money that arrived after the order was cancelled: `accept`
 * fulfils it (5 → 3 or 6), `refund` records that it is paid back. Not paid late, or decided
 * already: 409 `no_late_payment`; anyone else: 403 `not_owner`.
 */
export const transactionLatePaymentSchema = z.object({
  transaction_id: uuid('invalid_transaction_id'),
  decision: z.enum(['accept', 'refund'], { error: 'invalid_decision' }),
});
export type TransactionLatePaymentInput = z.input<typeof transactionLatePaymentSchema>;

// ---------------------------------------------------------------------------------------------
// The store's work list

/**
 * GET webhook/store-order-list: souvenir orders of the caller's organisation to handle, the first
 * paid first: cash to verify (2) and orders to hand to the courier or ready for pickup (6). Store
 * administrators (roles 305, 999) only: 403 `not_store_admin`.
 */
export const storeOrderListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.orderList.default, COMMERCE_LIMITS.orderList.max),
  offset,
});
export type StoreOrderListQuery = z.input<typeof storeOrderListQuerySchema>;
export const storeOrderSchema = orderSchema.extend({
  buyer_name: z.string(),
  /** Where the courier takes it; null for pickup. */
  shipping_address: z.string().nullable(),
  lines: z.array(orderLineSchema),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;
export const storeOrderListResponseSchema = z.object({ data: z.array(storeOrderSchema), meta: listMeta });
export type StoreOrderListResponse = z.infer<typeof storeOrderListResponseSchema>;
