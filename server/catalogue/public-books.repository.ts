import type { Queryable } from '../db/client.ts';
import { containsPattern } from '../http/list-params.ts';
import type { PublicBookSort } from '../../src/lib/catalogue/public-books-rules.ts';
import type { PublicBookListItem, PublicCategory } from '../../src/lib/catalogue/public-books-schema.ts';

/** A book a visitor may see: one held by a public ePustaka (as its public page decides). */
export const PUBLIC_BOOK = `EXISTS (SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id WHERE eb.book_id = b.id AND NOT e.epustaka_isprivate)`;

const ORDER_BY: Record<PublicBookSort, string> = {
  latest: 'b.created_at DESC, b.id',
  popular: '(SELECT count(*) FROM borrows x WHERE x.book_id = b.id) DESC, b.created_at DESC, b.id',
  title: 'lower(b.catalog_title), b.id',
};

export interface PublicCatalogueQuery {
  organizationId: string;
  sort: PublicBookSort;
  /** Every word must be in the title or the author's name. */
  q?: string;
  categoryId?: string;
  /** Only books this ePustaka holds, and only while it is public. */
  epustakaId?: string;
  limit: number;
  offset?: number;
}

function whereOf(query: PublicCatalogueQuery, params: unknown[]): string {
  const where = ['b.organization_id = $1', PUBLIC_BOOK];
  if (query.categoryId) {
    params.push(query.categoryId);
    where.push(`b.category_id = $${params.length}`);
  }
  if (query.epustakaId) {
    params.push(query.epustakaId);
    where.push(`EXISTS (SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id WHERE eb.book_id = b.id AND eb.epustaka_id = $${params.length} AND NOT e.epustaka_isprivate)`);
  }
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    params.push(containsPattern(word));
    where.push(`(b.catalog_title ILIKE $${params.length} OR a.author_name ILIKE $${params.length})`);
  }
  return where.join(' AND ');
}

const FROM = 'FROM books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id';

/** A page of the public catalogue, in `sort` order. */
export async function listPublicCatalogue(db: Queryable, query: PublicCatalogueQuery): Promise<PublicBookListItem[]> {
  const params: unknown[] = [query.organizationId];
  const where = whereOf(query, params);
  params.push(query.limit, query.offset ?? 0);
  const { rows } = await db.query<PublicBookListItem>(
    `SELECT b.id, b.catalog_title AS book_title, a.author_name, b.cover_url, b.category_id, c.category_name, c.category_name_en
       ${FROM} WHERE ${where}
      ORDER BY ${ORDER_BY[query.sort]} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/** How many books of the public catalogue match. */
export async function countPublicCatalogue(db: Queryable, query: Omit<PublicCatalogueQuery, 'sort' | 'limit' | 'offset'>): Promise<number> {
  const params: unknown[] = [query.organizationId];
  const where = whereOf({ ...query, sort: 'latest', limit: 0 }, params);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, params);
  return rows[0]!.n;
}

/** The categories holding public books, by name, with how many they hold. */
export async function listPublicCategories(db: Queryable, organizationId: string): Promise<PublicCategory[]> {
  const { rows } = await db.query<PublicCategory>(
    `SELECT c.id, c.category_name, c.category_name_en, count(*)::int AS book_count
       FROM books b JOIN categories c ON c.id = b.category_id
      WHERE b.organization_id = $1 AND ${PUBLIC_BOOK}
      GROUP BY c.id ORDER BY lower(c.category_name), c.id LIMIT 100`,
    [organizationId],
  );
  return rows;
}
