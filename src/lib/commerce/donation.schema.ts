import { z } from 'zod';
import { COMMERCE_LIMITS, commerceEpustakaSchema, limit, listMeta, offset, rupiahSchema, search, uuid } from './values.schema.ts';

/*
 * Donations and the souvenir shop: the donation picker, the libraries a donation may go to, the
 * donated books and the products on sale.
 */

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
