import { z } from 'zod';
import { ORDER_CATEGORIES, ORDER_TYPES, PAYMENT_TYPES } from './values.ts';

export * from './values.ts';

/*
 * The commerce contract's values: payment statuses and their meaning, order categories and types,
 * payment methods, page sizes, and the building blocks the other commerce schemas share.
 */

// ---------------------------------------------------------------------------------------------
// Schemas of the statuses, categories, order types and payment types (values.ts holds the values)

export const paymentStatusSchema = z.union([
  z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4),
  z.literal(5), z.literal(6), z.literal(7), z.literal(8),
]);
export const orderCategorySchema = z.enum(ORDER_CATEGORIES, { error: 'invalid_category' });
export const orderTypeSchema = z.enum(ORDER_TYPES, { error: 'invalid_order_type' });
export const paymentTypeSchema = z.enum(PAYMENT_TYPES, { error: 'invalid_payment_type' });

// ---------------------------------------------------------------------------------------------
// Building blocks

export const uuid = (error = 'invalid_id') => z.uuid({ error });
export const limit = (fallback: number, max: number) =>
  z.coerce.number({ error: 'invalid_limit' }).int({ error: 'invalid_limit' }).min(1, { error: 'invalid_limit' }).max(max, { error: 'invalid_limit' }).default(fallback);
export const offset = z.coerce.number({ error: 'invalid_offset' }).int({ error: 'invalid_offset' }).min(0, { error: 'invalid_offset' }).max(1_000_000, { error: 'invalid_offset' }).default(0);
export const search = z.string().trim().max(200, { error: 'invalid_q' }).optional().transform((q) => (q ? q : undefined));
/** A whole number of rupiah, 0 or more. */
export const rupiahSchema = z.number().int().min(0);
export const listMeta = z.object({ total: z.number().int(), limit: z.number().int().optional(), offset: z.number().int().optional() });

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

