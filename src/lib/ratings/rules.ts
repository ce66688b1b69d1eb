/** Ratings and reviews: stars in half steps up to 5, how a rating is shown, which reviews count and the review form's state (spec 01 §4.5, §5; 02 §5). */
import { formatNumber } from '../contract/format.ts';

export type StarFill = 'full' | 'half' | 'empty';

/** Ratings are given in half steps from 0.5 to 5. */
export const RATING_MAX = 5;
export const RATING_STEPS: readonly number[] = Array.from({ length: RATING_MAX * 2 }, (_, i) => (i + 1) / 2);

/** `value` to the nearest half star within 0..5; 0 for a missing or invalid value. */
export function roundHalf(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(RATING_MAX, Math.max(0, Math.round(value * 2) / 2));
}

/** The five stars of `value`, each full, half or empty. */
export function starFills(value: number | null | undefined): StarFill[] {
  const rounded = roundHalf(value);
  return Array.from({ length: RATING_MAX }, (_, i) => (rounded >= i + 1 ? 'full' : rounded >= i + 0.5 ? 'half' : 'empty'));
}

/** An average with one decimal in the language's notation ("4,3" in Indonesian). */
export function formatRating(value: number | null | undefined, lang: string): string {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return formatNumber(number, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * Which of the five star tooltips (1 weakest .. 5 most positive) describes a level: a half star
 * belongs to the star it fills.
 */
export function tooltipIndex(level: number): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, Math.ceil(level))) as 1 | 2 | 3 | 4 | 5;
}

/** A comment shows 'edited' when it was changed after it was written. */
export function isEdited(rating: { created_at: string; updated_at: string }): boolean {
  const created = Date.parse(rating.created_at);
  const updated = Date.parse(rating.updated_at);
  if (Number.isNaN(created) || Number.isNaN(updated)) return rating.created_at !== rating.updated_at;
  return created !== updated;
}

/** Reviews counted in the review tab: neither deleted nor reported. */
export function countReviews(ratings: readonly { has_deleted: boolean; has_report: boolean }[]): number {
  return ratings.filter((r) => !r.has_deleted && !r.has_report).length;
}

export interface ReviewFormState {
  /** Key under `catalogue.review.` of the submit button: save for the first review, edit later. */
  label: 'save' | 'edit';
  disabled: boolean;
  /** Why it is disabled, for the hint under the form. */
  reason: 'noRating' | 'noText' | null;
}

/**
 * The review form's submit button (spec 01 §4.5, §5): the first review is saved, later ones are
 * edited; it needs a star rating (unless one was given before) and a text that is not blank.
 */
export function reviewFormState(input: { hasPrior: boolean; level: number | null; text: string }): ReviewFormState {
  const label = input.hasPrior ? 'edit' : 'save';
  if (!input.hasPrior && !(input.level && input.level > 0)) return { label, disabled: true, reason: 'noRating' };
  if (input.text.trim() === '') return { label, disabled: true, reason: 'noText' };
  return { label, disabled: false, reason: null };
}
