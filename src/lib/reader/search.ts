/** Search options of the reader's search bar (spec 02 §2.14). */
export interface SearchOptions {
  matchCase: boolean;
  wholeWord: boolean;
}

/** A page's text as pdf.js's text layer lays it out: one string per text item. */
export interface PageText {
  items: string[];
  /** Where each item starts in `text`. */
  starts: number[];
  /** The items joined, with a line break after items that end a line. */
  text: string;
}

/** A match on a page: [start, end) offsets in {@link PageText.text}. */
export type Match = [number, number];

export function buildPageText(items: readonly object[]): PageText {
  const strings: string[] = [];
  const starts: number[] = [];
  let text = '';
  for (const item of items as readonly { str?: string; hasEOL?: boolean }[]) {
    if (item.str === undefined) continue;
    starts.push(text.length);
    strings.push(item.str);
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  return { items: strings, starts, text };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every match of `query` in `text`. Whole words are bounded by anything that is not a letter,
 * digit or underscore, in any script. Blanks in the query match any run of blanks.
 */
export function findMatches(text: string, query: string, options: SearchOptions): Match[] {
  const term = query.trim();
  if (term === '') return [];
  const body = term.split(/\s+/).map(escapeRegExp).join('\\s+');
  const pattern = options.wholeWord ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body;
  const regex = new RegExp(pattern, options.matchCase ? 'gu' : 'giu');
  const matches: Match[] = [];
  for (const found of text.matchAll(regex)) matches.push([found.index, found.index + found[0].length]);
  return matches;
}

/** A piece of one text item: plain, a match, or the selected match. */
export interface Segment {
  text: string;
  mark: 'none' | 'match' | 'selected';
}

/**
 * Cuts each text item into plain and highlighted pieces for the given matches; `selected` is the
 * index (within `matches`) of the current match, or -1.
 */
export function highlightSegments(page: PageText, matches: Match[], selected: number): Segment[][] {
  return page.items.map((item, index) => {
    const start = page.starts[index]!;
    const end = start + item.length;
    const cuts: Segment[] = [];
    let cursor = start;
    matches.forEach(([from, to], matchIndex) => {
      if (to <= start || from >= end) return;
      const a = Math.max(from, start);
      const b = Math.min(to, end);
      if (a > cursor) cuts.push({ text: page.text.slice(cursor, a), mark: 'none' });
      cuts.push({ text: page.text.slice(a, b), mark: matchIndex === selected ? 'selected' : 'match' });
      cursor = b;
    });
    if (cursor < end) cuts.push({ text: page.text.slice(cursor, end), mark: 'none' });
    return cuts;
  });
}
