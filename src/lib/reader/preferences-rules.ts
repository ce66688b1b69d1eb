/**
 * The reader's comfort settings as plain values, for the browser: the readers and their settings
 * panel import these, never the zod schema that checks them on the server (which would bring zod
 * into the reader's download).
 */

/** Colour themes of the readers: the page and the reader's own bars take them. */
export const READER_THEMES = ['light', 'sepia', 'dark'] as const;
/** Typefaces of the EPUB reader: the book's own, or a serif or sans-serif face chosen by the reader. */
export const READER_FONTS = ['book', 'serif', 'sans'] as const;
/** Page margins of the EPUB reader. */
export const READER_MARGINS = ['narrow', 'normal', 'wide'] as const;
/** How the PDF reader moves between pages: one continuous column, or a page at a time. */
export const PDF_FLOWS = ['scroll', 'paged'] as const;

export const FONT_SIZE_MIN = 70;
export const FONT_SIZE_MAX = 200;
export const LINE_HEIGHT_MIN = 1;
export const LINE_HEIGHT_MAX = 2.2;

/**
 * A reader's reading comfort, kept per user on the server so every device opens books the same
 * way. `font_size` is a percentage of the book's size; `line_height` 0 keeps the book's own spacing.
 */
export type ReadingPreferences = {
  font_size: number;
  font_family: (typeof READER_FONTS)[number];
  line_height: number;
  margin: (typeof READER_MARGINS)[number];
  theme: (typeof READER_THEMES)[number];
  pdf_flow: (typeof PDF_FLOWS)[number];
};
export type ReaderTheme = ReadingPreferences['theme'];

export const DEFAULT_READING_PREFERENCES: ReadingPreferences = {
  font_size: 100,
  font_family: 'book',
  line_height: 0,
  margin: 'normal',
  theme: 'light',
  pdf_flow: 'scroll',
};
