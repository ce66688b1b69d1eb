import { z } from 'zod';
import { COMMERCE_LIMITS, limit, listMeta, offset, orderCategorySchema, orderTypeSchema, paymentStatusSchema, paymentTypeSchema, rupiahSchema, uuid } from './values.schema.ts';

/*
 * The order box: adding lines, the lines, the order and the order lists.
 */

// ---------------------------------------------------------------------------------------------
// Order box and lines

/**
 * POST webhook/add-order-box: puts a line into the caller's open box of the category (status 0),
 * making the box if there is none, and answers its id. `number_of_copy` is a whole number 1..1000
 * (`invalid_number_of_copy`). BOOK needs `epustaka_id`: an ePustaka of the caller's organisation
 * (`invalid_epustaka`). Adding a line already in the box (same type, item and library) adds its
 * copies to that line. Send an `Idempotency-Key` header (any text up to 200 characters): a repeat
 * with the same key answers the first answer; the same key with another body is a 422
 * `idempotency_key_reused`; while the first is still running a 409 `idempotency_key_in_use`.
 * Errors: 400 `donation_disabled` (book donation turned off), 400 `not_donatable` (no price),
 * 404 `item_not_found`, 400 `category_mismatch` (order type not of the category).
 */
export const addOrderBoxSchema = z.object({
  order_type: orderTypeSchema,
  order_type_id: uuid('invalid_order_type_id'),
  number_of_copy: z.number({ error: 'invalid_number_of_copy' }).int({ error: 'invalid_number_of_copy' })
    .min(1, { error: 'invalid_number_of_copy' }).max(COMMERCE_LIMITS.maxCopies, { error: 'invalid_number_of_copy' }),
  category: orderCategorySchema,
  buyer_type: z.enum(['PERSONAL', 'INSTITUTION'], { error: 'invalid_buyer_type' }).default('PERSONAL'),
  epustaka_id: uuid('invalid_epustaka').optional(),
});
export type AddOrderBoxInput = z.input<typeof addOrderBoxSchema>;
export const addOrderBoxResponseSchema = z.object({
  data: z.object({ order_box_id: z.string(), order_box_detail_id: z.string(), category: orderCategorySchema }),
});
export type AddOrderBoxResponse = z.infer<typeof addOrderBoxResponseSchema>;

/** What a line is for: the fields its kind has (a book's title, a souvenir's name, …). */
export const orderObjectSchema = z.object({
  book_title: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  quota: z.number().nullable().optional(),
  package_name: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
});
export type OrderObject = z.infer<typeof orderObjectSchema>;

/**
 * An order box line. `price` is one copy's price; `discount_amount` the discount of the whole line;
 * the line's total is price × number_of_copy − discount_amount.
 */
