import { describe, expect, test } from 'vitest';
import { buildPageText, findMatches, highlightSegments } from './search.ts';

const page = buildPageText([{ str: 'Trace-based tracing', hasEOL: true }, { str: 'with traces and TRACE' }, { type: 'beginMarkedContent' } as { str?: string }]);

describe('findMatches', () => {
  test('finds every occurrence, ignoring case unless asked', () => {
    expect(findMatches(page.text, 'trace', { matchCase: false, wholeWord: false })).toHaveLength(3);
    expect(findMatches(page.text, 'trace', { matchCase: true, wholeWord: false })).toHaveLength(1);
  });

  test('whole words leave out matches inside longer words', () => {
    expect(findMatches(page.text, 'trace', { matchCase: false, wholeWord: true })).toEqual([
      [0, 5],
      [36, 41],
    ]);
  });

  test('an empty query finds nothing and special characters are literal', () => {
    expect(findMatches(page.text, '  ', { matchCase: false, wholeWord: false })).toEqual([]);
    expect(findMatches('a+b a.b', 'a.b', { matchCase: false, wholeWord: false })).toEqual([[4, 7]]);
  });
});

describe('highlightSegments', () => {
  test('cuts items at matches and marks the selected one', () => {
    const matches = findMatches(page.text, 'trac', { matchCase: false, wholeWord: false });
    const segments = highlightSegments(page, matches, 1);
    expect(segments[0]).toEqual([
      { text: 'Trac', mark: 'match' },
      { text: 'e-based ', mark: 'none' },
      { text: 'trac', mark: 'selected' },
      { text: 'ing', mark: 'none' },
    ]);
    expect(segments[1]!.map((s) => s.text).join('')).toBe('with traces and TRACE');
  });
});
