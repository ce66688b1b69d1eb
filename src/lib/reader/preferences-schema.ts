import { z } from 'zod';
import {
  DEFAULT_READING_PREFERENCES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  PDF_FLOWS,
  READER_FONTS,
  READER_MARGINS,
  READER_THEMES,
  type ReadingPreferences,
} from './preferences-rules.ts';

export * from './preferences-rules.ts';

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
// The plain type the browser uses is exactly what the schema accepts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape: Same<z.infer<typeof readingPreferencesSchema>, ReadingPreferences> = true;
void sameShape;

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
