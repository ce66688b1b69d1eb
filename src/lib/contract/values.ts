/**
 * Plain values the API schemas and the browser share. Kept apart from the zod schemas so that an
 * island needing one of them does not bring zod and every schema into the page's JavaScript.
 */

/** Loans last this many days (see README, "Loans"). */
export const LOAN_DAYS = 7;

/** The four reasons a review can be reported for (spec 01 §5), as sent to the API. */
export const REPORT_REASONS = ['sexual_content', 'hate_or_violence', 'spam', 'harassment'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** GET webhook/district-list is paged by this many districts. */
export const DISTRICT_PAGE = 25;
