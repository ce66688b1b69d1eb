import type { Queryable } from '../db/client.ts';
import type { QrTargetType } from '../../src/lib/qr/rules.ts';
import { containsPattern } from '../http/list-params.ts';

export interface QrCodeRow {
  id: string;
  owner_id: string;
  target_type: QrTargetType;
  target_id: string;
  location_label: string | null;
  created_at: Date | string;
}

export interface QrScanRow {
  qr_code_id: string;
  location: string;
  scan_count: string | number;
  last_scanned_at: Date | string | null;
}

const COLUMNS = 'id, owner_id, target_type, target_id, location_label, created_at';

export async function insertQrCode(
  db: Queryable,
  input: { ownerId: string; targetType: QrTargetType; targetId: string; locationLabel: string | null },
): Promise<QrCodeRow> {
  const { rows } = await db.query<QrCodeRow>(
    `INSERT INTO qr_codes (owner_id, target_type, target_id, location_label) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [input.ownerId, input.targetType, input.targetId, input.locationLabel],
  );
  return rows[0]!;
}

/** A code that has not been deleted. */
export async function findQrCode(db: Queryable, id: string): Promise<QrCodeRow | undefined> {
  const { rows } = await db.query<QrCodeRow>(`SELECT ${COLUMNS} FROM qr_codes WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return rows[0];
}

export async function listOwnerQrCodes(db: Queryable, ownerId: string, paging: { limit: number; offset: number }): Promise<{ rows: QrCodeRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<QrCodeRow>(
      `SELECT ${COLUMNS} FROM qr_codes WHERE owner_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [ownerId, paging.limit, paging.offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM qr_codes WHERE owner_id = $1 AND deleted_at IS NULL', [ownerId]),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export async function softDeleteQrCode(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE qr_codes SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL', [id, now.toISOString()]);
}

export async function listScans(db: Queryable, codeIds: string[]): Promise<QrScanRow[]> {
  if (codeIds.length === 0) return [];
  const { rows } = await db.query<QrScanRow>(
    `SELECT qr_code_id, location, scan_count, last_scanned_at FROM qr_scans WHERE qr_code_id = ANY($1::uuid[])
      ORDER BY scan_count DESC, location`,
    [codeIds],
  );
  return rows;
}

/**
 * Counts one scan of a code at `location` (its registered location's slug, '' for none), unless
 * `visitor` was already counted for the code on `day`. One statement: the visitor's mark and the
 * count stand or fall together, and racing scans of one visitor count once.
 * @returns true when the scan was counted.
 */
export async function countScan(db: Queryable, scan: { codeId: string; location: string; visitor: string; day: string; now: Date }): Promise<boolean> {
  const { rows } = await db.query(
    `WITH first AS (
       INSERT INTO qr_scan_visitors (qr_code_id, day, visitor) VALUES ($1, $4, $5) ON CONFLICT DO NOTHING RETURNING 1
     )
     INSERT INTO qr_scans (qr_code_id, location, scan_count, last_scanned_at)
     SELECT $1, $2, 1, $3 FROM first
     ON CONFLICT (qr_code_id, location) DO UPDATE SET scan_count = qr_scans.scan_count + 1, last_scanned_at = EXCLUDED.last_scanned_at
     RETURNING 1`,
    [scan.codeId, scan.location, scan.now.toISOString(), scan.day, scan.visitor],
  );
  return rows.length > 0;
}

/**
 * The salt of `day` (a date, `YYYY-MM-DD`), stored as `fresh` when the day has none yet.
 * @returns the salt, and whether it was made now (the day has just begun).
 */
export async function daySalt(db: Queryable, day: string, fresh: string): Promise<{ salt: string; created: boolean }> {
  const made = await db.query<{ salt: string }>('INSERT INTO qr_scan_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt', [day, fresh]);
  if (made.rows[0]) return { salt: made.rows[0].salt, created: true };
  const { rows } = await db.query<{ salt: string }>('SELECT salt FROM qr_scan_salts WHERE day = $1', [day]);
  return { salt: rows[0]!.salt, created: false };
}

/** Forgets the visitors and salts of the days before `day`. */
export async function forgetScanVisitors(db: Queryable, day: string): Promise<void> {
  await db.query('DELETE FROM qr_scan_visitors WHERE day < $1', [day]);
  await db.query('DELETE FROM qr_scan_salts WHERE day < $1', [day]);
}

export interface QrCandidateRow {
  type: QrTargetType;
  id: string;
  title: string;
  subtitle: string | null;
}

/** The ePustakas `ownerId` runs and the books they hold, matching `q` when given (at most `limit`). */
export async function listQrCandidates(db: Queryable, ownerId: string, q: string | undefined, limit: number): Promise<QrCandidateRow[]> {
  const pattern = q ? containsPattern(q) : '%';
  const { rows } = await db.query<QrCandidateRow>(
    `(SELECT 'EPUSTAKA' AS type, e.id, e.epustaka_name AS title, NULL::text AS subtitle, 0 AS rank
        FROM epustaka e WHERE e.created_by = $1 AND e.epustaka_name ILIKE $2)
     UNION ALL
     (SELECT DISTINCT ON (b.id) 'BOOK' AS type, b.id, b.catalog_title AS title, e.epustaka_name AS subtitle, 1 AS rank
        FROM books b JOIN epustaka_books eb ON eb.book_id = b.id JOIN epustaka e ON e.id = eb.epustaka_id
       WHERE e.created_by = $1 AND b.catalog_title ILIKE $2
       ORDER BY b.id)
     ORDER BY rank, title LIMIT $3`,
    [ownerId, pattern, limit],
  );
  return rows.map(({ type, id, title, subtitle }) => ({ type, id, title, subtitle }));
}
