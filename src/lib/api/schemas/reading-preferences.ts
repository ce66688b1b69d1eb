import { z } from 'zod';

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
 * way (GET and PUT webhook/reading-preferences). `font_size` is a percentage of the book's size;
 * `line_height` 0 keeps the book's own spacing.
 */
export const readingPreferencesSchema = z.strictObject({
  font_size: z.number().int().min(FONT_SIZE_MIN).max(FONT_SIZE_MAX),
  font_family: z.enum(READER_FONTS),
  line_height: z.union([z.literal(0), z.number().min(LINE_HEIGHT_MIN).max(LINE_HEIGHT_MAX)]),
  margin: z.enum(READER_MARGINS),
  theme: z.enum(READER_THEMES),
  pdf_flow: z.enum(PDF_FLOWS),
});
export type ReadingPreferences = z.infer<typeof readingPreferencesSchema>;
export type ReaderTheme = ReadingPreferences['theme'];

export const DEFAULT_READING_PREFERENCES: ReadingPreferences = {
  font_size: 100,
  font_family: 'book',
  line_height: 0,
  margin: 'normal',
  theme: 'light',
  pdf_flow: 'scroll',
};

/** Stored preferences read leniently: a field that is missing or no longer valid takes its default. */
export function normalizePreferences(raw: unknown): ReadingPreferences {
  const out: Record<string, unknown> = { ...DEFAULT_READING_PREFERENCES };
  if (raw && typeof raw === 'object') {
    const shape = readingPreferencesSchema.shape;
    for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
      const parsed = shape[key].safeParse((raw as Record<string, unknown>)[key]);
      if (parsed.success) out[key] = parsed.data;
    }
  }
  return out as ReadingPreferences;
}
