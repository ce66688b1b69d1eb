import type { Queryable } from '../db/client.ts';
import type { Banner, Greeting } from '../../src/lib/home/schema.ts';
import { listPublicCatalogue } from '../catalogue/public-books.repository.ts';

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

/**
 * The organisation's welcome greeting in `lang`: the English one when asked for English and the
 * organisation wrote one, else the Indonesian one; null without a greeting.
 */
export async function findGreeting(db: Queryable, organizationId: string, lang: 'id' | 'en'): Promise<Greeting | null> {
  const { rows } = await db.query<{ greeting_title: string | null; greeting_message: string | null; greeting_title_en: string | null; greeting_message_en: string | null }>(
    'SELECT greeting_title, greeting_message, greeting_title_en, greeting_message_en FROM organizations WHERE id = $1',
    [organizationId],
  );
  const row = rows[0];
  if (lang === 'en' && row?.greeting_title_en && row.greeting_message_en) return { greeting_title: row.greeting_title_en, greeting_message: row.greeting_message_en };
  if (!row?.greeting_title || !row.greeting_message) return null;
  return { greeting_title: row.greeting_title, greeting_message: row.greeting_message };
}

export interface PublicBookCardRow {
  id: string;
  book_title: string;
  author_name: string | null;
  cover_url: string | null;
}

export interface PublicLibraryRow {
  id: string;
  epustaka_name: string;
  epustaka_description: string | null;
  book_count: number;
}

/**
 * Books a visitor may see (held by a public ePustaka): the newest or the most borrowed, or those
 * whose title or author holds every word of `q`.
 */
export async function listPublicBookCards(
  db: Queryable,
  query: { organizationId: string; sort: 'latest' | 'popular'; q?: string; limit: number },
): Promise<PublicBookCardRow[]> {
  const rows = await listPublicCatalogue(db, query);
  return rows.map(({ id, book_title, author_name, cover_url }) => ({ id, book_title, author_name, cover_url }));
}

/** The organisation's public ePustakas, the largest first. */
export async function listPublicLibraries(db: Queryable, organizationId: string, limit: number): Promise<PublicLibraryRow[]> {
  const { rows } = await db.query<PublicLibraryRow>(
    `SELECT e.id, e.epustaka_name, e.epustaka_description, (SELECT count(*)::int FROM epustaka_books eb WHERE eb.epustaka_id = e.id) AS book_count
       FROM epustaka e WHERE e.organization_id = $1 AND NOT e.epustaka_isprivate
      ORDER BY book_count DESC, lower(e.epustaka_name), e.id LIMIT $2`,
    [organizationId, limit],
  );
  return rows;
}