export const orderLineSchema = z.object({
  id: z.string(),
  order_type: orderTypeSchema,
  order_type_id: z.string(),
  price: rupiahSchema,
  number_of_copy: z.number().int(),
  discount_amount: rupiahSchema,
  total: rupiahSchema,
  order_object: orderObjectSchema,
  epustaka: z.object({ id: z.string(), epustaka_name: z.string() }).nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** GET webhook/order-box-details: the lines of one of the caller's boxes (404 `order_not_found` otherwise). */
export const orderBoxDetailsQuerySchema = z.object({
  order_box_id: uuid('invalid_order_box_id'),
  limit: limit(COMMERCE_LIMITS.orderLines.default, COMMERCE_LIMITS.orderLines.max),
  offset,
  category: orderCategorySchema.optional(),
});
export type OrderBoxDetailsQuery = z.input<typeof orderBoxDetailsQuerySchema>;
export const orderBoxDetailsResponseSchema = z.object({ data: z.array(orderLineSchema), meta: listMeta });
export type OrderBoxDetailsResponse = z.infer<typeof orderBoxDetailsResponseSchema>;

/**
 * DELETE webhook/order-box-details: removes a line of the caller's open box (status 0; otherwise
 * 409 `order_not_open`; another user's line is 404 `order_line_not_found`). `item_count` 0 means
 * the box is now empty (and gone): the page leaves.
 */
export const deleteOrderLineSchema = z.object({ order_box_detail_id: uuid('invalid_order_box_detail_id') });
export type DeleteOrderLineInput = z.input<typeof deleteOrderLineSchema>;
export const deleteOrderLineResponseSchema = z.object({
  data: z.object({ order_box_id: z.string(), item_count: z.number().int() }),
});
export type DeleteOrderLineResponse = z.infer<typeof deleteOrderLineResponseSchema>;

/** The courier of a shipped order. */
export const courierInfoSchema = z.object({
  code: z.string(),
  service: z.string().nullable().optional(),
  /** Estimated days, e.g. "2-3". */
  etd: z.string().nullable(),
  store_phone: z.string().nullable(),
});

/**
 * An order box (spec 03 §3). Amounts: `amount` Σ price × copies; `discount_amount` Σ line
 * discounts; `service_fee_amount` the admin fee; `tax_amount` the tax on the fee;
 * `shipping_fee_amount`; `bill` what is paid (see rules.ts). `transaction_id`, `transaction_code`,
 * `payment_type`, `display_name`, `icon_url`, `invoice_url` are null until a transaction is made.
 * `expired_at` is the payment deadline (status 1). `paid_at` is set once paid; `paid_late` when a
 * payment arrived after the deadline (the library's owner refunds or accepts it).
 */
export const orderSchema = z.object({
  id: z.string(),
  category: orderCategorySchema,
  payment_status: paymentStatusSchema,
  transaction_id: z.string().nullable(),
  transaction_code: z.string().nullable(),
  payment_type: paymentTypeSchema.nullable(),
  display_name: z.string().nullable(),
  icon_url: z.string().nullable(),
  amount: rupiahSchema,
  discount_amount: rupiahSchema,
  service_fee_amount: rupiahSchema,
  tax_amount: rupiahSchema,
  shipping_fee_amount: rupiahSchema,
  bill: rupiahSchema,
  item_count: z.number().int(),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_late: z.boolean(),
  /** What was decided about a late payment: null until decided. */
  late_decision: z.enum(['accepted', 'refunded']).nullable(),
  invoice_url: z.string().nullable(),
  /** Notes shown with status 1 (how to pay: the virtual account number, the store code, …). */
  notes: z.string().nullable(),
  courier_info: courierInfoSchema.nullable(),
  pre_order: z.boolean(),
  shipping_duration: z.number().int().nullable(),
  receipt_number: z.string().nullable(),
  /** A chat link for complaints: the store phone's, else the configured admin number's. */
  complaint_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * GET webhook/order-box-list: the caller's orders of a category, newest first, 15 a page.
 * `status` `ongoing` = statuses 0, 1, 2, 6, 7; `completed` = 3, 4, 5, 8.
 */
export const orderBoxListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.orderList.default, COMMERCE_LIMITS.orderList.max),
  offset,
  status: z.enum(['ongoing', 'completed'], { error: 'invalid_status' }).default('ongoing'),
  category: orderCategorySchema.default('DONATION'),
});
export type OrderBoxListQuery = z.input<typeof orderBoxListQuerySchema>;
export const orderBoxListResponseSchema = z.object({ data: z.array(orderSchema), meta: listMeta });
export type OrderBoxListResponse = z.infer<typeof orderBoxListResponseSchema>;

/** GET webhook/invoice-status (and webhook/order-box-detail): one of the caller's orders; another's is 404 `order_not_found`. */
export const invoiceStatusQuerySchema = z.object({ order_box_id: uuid('invalid_order_box_id') });
export type InvoiceStatusQuery = z.input<typeof invoiceStatusQuerySchema>;
export const invoiceStatusResponseSchema = z.object({ data: orderSchema });
export type InvoiceStatusResponse = z.infer<typeof invoiceStatusResponseSchema>;
