/*
 * The timeline (spec 02 §2.7, §3 "Feed item", §9): plain values islands share with the API.
 */

export const FEED_TYPES = ['BOOK_BORROW', 'BOOK_REVIEW', 'VISUAL_POST', 'BOOK_RECOMMENDATION'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

export const SENDER_TYPES = ['USER', 'SCHOOL', 'EPUSTAKA'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** Feed items per page and per scroll (spec 02 §9). */
export const FEED_PAGE = 10;

/** The longest post text. */
export const POST_MAX_CHARS = 2000;

/** The object type of a feed item for likes and comments. */
export const FEED_OBJECT = 'FEED';

/** The address of a feed item's page. */
export const feedDetailPath = (id: string) => `/timeline/detail/${id}`;
