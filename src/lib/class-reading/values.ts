/*
 * Plain values of reading in class and in a library's members' view, shared by the schemas, the
 * API and the pages.
 */

/** Students shown per page of a class's reading. */
export const CLASS_READING_PAGE = 20;
/** The most students one page may ask for. */
export const CLASS_READING_PAGE_MAX = 50;
/** Loans per student shown: the open ones first, then the newest. */
export const STUDENT_BOOKS_SHOWN = 5;
/** A returned loan counts as recent this many days after it began. */
export const RECENT_LOAN_DAYS = 30;
/** The class's latest reviews shown. */
export const CLASS_REVIEWS_SHOWN = 10;
/** Rows per page of a library's members' loans and reviews. */
export const MEMBER_ACTIVITY_PAGE = 20;
/** The most rows one page of a library's members' view may ask for. */
export const MEMBER_ACTIVITY_PAGE_MAX = 50;
/** A review's text is cut to this many characters in these lists. */
export const REVIEW_EXCERPT_CHARS = 200;

/** What teachers and librarians may see of a student's or member's reading (the settings notice lists them). */
export const VISIBLE_READING = ['loans', 'progress', 'time', 'reviews'] as const;
export type VisibleReading = (typeof VISIBLE_READING)[number];
