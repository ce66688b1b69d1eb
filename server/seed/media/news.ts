import type { Queryable } from '../../db/client.ts';
import { epustakas } from '../content/epustaka.ts';
import { demoNews, newsCategories } from './news-content.ts';

const DAY = 86_400_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The demo articles with their categories, each held by its demo library. */
export async function insertDemoNews(db: Queryable, organizationId: string, now = new Date()): Promise<number> {
  const categoryIds = new Map<string, string>();
  for (const category of newsCategories) {
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO news_categories (organization_id, category_name, category_name_en) VALUES ($1, $2, $3) RETURNING id',
      [organizationId, category.name, category.nameEn],
    );
    categoryIds.set(category.key, rows[0]!.id);
  }
  for (const item of demoNews) {
    const at = new Date(now.getTime() - item.daysAgo * DAY).toISOString();
    const html = item.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO news (organization_id, news_title, news_author, news_thumbnail_url, news_content, category_id, news_status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7) RETURNING id`,
      [organizationId, item.title, item.author, `/media/news/${item.category}.jpg`, html, categoryIds.get(item.category)!, at],
    );
    const name = epustakas.find((e) => e.key === item.epustaka)!.name;
    await db.query(
      `INSERT INTO epustaka_news (epustaka_id, news_id, created_at)
       SELECT id, $2, $3 FROM epustaka WHERE epustaka_name = $1 AND organization_id = $4`,
      [name, rows[0]!.id, at, organizationId],
    );
  }
  return demoNews.length;
}
