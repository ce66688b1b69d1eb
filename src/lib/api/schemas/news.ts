import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField } from './params.ts';
import { NEWS_PAGE } from '../../domain/media.ts';
import type { ContentEpustaka } from './media.ts';

/*
 * Articles (spec 03 §2.9–2.11, §3 "News", §7.1): news-list, news-category-list, news-detail,
 * public-news-detail, news-history-list. Inputs are zod schemas the API validates with;
 * responses are interfaces.
 */

/** GET webhook/news-list: published articles, newest first; `epustaka_id` for one library's collection. */
export const newsListQuerySchema = z.object({
  limit: limitParam(NEWS_PAGE.first, NEWS_PAGE.max),
  offset: offsetParam,
  epustaka_id: uuidField('invalid_epustaka_id').optional(),
  category_id: uuidField('invalid_category_id').optional(),
  q: searchParam,
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

/** GET webhook/news-detail (signed in) and webhook/public-news-detail (anyone). */
export const newsDetailQuerySchema = z.object({
  news_id: uuidField('invalid_news_id'),
  epustaka_id: uuidField('invalid_epustaka_id').optional(),
});
export type NewsDetailQuery = z.input<typeof newsDetailQuerySchema>;

/** GET webhook/news-history-list: articles a user opened, newest first. */
export const newsHistoryQuerySchema = z.object({
  user_id: uuidField('invalid_user_id').optional(),
  limit: limitParam(NEWS_PAGE.first, NEWS_PAGE.max),
  offset: offsetParam,
  q: searchParam,
});
export type NewsHistoryQuery = z.input<typeof newsHistoryQuerySchema>;

export interface NewsCategory {
  id: string;
  category_name: string;
}

/** An article in a list. */
export interface NewsItem {
  id: string;
  news_title: string;
  news_author: string | null;
  news_thumbnail_url: string | null;
  news_status: number;
  category_id: string | null;
  category_name: string | null;
  /** Plain text, at most a few lines. */
  news_excerpt: string;
  created_at: string;
  updated_at: string;
  epustaka_id: string | null;
  epustaka_collection_id: string | null;
  epustaka: ContentEpustaka | null;
}

/**
 * An article to read. `news_content` is the stored HTML (the page sanitizes it) or, when the reader
 * may not read it (`content_restricted`), only the teaser the server cut.
 */
export interface NewsDetail extends NewsItem {
  news_content: string;
  content_restricted: boolean;
}

/** A row of the article history. */
export interface NewsHistoryItem extends NewsItem {
  history_id: string;
  last_accessed_at: string;
}
