import { describe, expect, test } from 'vitest';
import { clip, graphemeCount, graphemes, shorten } from './shorten.ts';
import { HARD_GRAPHEMES, HARD_TEXTS } from '../text/test-texts.ts';

/** The part of a shortened text before its ellipsis. */
const body = (text: string, ellipsis = '…') => (text.endsWith(ellipsis) ? text.slice(0, -ellipsis.length) : text);

describe('graphemes', () => {
  test('each hard grapheme is one', () => {
    for (const grapheme of HARD_GRAPHEMES) expect(graphemes(grapheme), JSON.stringify(grapheme)).toEqual([grapheme]);
    expect(graphemeCount('a😀👨‍👩‍👧‍👦')).toBe(3);
    expect(graphemes('abcdef', 2)).toEqual(['a', 'b']);
  });
});

describe('shorten', () => {
  test('the report: 41 emoji cut to a notification excerpt stay whole', () => {
    // 41 characters to a reader (82 UTF-16 units): within an 80-character excerpt.
    expect(shorten('😀'.repeat(41), 80)).toBe('😀'.repeat(41));
    expect(shorten('😀'.repeat(41), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(shorten('😀'.repeat(41), 10).isWellFormed()).toBe(true);
  });

  test('families, flags, accents and right-to-left text are cut between characters only', () => {
    expect(shorten('👨‍👩‍👧‍👦'.repeat(5), 3)).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦…');
    expect(shorten('🏳️‍🌈🏳️‍🌈🏳️‍🌈', 2)).toBe('🏳️‍🌈…');
    expect(shorten('🇮🇩🇯🇵🇺🇸', 2)).toBe('🇮🇩…');
    expect(shorten('e\u0301'.repeat(10), 4)).toBe(`${'e\u0301'.repeat(3)}…`);
    expect(shorten('שָׁלוֹם עוֹלָם', 5)).toBe('שָׁלוֹם…');
    expect(shorten('مَرْحَبًا', 3)).toBe('مَرْ…');
  });

  test('every hard text at many lengths: well-formed, whole graphemes, within the limit', () => {
    for (const text of HARD_TEXTS) {
      const all = graphemes(text);
      // Every short limit, then every 13th up to the whole text (each cut lands on other graphemes).
      for (let max = 1; max <= all.length + 1; max += max < 30 ? 1 : 13) {
        const short = shorten(text, max);
        expect(short.isWellFormed()).toBe(true);
        expect(graphemeCount(short)).toBeLessThanOrEqual(max);
        const kept = graphemes(body(short));
        expect(kept, `${JSON.stringify(text)} at ${max}`).toEqual(all.slice(0, kept.length));
        const clipped = clip(text, max);
        expect(clipped.length).toBeLessThanOrEqual(max);
        expect(graphemes(clipped)).toEqual(all.slice(0, graphemeCount(clipped)));
      }
    }
  });

  test('a short text is kept whole; above and atWord', () => {
    expect(shorten('Halo', 4)).toBe('Halo');
    expect(shorten('a'.repeat(50), 41, { above: 50 })).toBe('a'.repeat(50));
    expect(shorten('a'.repeat(51), 41, { above: 50 })).toBe(`${'a'.repeat(40)}…`);
    expect(shorten('Sekar menemukan surat lama di loteng', 20, { atWord: true })).toBe('Sekar menemukan…');
    expect(shorten('Satu, dua, tiga', 6)).toBe('Satu…');
    expect(shorten('abcdef', 4, { ellipsis: '' })).toBe('abcd');
  });

  test('maxLength bounds UTF-16 units too, so a long grapheme cannot pass a limit', () => {
    expect(clip('😀'.repeat(5), 5)).toBe('😀😀');
    expect(clip('👨‍👩‍👧‍👦', 5)).toBe('');
    expect(clip('abc', 5)).toBe('abc');
    const zalgo = `a${'\u0301'.repeat(300)}b`;
    expect(shorten(zalgo, 80, { maxLength: 100 })).toBe('…');
    expect(shorten('😀'.repeat(100), 80, { maxLength: 21 })).toBe(`${'😀'.repeat(10)}…`);
  });
});
