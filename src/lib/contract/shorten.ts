/*
 * Shortening text, the one way every part of the product does it (excerpts, titles, meta
 * descriptions, push texts, input limits). Text is only ever cut between graphemes, the characters
 * a reader sees: an emoji (two UTF-16 units), a family or flag made of several emoji, or a letter
 * with its combining accents stays whole or goes whole. A cut inside one would leave half a
 * surrogate pair, which has no UTF-8 form and which the database refuses, or a broken character.
 * Pure: the API and the browser both use it.
 */

// A browser without Intl.Segmenter (before 2024) cuts between code points: never inside a
// surrogate pair, though a joined emoji or an accent may then be parted.
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function* segments(text: string): Generator<string> {
  if (!segmenter) {
    yield* text;
    return;
  }
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/** The graphemes of `text`, in order; at most `limit` of them when given (the rest is not segmented). */
export function graphemes(text: string, limit = Infinity): string[] {
  const out: string[] = [];
  if (limit <= 0) return out;
  for (const segment of segments(text)) {
    out.push(segment);
    if (out.length >= limit) break;
  }
  return out;
}

/** How many graphemes `text` has. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of segments(text)) count += 1;
  return count;
}

/** How {@link shorten} cuts. */
export interface ShortenOptions {
  /** Appended when the text is cut, within the limits; '…' unless given ('' for none). */
  ellipsis?: string;
  /** Cut back to the last space when one is in the last 40 % of what is kept. */
  atWord?: boolean;
  /**
   * Cut only a text of more graphemes than this (default `max`): "more than 50 characters is shown
   * as 40 and an ellipsis" is `shorten(text, 41, { above: 50 })`.
   */
  above?: number;
  /**
   * Also at most this many UTF-16 units (what `.length`, zod's `max` and a column's limit in
   * characters count at most), so a very long grapheme cannot carry the text past a limit.
   */
  maxLength?: number;
}

/** Punctuation and spaces that would stand before the ellipsis ("kata, …"); dropped with the cut. */
const TRAILING = /^[\s.,;:!?\-–—]+$/u;

/**
 * `text` unchanged when it has at most `above` (default `max`) graphemes and `maxLength` UTF-16
 * units; else its longest beginning of whole graphemes that, with the ellipsis, has at most `max`
 * graphemes and `maxLength` units, trailing spaces and punctuation dropped before the ellipsis.
 */
export function shorten(text: string, max: number, options: ShortenOptions = {}): string {
  const ellipsis = options.ellipsis ?? '…';
  const maxLength = options.maxLength ?? Infinity;
  const above = options.above ?? max;
  const head = graphemes(text, Math.max(above, Math.min(max, maxLength)) + 1);
  if (head.length <= above && text.length <= maxLength) return text;
  const budget = max - graphemeCount(ellipsis);
  const lengthBudget = maxLength - ellipsis.length;
  const kept: string[] = [];
  let length = 0;
  for (const grapheme of head) {
    if (kept.length >= budget || length + grapheme.length > lengthBudget) break;
    kept.push(grapheme);
    length += grapheme.length;
  }
  if (options.atWord) {
    const space = kept.findLastIndex((grapheme) => /^\s+$/u.test(grapheme));
    if (space >= kept.length * 0.6) kept.length = space;
  }
  if (ellipsis) while (kept.length > 0 && TRAILING.test(kept[kept.length - 1]!)) kept.pop();
  return kept.join('') + ellipsis;
}

/**
 * The longest beginning of `text` of whole graphemes within `maxLength` UTF-16 units, with no
 * ellipsis: for inputs bounded as the API's schemas bound them (search words, names).
 */
export function clip(text: string, maxLength: number): string {
  return shorten(text, maxLength, { ellipsis: '', maxLength });
}
