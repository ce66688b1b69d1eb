import type { AstroCookies } from 'astro';
import { serverApi } from '../bff/api-client.server.ts';
import { fetchReadingPreferences } from './preferences-api.ts';
import type { ReadingPreferences } from './preferences-schema.ts';

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
