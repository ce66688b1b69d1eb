import { describe, expect, test } from 'vitest';
import { DEFAULT_READING_PREFERENCES } from './preferences-schema.ts';
import { chapterCss, epubGap } from './comfort.ts';

describe('chapterCss', () => {
  test("the defaults leave the book's own type alone", () => {
    const css = chapterCss(DEFAULT_READING_PREFERENCES, false);
    expect(css).not.toMatch(/font-size|font-family|line-height/);
    expect(css).toContain('overscroll-behavior: none');
  });
  test('size, typeface, spacing and a dark theme each add their rule', () => {
    const css = chapterCss({ ...DEFAULT_READING_PREFERENCES, font_size: 130, font_family: 'serif', line_height: 1.6, theme: 'dark' }, false);
    expect(css).toContain('html { font-size: 130% !important; }');
    expect(css).toMatch(/font-family: Literata/);
    expect(css).toContain('line-height: 1.6 !important');
    expect(css).toContain('#16181c');
  });
  test('a fixed-layout page keeps its own text', () => {
    expect(chapterCss({ ...DEFAULT_READING_PREFERENCES, font_size: 150, theme: 'dark' }, true)).toBe('html, body { overscroll-behavior: none; }');
  });
});

describe('epubGap', () => {
  test('is even and grows with the margin setting', () => {
    for (const width of [320, 390, 844, 900]) {
      const gaps = (['narrow', 'normal', 'wide'] as const).map((margin) => epubGap(width, margin));
      gaps.forEach((gap) => expect(gap % 2).toBe(0));
      expect(gaps[0]!).toBeLessThan(gaps[1]!);
      expect(gaps[1]!).toBeLessThan(gaps[2]!);
    }
  });
});
