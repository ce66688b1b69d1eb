import { LOAN_LIMIT } from '../../src/lib/libraries/rules.ts';
import type { Queryable } from '../db/client.ts';
import type { SeedBook, SeedCategory, SeedAuthor, SeedEpustaka } from './content/types.ts';

/** The demo catalogue to insert. */
export interface CatalogueContent {
  categories: SeedCategory[];
  authors: SeedAuthor[];
  epustakas: SeedEpustaka[];
  books: SeedBook[];
}

/** Who owns and belongs to which library in the demo. */
export interface MembershipPlan {
  owners: Record<string, string>;
  /** `expiresInDays` ends an active membership that many days from now; `admin` helps run the library. */
  members: { epustaka: string; user: string; status: 0 | 1 | 3; expiresInDays?: number; admin?: boolean }[];
}

/**
 * Inserts categories, authors, libraries (with owners and members), books and holdings.
 * Books get `created_at` spread over the past months so "latest" has a meaningful order.
 * @returns book ids by key.
 */
export async function insertCatalogue(
  db: Queryable,
  organizationId: string,
  content: CatalogueContent,
  userIds: Map<string, string>,
  plan: MembershipPlan,
): Promise<Map<string, string>> {
  const categoryIds = new Map<string, string>();
  for (const c of content.categories) {
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO categories (organization_id, category_name, category_name_en) VALUES ($1, $2, $3) RETURNING id',
      [organizationId, c.name_id, c.name_en],
    );
    categoryIds.set(c.key, rows[0]!.id);
  }
  const authorIds = new Map<string, string>();
  for (const a of content.authors) {
    const { rows } = await db.query<{ id: string }>('INSERT INTO authors (author_name) VALUES ($1) RETURNING id', [a.name]);
    authorIds.set(a.key, rows[0]!.id);
  }
  const epustakaIds = new Map<string, string>();
  for (const e of content.epustakas) {
    const owner = plan.owners[e.key] ? userIds.get(plan.owners[e.key]!) : undefined;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO epustaka (organization_id, epustaka_name, epustaka_description, epustaka_isprivate, epustaka_category, created_by, max_loans_per_member)
       VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::int, ${LOAN_LIMIT.default})) RETURNING id`,
      [organizationId, e.name, e.description, e.is_private, e.category, owner ?? null, e.max_loans_per_member ?? null],
    );
    epustakaIds.set(e.key, rows[0]!.id);
    if (owner) {
      await db.query('INSERT INTO epustaka_members (epustaka_id, user_id, member_status) VALUES ($1, $2, 1)', [rows[0]!.id, owner]);
    }
  }
  for (const m of plan.members) {
    await db.query(
      `INSERT INTO epustaka_members (epustaka_id, user_id, member_status, expires_at, is_admin) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (epustaka_id, user_id) DO NOTHING`,
      [epustakaIds.get(m.epustaka), userIds.get(m.user), m.status, memberEnd(m), m.admin ?? false],
    );
  }
  const bookIds = new Map<string, string>();
  const now = Date.now();
  for (const [index, b] of content.books.entries()) {
    // Newest first in the content order: the first book is the most recently added.
    const createdAt = new Date(now - index * 36 * 3600 * 1000).toISOString();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO books (organization_id, catalog_title, author_id, category_id, publisher, publish_date, isbn, description,
                          language, pages, file_ext, file_size, using_drm, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
      [
        organizationId, b.title, authorIds.get(b.author), categoryIds.get(b.category), b.publisher,
        `${b.publish_year}-01-01`, b.isbn, b.description, b.language, b.pages, 'pdf',
        estimatedSize(b.pages), b.using_drm, createdAt,
      ],
    );
    const id = rows[0]!.id;
    bookIds.set(b.key, id);
    await db.query('UPDATE books SET cover_url = $2 WHERE id = $1', [id, `/storage/covers/${id}.svg`]);
    for (const h of b.holdings) {
      const copies = b.using_drm ? h.copies : 0;
      await db.query(
        'INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty) VALUES ($1, $2, $3, $3)',
        [epustakaIds.get(h.epustaka), id, copies],
      );
    }
  }
  return bookIds;
}

/** An expired membership ended yesterday; an active one ends `expiresInDays` from now, or never. */
function memberEnd(m: MembershipPlan['members'][number]): string | null {
  const day = 86_400_000;
  if (m.status === 3) return new Date(Date.now() - day).toISOString();
  if (m.status === 1 && m.expiresInDays) return new Date(Date.now() + m.expiresInDays * day).toISOString();
  return null;
}

// A plausible file size until a real file is attached: about 60 KB a page.
function estimatedSize(pages: number): number {
  return pages * 61_440;
}
