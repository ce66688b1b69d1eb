/** Brand colours used when the configuration gives none (or an invalid one). */
export const BRAND_FALLBACK = { primary: '#0f766e', secondary: '#d97706' } as const;

/** Text colours a brand colour may carry: white, or the dark ink of the theme. */
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#1c1917';

/** `#rgb` or `#rrggbb` (any case, surrounding spaces allowed) as lowercase `#rrggbb`; else null. */
export function parseHexColor(value: string | null | undefined): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const digits = match[1].toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((d) => d + d).join('')}` : `#${digits}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour (white or dark ink) that contrasts most with `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The stylesheet behind /brand.css: the configured brand colours (`BRAND_PRIMARY`,
 * `BRAND_SECONDARY`, hex) and a readable text colour for each, as custom properties that the
 * daisyUI theme in global.css reads.
 */
export function brandCss(env: { BRAND_PRIMARY?: string; BRAND_SECONDARY?: string }): string {
  const primary = parseHexColor(env.BRAND_PRIMARY) ?? BRAND_FALLBACK.primary;
  const secondary = parseHexColor(env.BRAND_SECONDARY) ?? BRAND_FALLBACK.secondary;
  return (
    `:root{--brand-primary:${primary};--brand-primary-content:${readableTextOn(primary)};` +
    `--brand-secondary:${secondary};--brand-secondary-content:${readableTextOn(secondary)}}\n`
  );
}
