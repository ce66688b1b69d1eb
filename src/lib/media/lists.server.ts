import type { HttpClient } from '../http/http.ts';
import { getMediaHome, getMediaList, getNewsCategories, getNewsList } from './api.ts';
import type { MediaItem } from './schema.ts';
import type { NewsCategory, NewsItem } from '../articles/schema.ts';
import { pagesOf, type ContentListQuery } from './content-list.ts';
import { MEDIA_PAGE, MEDIA_SORTS, NEWS_PAGE, type MediaSort, type MediaType } from './rules.ts';

/** The articles an article list page shows, with the categories of its filter. */
export async function loadArticleList(
  http: HttpClient,
  query: ContentListQuery,
  lang: string,
): Promise<{ items: NewsItem[]; total: number; categories: NewsCategory[]; failed: boolean }> {
  try {
    const [categories, ...pages] = await Promise.all([
      getNewsCategories(http, lang),
      ...pagesOf(query.limit, NEWS_PAGE.max).map((page) =>
        getNewsList(http, { ...page, q: query.q ?? undefined, category_id: query.category ?? undefined, epustaka_id: query.epustaka ?? undefined }),
      ),
    ]);
    return { items: pages.flatMap((p) => p.data), total: pages[0]?.meta.total ?? 0, categories, failed: false };
  } catch (error) {
    console.error('The article list could not be loaded', error);
    return { items: [], total: 0, categories: [], failed: true };
  }
}

/** The videos or audio a list page shows. */
export async function loadMediaList(
  http: HttpClient,
  type: MediaType,
  query: ContentListQuery,
): Promise<{ items: MediaItem[]; total: number; failed: boolean; sort: MediaSort }> {
  const sort = (MEDIA_SORTS as readonly string[]).includes(query.sort ?? '') ? (query.sort as MediaSort) : MEDIA_SORTS[0];
  try {
    const pages = await Promise.all(
      pagesOf(query.limit, MEDIA_PAGE.max).map((page) => getMediaList(http, { ...page, type, sort, q: query.q ?? undefined, epustaka_id: query.epustaka ?? undefined })),
    );
    return { items: pages.flatMap((p) => p.data), total: pages[0]?.meta.total ?? 0, failed: false, sort };
  } catch (error) {
    console.error(`The ${type} list could not be loaded`, error);
    return { items: [], total: 0, failed: true, sort };
  }
}

/** The home page's rows of recommended videos and audio (multimedia-home, newest first); empty when they fail. */
export async function loadMediaHome(http: HttpClient): Promise<{ video: MediaItem[]; audio: MediaItem[] }> {
  const row = async (type: MediaType) => {
    try {
      return (await getMediaHome(http, { type, limit: 8 })).data;
    } catch (error) {
      console.error(`The home ${type} row could not be loaded`, error);
      return [];
    }
  };
  const [video, audio] = await Promise.all([row('video'), row('audio')]);
  return { video, audio };
}
