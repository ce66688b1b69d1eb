import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { NewsCategory, NewsDetail, NewsDetailQuery, NewsHistoryItem, NewsHistoryQuery, NewsItem, NewsListQuery } from '../articles/schema.ts';
import type { CollectionAccessInput, MediaDetailQuery, MediaHistoryItem, MediaHistoryQuery, MediaItem, MediaListQuery } from './schema.ts';

/*
 * The calls of articles, videos and audio (spec 03 §7.1). Each takes the HTTP client first, so
 * islands pass the browser's `api` and pages their `serverApi(Astro)`.
 */

export function getNewsList(http: HttpClient, params: NewsListQuery): Promise<ListBody<NewsItem>> {
  return http.get<ListBody<NewsItem>>('webhook/news-list', { ...params });
}

export function getPublicNewsList(http: HttpClient, params: { limit: number; offset: number }): Promise<ListBody<NewsItem>> {
  return http.get<ListBody<NewsItem>>('webhook/public-news-list', { ...params });
}

export async function getNewsCategories(http: HttpClient, lang: string): Promise<NewsCategory[]> {
  return (await http.get<ListBody<NewsCategory>>('webhook/news-category-list', { lang, limit: 9999 })).data;
}

export async function getNewsDetail(http: HttpClient, params: NewsDetailQuery): Promise<NewsDetail> {
  return (await http.get<ItemBody<NewsDetail>>('webhook/news-detail', { ...params })).data;
}

export async function getPublicNewsDetail(http: HttpClient, params: { news_id: string }): Promise<NewsDetail> {
  return (await http.get<ItemBody<NewsDetail>>('webhook/public-news-detail', params)).data;
}

export function getNewsHistory(http: HttpClient, params: NewsHistoryQuery): Promise<ListBody<NewsHistoryItem>> {
  return http.get<ListBody<NewsHistoryItem>>('webhook/news-history-list', { ...params });
}

export function getMediaList(http: HttpClient, params: MediaListQuery): Promise<ListBody<MediaItem>> {
  return http.get<ListBody<MediaItem>>('webhook/multimedia-list', { ...params });
}

export function getPublicMediaList(http: HttpClient, params: { type: 'video' | 'audio'; limit: number; offset: number }): Promise<ListBody<MediaItem>> {
  return http.get<ListBody<MediaItem>>('webhook/public-multimedia-list', { ...params });
}

export async function getMediaDetail(http: HttpClient, params: MediaDetailQuery): Promise<MediaItem> {
  return (await http.get<ItemBody<MediaItem>>('webhook/multimedia-detail', { ...params })).data;
}

export async function getPublicMediaDetail(http: HttpClient, params: { media_id: string; type?: 'video' | 'audio' }): Promise<MediaItem> {
  return (await http.get<ItemBody<MediaItem>>('webhook/public-multimedia-detail', { ...params })).data;
}

export function getMediaHistory(http: HttpClient, params: MediaHistoryQuery): Promise<ListBody<MediaHistoryItem>> {
  return http.get<ListBody<MediaHistoryItem>>('webhook/multimedia-history-list', { ...params });
}

/** POST webhook/collection-access-history: the place reached in seconds. */
export function saveCollectionAccess(http: HttpClient, body: CollectionAccessInput): Promise<unknown> {
  return http.post('webhook/collection-access-history', body);
}

/** GET webhook/multimedia-home: the home page's recommended videos or audio. */
export function getMediaHome(http: HttpClient, params: MediaListQuery): Promise<ListBody<MediaItem>> {
  return http.get<ListBody<MediaItem>>('webhook/multimedia-home', { ...params });
}
