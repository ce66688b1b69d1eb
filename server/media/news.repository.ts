import type { Queryable } from '../db/client.ts';
import type { NewsCategory, NewsHistoryItem, NewsItem } from '../../src/lib/articles/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { iso } from '../db/format.ts';
import { excerpt } from '../../src/lib/contract/text.ts';
import { descriptionText } from '../../src/lib/contract/sanitize.server.ts';
import { epustakaOf, HOLDING_COLUMNS, holdingJoin, NEWS_HOLDINGS, type HoldingRow } from './holdings.ts';

/** Articles: the catalogue rows, each shown from one of the ePustaka holding it. */

export interface NewsRow extends HoldingRow {
  id: string;
  organization_id: string;
  news_title: string;
  news_author: string | null;
  news_thumbnail_url: string | null;
  news_content: string;
  news_status: number;
  category_id: string | null;
  category_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `n.id, n.organization_id, n.news_title, n.news_author, n.news_thumbnail_url, n.news_content, n.news_status,
  n.category_id, c.category_name, n.created_at, n.updated_at, ${HOLDING_COLUMNS}`;

function joins(p: SqlParams, userId: string | null, epustakaId: string | null, now: Date): string {
  return `LEFT JOIN news_categories c ON c.id = n.category_id
    ${holdingJoin(NEWS_HOLDINGS, 'n.id', { user: p.add(userId), epustaka: p.add(epustakaId), now: p.add(now.toISOString()) })}`;
}

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    news_title: row.news_title,
    news_author: row.news_author,
    news_thumbnail_url: row.news_thumbnail_url,
    news_status: Number(row.news_status),
    category_id: row.category_id,
    category_name: row.category_name,
    // Only an open article's words make its excerpt.
    news_excerpt: row.hold_open ? excerpt(descriptionText(row.news_content), 160) : '',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    epustaka_id: row.hold_epustaka_id,
    epustaka_collection_id: row.collection_id,
    epustaka: epustakaOf(row),
  };
}

export interface NewsListQuery {
  organizationId: string;
  userId: string | null;
  epustakaId?: string;
  categoryId?: string;
  q?: string;
  /** Only articles a public ePustaka holds (the sitemap, a visitor's lists). */
  publicOnly?: boolean;
  limit: number;
  offset: number;
  now: Date;
}

/** Published articles held by an ePustaka, newest first. */
export async function listNews(db: Queryable, query: NewsListQuery): Promise<{ rows: NewsRow[]; total: number }> {
  const p = new SqlParams();
  const join = joins(p, query.userId, query.epustakaId ?? null, query.now);
  let where = `WHERE n.organization_id = ${p.add(query.organizationId)} AND n.news_status = 1`;
  if (query.categoryId) where += ` AND n.category_id = ${p.add(query.categoryId)}`;
  if (query.q) where += ` AND n.news_title ILIKE ${p.add(containsPattern(query.q))}`;
  // A visitor's list: articles a public library holds (with an ePustaka, that library, only while it is public).
  if (query.publicOnly) where += ' AND NOT hold.epustaka_isprivate';
  const from = `FROM news n ${join} ${where}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const { rows } = await db.query<NewsRow>(
    `SELECT ${COLUMNS} ${from} ORDER BY n.created_at DESC, n.id LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { rows, total: count.rows[0]!.n };
}

/** One published article as `userId` (null: a visitor) sees it, or null. */
export async function findNews(db: Queryable, newsId: string, userId: string | null, epustakaId: string | null, now: Date): Promise<NewsRow | null> {
  const p = new SqlParams();
  const join = joins(p, userId, epustakaId, now);
  const { rows } = await db.query<NewsRow>(`SELECT ${COLUMNS} FROM news n ${join} WHERE n.id = ${p.add(newsId)} AND n.news_status = 1`, p.values);
  return rows[0] ?? null;
}

export async function listNewsCategories(db: Queryable, organizationId: string, lang: 'id' | 'en'): Promise<NewsCategory[]> {
  const { rows } = await db.query<{ id: string; category_name: string; category_name_en: string | null }>(
    'SELECT id, category_name, category_name_en FROM news_categories WHERE organization_id = $1 ORDER BY category_name, id',
    [organizationId],
  );
  return rows.map((r) => ({ id: r.id, category_name: lang === 'en' && r.category_name_en ? r.category_name_en : r.category_name }));
}

/** The articles a user opened, the latest first. */
export async function listNewsHistory(
  db: Queryable,
  query: { userId: string; viewerId: string; q?: string; limit: number; offset: number; now: Date },
): Promise<{ rows: NewsHistoryItem[]; total: number }> {
  const p = new SqlParams();
  const join = joins(p, query.viewerId, null, query.now);
  let where = `WHERE h.user_id = ${p.add(query.userId)} AND h.object_type = 'ARTICLE'`;
  if (query.q) where += ` AND n.news_title ILIKE ${p.add(containsPattern(query.q))}`;
  const from = `FROM content_access_history h JOIN news n ON n.id = h.object_id ${join} ${where}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [...p.values]);
  const { rows } = await db.query<NewsRow & { history_id: string; last_accessed_at: Date | string }>(
    `SELECT ${COLUMNS}, h.id AS history_id, h.last_accessed_at ${from}
      ORDER BY h.last_accessed_at DESC, h.id LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({ ...toNewsItem(r), collection_id: r.id, history_id: r.history_id, last_accessed_at: iso(r.last_accessed_at) })),
  };
}
