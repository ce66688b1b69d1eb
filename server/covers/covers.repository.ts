import type { Queryable } from '../db/client.ts';

/** What a drawn cover shows of a book, and when the book last changed (for its ETag). */
export interface CoverFacts {
  catalog_title: string;
  author_name: string | null;
  category_name: string | null;
  updated_at: string;
}

/** The title, author and category a drawn cover shows, or null for an unknown book. */
export async function findCoverFacts(db: Queryable, bookId: string): Promise<CoverFacts | null> {
  const { rows } = await db.query<CoverFacts>(
    `SELECT b.catalog_title, a.author_name, c.category_name, b.updated_at
       FROM books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id
      WHERE b.id = $1`,
    [bookId],
  );
  return rows[0] ?? null;
}
