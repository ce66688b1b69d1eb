import type { Queryable } from '../db/client.ts';
import type { Banner, Greeting } from '../../src/lib/api/schemas/home.ts';

/** The organisation's banners that are live at `now`, in their order. */
export async function listBanners(db: Queryable, organizationId: string, now: Date): Promise<Banner[]> {
  const { rows } = await db.query<Banner>(
    `SELECT id, title, image_url, link_url FROM banners
      WHERE organization_id = $1 AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)
      ORDER BY sort_order, created_at, id`,
    [organizationId, now.toISOString()],
  );
  return rows;
}

/** The categories with the most books, most first. */
export async function topCategories(db: Queryable, organizationId: string, count: number): Promise<{ id: string; category_name: string; category_name_en: string | null }[]> {
  const { rows } = await db.query<{ id: string; category_name: string; category_name_en: string | null }>(
    `SELECT c.id, c.category_name, c.category_name_en FROM categories c JOIN books b ON b.category_id = c.id
      WHERE c.organization_id = $1
      GROUP BY c.id ORDER BY count(*) DESC, lower(c.category_name), c.id LIMIT $2`,
    [organizationId, count],
  );
  return rows;
}

export async function findGreeting(db: Queryable, organizationId: string): Promise<Greeting | null> {
  const { rows } = await db.query<{ greeting_title: string | null; greeting_message: string | null }>(
    'SELECT greeting_title, greeting_message FROM organizations WHERE id = $1',
    [organizationId],
  );
  const row = rows[0];
  if (!row?.greeting_title || !row.greeting_message) return null;
  return { greeting_title: row.greeting_title, greeting_message: row.greeting_message };
}
