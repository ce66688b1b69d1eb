/** Plain values of the shelf that its schema and rules share (no zod, so islands can use them). */

/** Shelves list 25, then 25 more per 'more' (spec 02 §9); the API accepts up to 100. */
export const SHELF_LIMITS = { default: 25, max: 100 } as const;

/** What an access-history row may point at; only books are recorded so far. */
export const CONTENT_TYPES = ['BOOK', 'VIDEO', 'AUDIO', 'ARTICLE'] as const;
