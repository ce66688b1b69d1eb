import { z } from 'zod';

/*
 * The commerce contract: donations, the order box, payments and shipping (spec 03 §2.12–2.18, §3,
 * §4.1–4.4, §7.1). Every path is under `webhook/`. Inputs are zod schemas the API validates with
 * (a failure is a 400 whose `errors[0].code` is the code named here); answers are zod schemas too,
 * so a client may parse them. Money is always a whole number of rupiah. Dates are ISO 8601 strings.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, categories, order types, payment methods

/**
 * Payment status of an order box (spec 03 §4.1), plus 8 for an order whose buyer confirmed receipt.
 * 0 open box (not invoiced yet), 1 waiting payment, 2 verification in process (cash, until the
 * library's owner verifies it), 3 paid and finished, 4 payment failed (denied), 5 cancelled or
 * expired, 6 payment verified (a physical order waiting to be shipped), 7 on delivery (or waiting
 * pickup when the courier is `taken_directly`), 8 received by the buyer.
 */
export const PAYMENT_STATUS = {
  OPEN: 0,
  WAITING_PAYMENT: 1,
  VERIFYING: 2,
  PAID: 3,
  FAILED: 4,
  CANCELLED: 5,
  VERIFIED: 6,
  ON_DELIVERY: 7,
  RECEIVED: 8,
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const paymentStatusSchema = z.union([
  z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4),
  z.literal(5), z.literal(6), z.literal(7), z.literal(8),
]);

/** Statuses listed under the Status tab (`status=ongoing`); all others are History (`completed`). */
export const ONGOING_STATUSES: readonly PaymentStatus[] = [0, 1, 2, 6, 7];
/** Statuses listed under the History tab (`status=completed`). */
export const COMPLETED_STATUSES: readonly PaymentStatus[] = [3, 4, 5, 8];

/** List categories of the order lists and of an order box. */
export const ORDER_CATEGORIES = ['DONATION', 'PRODUCT', 'TRYOUT'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];
export const orderCategorySchema = z.enum(ORDER_CATEGORIES, { error: 'invalid_category' });

/** Kinds of order line (spec 03 §3). */
export const ORDER_TYPES = ['BOOK', 'BOOK_PACKAGE', 'TRYOUT', 'QR', 'STORAGE', 'SOUVENIR'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const orderTypeSchema = z.enum(ORDER_TYPES, { error: 'invalid_order_type' });

/**
 * Short category codes of the cart route `/cart/{id}/{code}` and the order type each stands for:
 * P product → SOUVENIR, D donation → BOOK, T tryout → TRYOUT, S storage → STORAGE, Q QR → QR,
 * BP donation package → BOOK_PACKAGE.
 */
export const CATEGORY_CODES = { P: 'SOUVENIR', D: 'BOOK', T: 'TRYOUT', S: 'STORAGE', Q: 'QR', BP: 'BOOK_PACKAGE' } as const;
export type CategoryCode = keyof typeof CATEGORY_CODES;
/** The list category of each short code (the category tab the cart belongs to). */
export const CODE_CATEGORY: Record<CategoryCode, OrderCategory> = {
  P: 'PRODUCT', D: 'DONATION', T: 'TRYOUT', S: 'PRODUCT', Q: 'PRODUCT', BP: 'DONATION',
};
/** The short code of each list category, for `/cart/{id}/{code}`. */
export const CATEGORY_CODE: Record<OrderCategory, CategoryCode> = { DONATION: 'D', PRODUCT: 'P', TRYOUT: 'T' };

/** Payment method groups of payment-method-list, in display order. */
export const PAYMENT_GROUPS = ['cash', 'bank_transfers', 'ewallets', 'cstores'] as const;
export type PaymentGroup = (typeof PAYMENT_GROUPS)[number];

/**
 * Payment types: `cash` (no gateway: the order goes to status 2 until the library's owner verifies
 * it); virtual accounts `bca_va`, `bni_va`, `bri_va`, `mandiri_va` (Mandiri bill), `permata_va`;
 * e-wallets `gopay`, `ovo`, `dana`, `shopeepay` and `qris`; convenience stores `alfamart`, `indomaret`.
 */
export const PAYMENT_TYPES = [
  'cash', 'bca_va', 'bni_va', 'bri_va', 'mandiri_va', 'permata_va',
  'gopay', 'ovo', 'dana', 'shopeepay', 'qris', 'alfamart', 'indomaret',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const paymentTypeSchema = z.enum(PAYMENT_TYPES, { error: 'invalid_payment_type' });

/** The courier code of an order picked up at the store (no waybill; status 7 means waiting pickup). */
export const TAKEN_DIRECTLY = 'taken_directly';

/** Page sizes (spec 03 §9). */
export const COMMERCE_LIMITS = {
  orderList: { default: 15, max: 100 },
  orderLines: { default: 50, max: 100 },
  donationBooks: { default: 10, max: 100 },
  donationEpustaka: { default: 25, max: 100 },
  donatedBooks: { default: 20, max: 100 },
  products: { default: 20, max: 100 },
  /** Copies in one donation line. */
  maxCopies: 1000,
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks

const uuid = (error = 'invalid_id') => z.uuid({ error });
const limit = (fallback: number, max: number) =>
  z.coerce.number({ error: 'invalid_limit' }).int({ error: 'invalid_limit' }).min(1, { error: 'invalid_limit' }).max(max, { error: 'invalid_limit' }).default(fallback);
const offset = z.coerce.number({ error: 'invalid_offset' }).int({ error: 'invalid_offset' }).min(0, { error: 'invalid_offset' }).max(1_000_000, { error: 'invalid_offset' }).default(0);
const search = z.string().trim().max(200, { error: 'invalid_q' }).optional().transform((q) => (q ? q : undefined));
/** A whole number of rupiah, 0 or more. */
export const rupiahSchema = z.number().int().min(0);
const listMeta = z.object({ total: z.number().int(), limit: z.number().int().optional(), offset: z.number().int().optional() });

/** An ePustaka as the commerce answers show it. */
export const commerceEpustakaSchema = z.object({
  id: z.string(),
  epustaka_name: z.string(),
  epustaka_logo: z.string().nullable().optional(),
  epustaka_category: z.enum(['P', 'L']).optional(),
  organization_id: z.string().optional(),
  created_by: z.string().nullable().optional(),
  /** True for the caller's own (personal) ePustaka: the dialog labels it "my account". */
  is_mine: z.boolean().optional(),
});
export type CommerceEpustaka = z.infer<typeof commerceEpustakaSchema>;

// ---------------------------------------------------------------------------------------------
// Donation picker, library choice, donated books

/** GET webhook/donation-book-list: books that may be donated, with their price (10, then +10). `book_id` returns that one book. */
export const donationBookListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.donationBooks.default, COMMERCE_LIMITS.donationBooks.max),
  offset,
  q: search,
  book_id: uuid().optional(),
});
export type DonationBookListQuery = z.input<typeof donationBookListQuerySchema>;

