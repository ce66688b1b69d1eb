import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { Banner, BookHome, Greeting, PublicHome } from './schema.ts';

/* The signed-in home's calls (spec 03 §7.2). */

/** GET webhook/banners: empty while the logo-banner flag is off. */
export async function getBanners(http: HttpClient): Promise<Banner[]> {
  return (await http.get<Pick<ListBody<Banner>, 'data'>>('webhook/banners')).data;
}

/** GET webhook/book-home: newest, most borrowed and category rows. */
export async function getBookHome(http: HttpClient, params: { limit?: number } = {}): Promise<BookHome> {
  return (await http.get<ItemBody<BookHome>>('webhook/book-home', { ...params })).data;
}

/** GET webhook/greeting: the welcome greeting, or null. */
export async function getGreeting(http: HttpClient): Promise<Greeting | null> {
  return (await http.get<ItemBody<Greeting | null>>('webhook/greeting')).data;
}

/** GET webhook/public-home: the visitors' front door, with search results for `q`. */
export async function getPublicHome(http: HttpClient, params: { q?: string } = {}): Promise<PublicHome> {
  return (await http.get<ItemBody<PublicHome>>('webhook/public-home', { ...params })).data;
}
