/*
 * The commerce contract's plain values, without zod: payment statuses and their meaning, order
 * categories and types, payment methods and page sizes. Pages and islands import them from here
 * (a value from a schema module would bring zod into the browser); values.schema.ts re-exports them
 * beside the schemas built on them.
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

/** Statuses listed under the Status tab (`status=ongoing`); all others are History (`completed`). */
export const ONGOING_STATUSES: readonly PaymentStatus[] = [0, 1, 2, 6, 7];
/** Statuses listed under the History tab (`status=completed`). */
export const COMPLETED_STATUSES: readonly PaymentStatus[] = [3, 4, 5, 8];

/** List categories of the order lists and of an order box. */
export const ORDER_CATEGORIES = ['DONATION', 'PRODUCT', 'TRYOUT'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** Kinds of order line (spec 03 §3). */
export const ORDER_TYPES = ['BOOK', 'BOOK_PACKAGE', 'TRYOUT', 'QR', 'STORAGE', 'SOUVENIR'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

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

/** The courier code of an order picked up at the store (no waybill; status 7 means waiting pickup). */
export const TAKEN_DIRECTLY = 'taken_directly';

/** Categories whose orders are shipped: their checkout asks where to and how. */
export const SHIPPED_CATEGORIES: readonly string[] = ['PRODUCT'];

/** The couriers whose services a buyer may choose (RajaOngkir's codes). */
export const COURIER_CODES = ['jne', 'pos', 'tiki'] as const;

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
