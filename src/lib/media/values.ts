/** Plain values of the article, video and audio lists that their schemas and rules share (no zod). */

/** Article lists: 25, then 5 more per step (spec 03 §9). */
export const NEWS_PAGE = { first: 25, step: 5, max: 100 } as const;
/** /video and /audio: 20, then 15 more (spec 03 §2.2). */
export const MEDIA_PAGE = { first: 20, step: 15, max: 100 } as const;

export const MEDIA_TYPES = ['video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Sorts of the media lists: newest, A–Z, Z–A (spec 03 §9). */
export const MEDIA_SORTS = ['-created_at', 'media_title', '-media_title'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