/** A book of the donation picker; also the "content data for donation" of the book-donation dialog. */
export const donationBookSchema = z.object({
  id: z.string(),
  book_id: z.string(),
  book_title: z.string(),
  author_name: z.string().nullable(),
  book_author: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** Price of one copy in rupiah; above 0 for every donatable book. */
  price: rupiahSchema,
  using_drm: z.boolean(),
  /** Copies available now over all libraries of the caller's organisation. */
  available_qty: z.number().int(),
});
export type DonationBook = z.infer<typeof donationBookSchema>;
export const donationBookListResponseSchema = z.object({ data: z.array(donationBookSchema), meta: listMeta });
export type DonationBookListResponse = z.infer<typeof donationBookListResponseSchema>;

/**
 * GET webhook/donation-epustaka-list: ePustaka of the caller's organisation a donation may go to
 * (25, then +25). `filter` is JSON `{"e.organization_id": id, "e.epustaka_name": {"ilike": text}}`
 * (both optional; another organisation is a 400 `invalid_filter`); `q` searches the name too.
 */
export const donationEpustakaListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.donationEpustaka.default, COMMERCE_LIMITS.donationEpustaka.max),
  offset,
  q: search,
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
});
export type DonationEpustakaListQuery = z.input<typeof donationEpustakaListQuerySchema>;
export const donationEpustakaListResponseSchema = z.object({ data: z.array(commerceEpustakaSchema), meta: listMeta });
export type DonationEpustakaListResponse = z.infer<typeof donationEpustakaListResponseSchema>;

/** The message of has-epustaka when the caller has an ePustaka of their own. */
export const HAS_EPUSTAKA_MESSAGE = 'Epustaka tersedia';
/** GET webhook/has-epustaka: whether the caller has a personal ePustaka, and which. */
export const hasEpustakaResponseSchema = z.object({
  message: z.string(),
  data: z.object({ has_epustaka: z.boolean(), epustaka: commerceEpustakaSchema.nullable() }),
});
export type HasEpustakaResponse = z.infer<typeof hasEpustakaResponseSchema>;

/**
 * GET webhook/self-donation-list: the books the caller donated (paid donations), one row per book
 * and library, with that library's holding now (20, then +20). `filter` is JSON
 * `{"b.catalog_title": {"ilike": text}}`; `q` does the same.
 */
export const selfDonationListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.donatedBooks.default, COMMERCE_LIMITS.donatedBooks.max),
  offset,
  q: search,
  filter: z.string().max(1000, { error: 'invalid_filter' }).optional(),
});
export type SelfDonationListQuery = z.input<typeof selfDonationListQuerySchema>;
export const donatedBookSchema = z.object({
  /** The book's id (rows link to /book/{id}/{epustaka.id}). */
  id: z.string(),
  cover_url: z.string().nullable(),
  book_title: z.string(),
  author_name: z.string().nullable(),
  /** Copies the library holds in all, and available now. */
  all_qty: z.number().int(),
  available_qty: z.number().int(),
  /** Readers waiting in that library's queue for the book (0: "no queue"). */
  queue_count: z.number().int(),
  /** Copies the caller donated to that library. */
  donated_qty: z.number().int(),
  epustaka: z.object({ id: z.string(), epustaka_name: z.string() }),
});
export type DonatedBook = z.infer<typeof donatedBookSchema>;
export const selfDonationListResponseSchema = z.object({ data: z.array(donatedBookSchema), meta: listMeta });
export type SelfDonationListResponse = z.infer<typeof selfDonationListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Products (souvenirs, /more-edoo-toys)

/** GET webhook/product-list: the souvenirs on sale (20, then +20). */
export const productListQuerySchema = z.object({
  limit: limit(COMMERCE_LIMITS.products.default, COMMERCE_LIMITS.products.max),
  offset,
  q: search,
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  price: rupiahSchema,
  /** Grams, for the shipping cost. */
  weight: z.number().int(),
  /** Days to ship when `pre_order` (else null). */
  pre_order: z.boolean(),
  shipping_duration: z.number().int().nullable(),
});
export type Product = z.infer<typeof productSchema>;
export const productListResponseSchema = z.object({ data: z.array(productSchema), meta: listMeta });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

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
