import type { HttpClient } from '../http/http.ts';
import type { ItemBody } from '../contract/common.ts';
import type { ReadingPreferences } from './preferences-schema.ts';

/** GET webhook/reading-preferences: the reader's comfort settings (defaults until chosen). */
export async function fetchReadingPreferences(http: HttpClient): Promise<ReadingPreferences> {
  return (await http.get<ItemBody<ReadingPreferences>>('webhook/reading-preferences')).data;
}

/** PUT webhook/reading-preferences: replaces them. */
export async function putReadingPreferences(http: HttpClient, body: ReadingPreferences): Promise<ReadingPreferences> {
  return (await http.put<ItemBody<ReadingPreferences>>('webhook/reading-preferences', body)).data;
}
