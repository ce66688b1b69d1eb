import { graphemes } from '../../src/lib/contract/shorten.ts';

/** Escapes the five XML special characters so any text is safe in element content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const NARROW = new Set([...'iljtfrI.,:;!|\'"()[] -']);
const WIDE = new Set([...'mwMW@%']);

/** Font style of the text being measured. */
export type Face = 'serif-bold' | 'sans';

// Fonts cannot be measured on the server. These scales fit the widest common fallbacks
// (DejaVu Serif Bold, DejaVu Sans), so text also fits where Georgia or Helvetica are missing.
const FACE_SCALE: Record<Face, number> = { 'serif-bold': 1.26, sans: 1.08 };

/** Approximate rendered width of `text` at `size` px, erring on the wide side. */
export function estimateWidth(text: string, size: number, face: Face = 'sans'): number {
  let em = 0;
  for (const c of text) {
    if (NARROW.has(c)) em += 0.32;
    else if (WIDE.has(c)) em += 0.86;
    else if (c >= 'A' && c <= 'Z') em += 0.7;
    else em += 0.56;
  }
  return em * size * FACE_SCALE[face];
}

const ELLIPSIS = '…';

/** Shortens `text` until it fits `maxWidth` with a trailing ellipsis (unchanged if it already fits). */
export function truncateToWidth(text: string, size: number, maxWidth: number, face: Face = 'sans'): string {
  return estimateWidth(text, size, face) <= maxWidth ? text : withEllipsis(text, size, maxWidth, face);
}

/** `text` shortened as needed to end with an ellipsis within `maxWidth`. */
function withEllipsis(text: string, size: number, maxWidth: number, face: Face): string {
  const chars = graphemes(text);
  while (chars.length > 0 && estimateWidth(chars.join('') + ELLIPSIS, size, face) > maxWidth) chars.pop();
  return chars.join('').replace(/[\s.,:;–-]+$/u, '') + ELLIPSIS;
}

/**
 * Greedy word wrap by estimated width. A word wider than a whole line breaks after its own
 * hyphens or dashes first, and is cut into hyphenated pieces only if that is not enough.
 */
export function wrapWords(text: string, size: number, maxWidth: number, face: Face = 'sans'): string[] {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const pieces = words.flatMap((w) => splitLongWord(w, size, maxWidth, face).map((part, i) => ({ part, glued: i > 0 })));
  const lines: string[] = [];
  let line = '';
  for (const { part, glued } of pieces) {
    const candidate = line ? `${line}${glued ? '' : ' '}${part}` : part;
    if (line && estimateWidth(candidate, size, face) > maxWidth) {
      lines.push(line);
      line = part;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The word split after its own hyphens, dashes and slashes. */
function hyphenParts(word: string): string[] {
  return word.split(/(?<=[-–/])/u);
}

/** True when no word of `text` would have to be cut mid-syllable at this size. */
function fitsWithoutCutting(text: string, size: number, maxWidth: number, face: Face): boolean {
  return text
    .split(/\s+/u)
    .flatMap(hyphenParts)
    .every((part) => estimateWidth(part, size, face) <= maxWidth);
}

function splitLongWord(word: string, size: number, maxWidth: number, face: Face): string[] {
  if (estimateWidth(word, size, face) <= maxWidth) return [word];
  return hyphenParts(word).flatMap((part) => (estimateWidth(part, size, face) <= maxWidth ? [part] : hardBreak(part, size, maxWidth, face)));
}

function hardBreak(word: string, size: number, maxWidth: number, face: Face): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const c of graphemes(word)) {
    if (piece && estimateWidth(piece + c + '-', size, face) > maxWidth) {
      pieces.push(piece + '-');
      piece = c;
    } else {
      piece += c;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** A title laid out for the cover. */
export interface TitleLayout {
  size: number;
  lines: string[];
}

// Larger type for short titles; long titles step down and may use more lines.
const TITLE_STEPS: readonly { size: number; maxLines: number }[] = [
  { size: 46, maxLines: 2 },
  { size: 40, maxLines: 3 },
  { size: 34, maxLines: 4 },
  { size: 29, maxLines: 5 },
  { size: 25, maxLines: 5 },
];

/** Maximum number of title lines on a cover. */
export const MAX_TITLE_LINES = 5;

/**
 * Chooses the largest font size at which the title, set in bold serif, fits its line budget
 * without cutting words; otherwise uses the smallest size, cutting overlong words, and if that
 * still needs more than {@link MAX_TITLE_LINES} lines the last line ends with an ellipsis.
 */
export function layoutTitle(title: string, maxWidth: number): TitleLayout {
  const face: Face = 'serif-bold';
  for (const step of TITLE_STEPS) {
    // Cutting a word is a last resort, allowed only at the smallest size.
    if (!fitsWithoutCutting(title, step.size, maxWidth, face)) continue;
    const lines = wrapWords(title, step.size, maxWidth, face);
    if (lines.length <= step.maxLines) return { size: step.size, lines };
  }
  const size = TITLE_STEPS[TITLE_STEPS.length - 1]!.size;
  const lines = wrapWords(title, size, maxWidth, face);
  if (lines.length <= MAX_TITLE_LINES) return { size, lines };
  const kept = lines.slice(0, MAX_TITLE_LINES);
  // The ellipsis goes on even when the last kept line is short: words were dropped after it.
  kept[MAX_TITLE_LINES - 1] = withEllipsis(kept[MAX_TITLE_LINES - 1]!, size, maxWidth, face);
  return { size, lines: kept };
}
