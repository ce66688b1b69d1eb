import { describe, expect, test } from 'vitest';
import { countReviews, formatRating, isEdited, RATING_STEPS, reviewFormState, roundHalf, starFills, tooltipIndex } from './rules.ts';

describe('stars', () => {
  test('round to the nearest half within 0..5', () => {
    expect(roundHalf(4.3)).toBe(4.5);
    expect(roundHalf(4.2)).toBe(4);
    expect(roundHalf(4.75)).toBe(5);
    expect(roundHalf(7)).toBe(5);
    expect(roundHalf(-1)).toBe(0);
    expect(roundHalf(null)).toBe(0);
    expect(roundHalf(Number.NaN)).toBe(0);
  });

  test('fill full, half and empty stars', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(0.4)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  test('are chosen in ten half steps', () => {
    expect(RATING_STEPS).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });

  test('half stars share the tooltip of the star they fill', () => {
    expect(RATING_STEPS.map(tooltipIndex)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });
});

describe('formatRating', () => {
  test('shows one decimal in the language of the page', () => {
    expect(formatRating(4.25, 'id')).toBe('4,3');
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(null, 'en')).toBe('0.0');
  });
});

describe('isEdited', () => {
  test('compares the times, not their spelling', () => {
    expect(isEdited({ created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00.000Z' })).toBe(false);
    expect(isEdited({ created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z' })).toBe(true);
  });
});

describe('countReviews', () => {
  test('leaves out deleted and reported reviews', () => {
    const r = (has_deleted: boolean, has_report: boolean) => ({ has_deleted, has_report });
    expect(countReviews([r(false, false), r(true, false), r(false, true), r(false, false)])).toBe(2);
  });
});

describe('reviewFormState', () => {
  test('a first review needs stars and text and is saved', () => {
    expect(reviewFormState({ hasPrior: false, level: null, text: 'Bagus' })).toEqual({ label: 'save', disabled: true, reason: 'noRating' });
    expect(reviewFormState({ hasPrior: false, level: 4, text: '  ' })).toEqual({ label: 'save', disabled: true, reason: 'noText' });
    expect(reviewFormState({ hasPrior: false, level: 4, text: 'Bagus' })).toEqual({ label: 'save', disabled: false, reason: null });
  });

  test('a later one is edited and keeps its stars', () => {
    expect(reviewFormState({ hasPrior: true, level: null, text: 'Lebih bagus' })).toEqual({ label: 'edit', disabled: false, reason: null });
    expect(reviewFormState({ hasPrior: true, level: 3, text: '' })).toEqual({ label: 'edit', disabled: true, reason: 'noText' });
  });
});
