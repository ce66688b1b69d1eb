/*
 * Comments (spec 02 §2.7, §4.4, §5): one system for every kind of content, keyed by
 * (object_type, object_id). Plain values islands share with the API.
 */

/** Comments per page, and replies per 'more' (spec 02 §7). */
export const COMMENT_PAGE = 10;

/** The longest comment. */
export const COMMENT_MAX_CHARS = 2000;
