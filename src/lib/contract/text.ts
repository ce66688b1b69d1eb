/** Text display rules (spec 01 §9; 02 §5). Lengths count graphemes, the characters a reader sees. */

import { graphemes, shorten } from './shorten.ts';

/** Book descriptions longer than this get a 'read more' (spec 01 §9). */
export const READ_MORE_AT = 75;

/** Titles and authors longer than this are cut to {@link SHORT_TEXT_KEEP} characters (spec 02 §5). */
export const SHORT_TEXT_MAX = 50;
export const SHORT_TEXT_KEEP = 40;

/** Whitespace runs as single spaces, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** True when `text` is longer than the read-more threshold. */
export function needsReadMore(text: string, at = READ_MORE_AT): boolean {
  return graphemes(collapseWhitespace(text), at + 1).length > at;
}

/**
 * The first `max` characters of `text` (whitespace collapsed), cut back to the last word break
 * when one is near, with an ellipsis; the whole text when it is short enough.
 */
export function excerpt(text: string, max = READ_MORE_AT): string {
  return shorten(collapseWhitespace(text), max + 1, { above: max, atWord: true });
}

/** Book and author text: more than 50 characters is shown as the first 40 and an ellipsis. */
export function shortText(text: string | null | undefined): string {
  return shorten(text ?? '', SHORT_TEXT_KEEP + 1, { above: SHORT_TEXT_MAX });
}

/** Empty or only whitespace. */
export function isBlank(text: string | null | undefined): boolean {
  return (text ?? '').trim() === '';
}

/** The helper rule of spec 01 §5: a text must not be blank and must start with a letter. */
export function isValidText(text: string | null | undefined): boolean {
  return !isBlank(text) && /^\p{L}/u.test((text ?? '').trim());
}
