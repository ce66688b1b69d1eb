import { z } from 'zod';

/*
 * Building blocks of the catalogue's schemas (spec 01 §9): ids, paging and search parameters, and
 * the page sizes and limits. Shared by the book, lending, review and follow schemas.
 */

/** A uuid field; anything else is a 400 with `error` as its code. */
export const uuidField = (error = 'invalid_id') => z.uuid({ error });

/** `limit` query parameter: a whole number 1..max, `invalid_limit` otherwise. */
export function limitParam(fallback: number, max: number) {
  return z.coerce
    .number({ error: 'invalid_limit' })
    .int({ error: 'invalid_limit' })
    .min(1, { error: 'invalid_limit' })
    .max(max, { error: 'invalid_limit' })
    .default(fallback);
}

/** `offset` query parameter: a whole number 0..1,000,000, `invalid_offset` otherwise. */
export const offsetParam = z.coerce
  .number({ error: 'invalid_offset' })
  .int({ error: 'invalid_offset' })
  .min(0, { error: 'invalid_offset' })
  .max(1_000_000, { error: 'invalid_offset' })
  .default(0);

/** A search text; blank means no search. */
export const searchParam = z
  .string()
  .trim()
  .max(200, { error: 'invalid_q' })
  .optional()
  .transform((q) => (q ? q : undefined));

/** `true`/`false` (also 1/0, yes/no, on/off) in a query string. */
export const flagParam = z.stringbool({ error: 'invalid_flag' }).optional();

/** Page sizes and limits of spec 01 §9. */
export const CATALOGUE_LIMITS = {
  bookList: { default: 25, max: 100 },
  namedList: { default: 20, max: 100 },
  borrowers: { default: 5, max: 100 },
  queue: { default: 10, max: 100 },
  followers: { default: 10, max: 9999 },
  collectionOwners: { default: 25, max: 100 },
  ratings: { default: 99999, max: 99999 },
  replies: { default: 10, max: 100 },
  sitemap: { default: 1000, max: 5000 },
} as const;


/** A copy that comes back is held this many hours for the first in the queue (README, "Queue offers"). */
export const QUEUE_OFFER_HOURS = 24;
