import type { Queryable } from '../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import type { ContentItem, ContentReader } from './content-access.ts';

/** The rule's view of a stored book. */
export function contentItemOf(book: { book_id: string; organization_id: string; using_drm: boolean }): ContentItem {
  return { id: book.book_id, organizationId: book.organization_id, drm: book.using_drm };
}

/** The rule's view of a signed-in user. */
export function readerOf(user: Pick<UserRow, 'id' | 'organization_id'>): ContentReader {
  return { userId: user.id, organizationId: user.organization_id };
}

/** A book's id, organisation and kind of lending, or null when there is no such book. */
export async function findBookOwner(db: Queryable, bookId: string): Promise<ContentItem | null> {
  const { rows } = await db.query<{ id: string; organization_id: string; using_drm: boolean }>(
    'SELECT id, organization_id, using_drm FROM books WHERE id = $1',
    [bookId],
  );
  const row = rows[0];
  return row ? { id: row.id, organizationId: row.organization_id, drm: row.using_drm } : null;
}
