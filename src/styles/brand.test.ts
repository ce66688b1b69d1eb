import { describe, expect, test } from 'vitest';
import { BRAND_FALLBACK, brandCss, contrastRatio, parseHexColor, readableTextOn } from './brand.ts';

describe('parseHexColor', () => {
  test('accepts short and long hex colours', () => {
    expect(parseHexColor('#0F766E')).toBe('#0f766e');
    expect(parseHexColor(' #abc ')).toBe('#aabbcc');
  });

  test('refuses anything else', () => {
    for (const value of ['', undefined, 'red', '0f766e', '#12345', 'var(--x)', '#fff;}body{display:none']) {
      expect(parseHexColor(value)).toBeNull();
    }
  });
});

describe('contrast', () => {
  test('measures black on white as 21:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  test('puts white text on dark colours and dark text on light ones, always at WCAG AA', () => {
    expect(readableTextOn('#0f766e')).toBe('#ffffff');
    expect(readableTextOn('#d97706')).toBe('#1c1917');
    for (const background of [BRAND_FALLBACK.primary, BRAND_FALLBACK.secondary]) {
      expect(contrastRatio(background, readableTextOn(background))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('brandCss', () => {
  test('uses the configured colours', () => {
    expect(brandCss({ BRAND_PRIMARY: '#1d4ed8', BRAND_SECONDARY: '#FDE047' })).toBe(
      ':root{--brand-primary:#1d4ed8;--brand-primary-content:#ffffff;' +
        '--brand-secondary:#fde047;--brand-secondary-content:#1c1917}\n',
    );
  });

  test('falls back when a colour is missing or invalid', () => {
    const css = brandCss({ BRAND_PRIMARY: 'red;}', BRAND_SECONDARY: undefined });
    expect(css).toContain('--brand-primary:#0f766e;');
    expect(css).toContain('--brand-secondary:#d97706;');
  });
});
