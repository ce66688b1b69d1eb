import type { Queryable } from '../db/client.ts';
import type { QrTarget } from '../../src/lib/qr/schema.ts';
import type { QrTargetType } from '../../src/lib/qr/rules.ts';
import type { QrCandidateRow } from './qr.repository.ts';

/**
 * What a QR code can open. Each kind says whether a user may print codes for an item (they run
 * an ePustaka that holds it) and what a visitor sees of it. Book and ePustaka are registered
 * here; video, audio and articles register themselves with their own pages. A kind without a
 * registration is refused when creating and resolves to not found.
 */
export interface QrTargetKind {
  ownedBy(db: Queryable, userId: string, targetId: string): Promise<boolean>;
  describe(db: Queryable, targetId: string): Promise<Omit<QrTarget, 'type'> | null>;
  /** The items of this kind the ePustakas `ownerId` runs hold, matching `q` (books and ePustakas are listed by the repository). */
  candidates?(db: Queryable, ownerId: string, q: string | undefined, limit: number): Promise<QrCandidateRow[]>;
}

const kinds = new Map<QrTargetType, QrTargetKind>();

export function registerQrTarget(type: QrTargetType, kind: QrTargetKind): void {
  kinds.set(type, kind);
}

export function qrTargetKind(type: QrTargetType): QrTargetKind | undefined {
  return kinds.get(type);
}

/** The kinds that list their own candidates, in the order they registered. */
export function candidateSources(): QrTargetKind[] {
  return [...kinds.values()].filter((kind) => kind.candidates);
}

registerQrTarget('BOOK', {
  async ownedBy(db, userId, bookId) {
    const { rows } = await db.query(
      `SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id WHERE eb.book_id = $1 AND e.created_by = $2 LIMIT 1`,
      [bookId, userId],
    );
    return rows.length > 0;
  },
  async describe(db, bookId) {
    const { rows } = await db.query<{ id: string; title: string; author: string | null; cover_url: string | null; is_public: boolean }>(
      `SELECT b.id, b.catalog_title AS title, a.author_name AS author, b.cover_url,
              EXISTS (SELECT 1 FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id
                       WHERE eb.book_id = b.id AND NOT e.epustaka_isprivate) AS is_public
         FROM books b LEFT JOIN authors a ON a.id = b.author_id WHERE b.id = $1`,
      [bookId],
    );
    const row = rows[0];
    return row ? { id: row.id, title: row.title, subtitle: row.author, cover_url: row.cover_url, is_public: row.is_public } : null;
  },
});

registerQrTarget('EPUSTAKA', {
  async ownedBy(db, userId, epustakaId) {
    const { rows } = await db.query('SELECT 1 FROM epustaka WHERE id = $1 AND created_by = $2', [epustakaId, userId]);
    return rows.length > 0;
  },
  async describe(db, epustakaId) {
    const { rows } = await db.query<{ id: string; epustaka_name: string; epustaka_description: string | null; epustaka_logo: string | null; epustaka_isprivate: boolean }>(
      'SELECT id, epustaka_name, epustaka_description, epustaka_logo, epustaka_isprivate FROM epustaka WHERE id = $1',
      [epustakaId],
    );
    const row = rows[0];
    // An ePustaka's name and description are public even when its collection is not.
    return row ? { id: row.id, title: row.epustaka_name, subtitle: row.epustaka_description, cover_url: row.epustaka_logo, is_public: true } : null;
  },
});
