import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField } from '../contract/params.ts';
import { NEWS_PAGE } from '../media/values.ts';
import { contentEpustakaSchema } from '../media/schema.ts';

/*
 * Articles (spec 03 §2.9–2.11, §3 "News", §7.1): news-list, news-category-list, news-detail,
 * public-news-detail, news-history-list. Inputs are zod schemas the API validates with; the list
 * and history rows are zod schemas too, so the API's rows and the pages' links read one contract.
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
export const newsItemSchema = z.object({
  id: z.string(),
  news_title: z.string(),
  news_author: z.string().nullable(),
  news_thumbnail_url: z.string().nullable(),
  news_status: z.number(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  /** Plain text, at most a few lines. */
  news_excerpt: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  epustaka_id: z.string().nullable(),
  epustaka_collection_id: z.string().nullable(),
  epustaka: contentEpustakaSchema.nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * An article to read. `news_content` is the stored HTML (the page sanitizes it) or, when the reader
 * may not read it (`content_restricted`), only the teaser the server cut.
 */
export interface NewsDetail extends NewsItem {
  news_content: string;
  content_restricted: boolean;
}

/**
 * A row of GET webhook/news-history-list (spec 03 §2.10): the article opened, named by
 * `collection_id` (the article's id, what its link `/article/{collection_id}/{epustaka_id}` needs),
 * with the history row's id and when it was last opened. The API builds its rows to this schema
 * and every page links them with articleHistoryHref (src/lib/media/rules.ts).
 */
export const newsHistoryItemSchema = newsItemSchema.extend({
  collection_id: z.string(),
  history_id: z.string(),
  last_accessed_at: z.string(),
});
export type NewsHistoryItem = z.infer<typeof newsHistoryItemSchema>;
