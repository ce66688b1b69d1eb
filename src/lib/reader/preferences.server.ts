import type { AstroCookies } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { fetchReadingPreferences } from '../api/reading-preferences.ts';
import type { ReadingPreferences } from '../api/schemas/reading-preferences.ts';

/**
 * The reader's comfort settings for a reader page, so the first page already shows in them;
 * null when they could not be had (the reader then starts from the defaults).
 */
export async function loadReadingPreferences(context: { url: URL; locals: App.Locals; cookies: AstroCookies; request: Request }): Promise<ReadingPreferences | null> {
  try {
    return await fetchReadingPreferences(await serverApi(context));
  } catch (error) {
    console.warn('[reader] reading preferences could not be loaded', error);
    return null;
  }
}
