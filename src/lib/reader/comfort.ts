import type { ReaderTheme, ReadingPreferences } from './preferences-schema.ts';

/** Page and text colours of each theme, inside the book's pages. */
export const THEME_COLOURS: Record<ReaderTheme, { background: string; text: string; link: string }> = {
  light: { background: '#ffffff', text: '#1f2328', link: '#0b6e6e' },
  sepia: { background: '#f4ecd8', text: '#4b3a2a', link: '#8a4b08' },
  dark: { background: '#16181c', text: '#dcd8cf', link: '#8fd0cf' },
};

const FONT_STACKS = {
  serif: "Literata, Georgia, 'Noto Serif', 'Times New Roman', serif",
  sans: "'Noto Sans', 'Segoe UI', Roboto, Arial, sans-serif",
} as const;

/** Text the reader's typeface leaves alone. */
const KEEP_FONT = ':not(code, pre, kbd, samp, tt, math, math *, svg, svg *)';

/**
 * Pictures stay inside the box of whatever holds them, not only inside the page's column: epub.js
 * caps images at the column's width, which lets a picture in a `<figure>` (40 px side margins by
 * default) pass the column's edge and show in the next page's margin. Figures keep side margins
 * that fit a narrow column; a book's own sizes of pictures and figures still apply.
 */
const MEDIA_FITS = [
  'html body :is(img, svg, video, canvas, object, embed) { max-width: 100% !important; max-inline-size: 100% !important; box-sizing: border-box !important; }',
  ':where(img, video) { height: auto; }',
  ':where(figure) { margin-left: min(40px, 6%); margin-right: min(40px, 6%); }',
].join('\n');

/**
 * The style sheet the reader's comfort settings add to a chapter of a reflowable EPUB: type size
 * relative to the book's own, typeface, line spacing and the theme's colours. A fixed-layout page
 * is a picture of a page: only its surroundings take the theme, never its text.
 */
export function chapterCss(preferences: ReadingPreferences, fixedLayout: boolean): string {
  // A swipe in a chapter turns the page; it must not reach the browser as a swipe back.
  const base = 'html, body { overscroll-behavior: none; }';
  if (fixedLayout) return base;
  const colours = THEME_COLOURS[preferences.theme];
  // A page that holds only a picture (a cover) shows it in the middle.
  const lonePicture = 'body > img:only-child, body > :only-child > img:only-child, body > :only-child > :only-child > img:only-child { display: block; margin-left: auto; margin-right: auto; }';
  const rules: string[] = [base, lonePicture, MEDIA_FITS];
  if (preferences.font_size !== 100) rules.push(`html { font-size: ${preferences.font_size}% !important; }`);
  if (preferences.font_family !== 'book') {
    rules.push(`body, body *${KEEP_FONT} { font-family: ${FONT_STACKS[preferences.font_family]} !important; }`);
  }
  if (preferences.line_height > 0) {
    rules.push(`body, body p, body li, body blockquote, body div, body dd, body dt, body td { line-height: ${preferences.line_height} !important; }`);
  }
  rules.push(`html, body { background-color: ${colours.background} !important; }`);
  if (preferences.theme !== 'light') {
    // Books colour their text for a white page; on sepia or dark the theme's colours win.
    rules.push(`html, body, body *:not(img, svg, svg *) { color: ${colours.text} !important; background-color: transparent !important; border-color: currentColor; }`);
    rules.push(`html { background-color: ${colours.background} !important; }`);
    rules.push(`body a, body a * { color: ${colours.link} !important; }`);
  }
  if (preferences.theme === 'dark') rules.push('img { filter: brightness(0.9); }');
  return rules.join('\n');
}

/**
 * The gap between EPUB pages for a rendition `width` px wide: half of it is the margin on each side
 * of the text. Even, as epub.js lays out columns in whole pixels.
 */
export function epubGap(width: number, margin: ReadingPreferences['margin']): number {
  const share = margin === 'narrow' ? 0.05 : margin === 'wide' ? 0.16 : 0.09;
  const minimum = margin === 'narrow' ? 16 : margin === 'wide' ? 48 : 28;
  const gap = Math.max(minimum, Math.round(width * share));
  return gap % 2 === 0 ? gap : gap + 1;
}

/**
 * A cover drawn as an SVG picture stretched to the page (`preserveAspectRatio="none"`, as
 * calibre writes it) keeps its proportions instead, centred in the page.
 */
export function unstretchCovers(doc: Document): void {
  for (const svg of doc.querySelectorAll('svg[preserveAspectRatio="none"]')) {
    const pictures = svg.querySelectorAll('image');
    if (pictures.length === 1 && svg.querySelectorAll('text, path, rect, circle').length === 0) svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  }
}
