import type { Queryable } from '../db/client.ts';
import type { OrganizationOption } from '../../src/lib/lists/schema.ts';
import { containsPattern } from '../http/list-params.ts';

/**
 * Organisations by name (containing `q`), for a picker: every one, or only `onlyId` (the product's
 * own when it serves one organisation).
 */
export async function listOrganizations(
  db: Queryable,
  query: { q?: string; onlyId: string | null; limit: number; offset: number },
): Promise<{ rows: OrganizationOption[]; total: number }> {
  const where = '($1::uuid IS NULL OR id = $1::uuid) AND ($2::text IS NULL OR name ILIKE $2)';
  const params = [query.onlyId, query.q ? containsPattern(query.q) : null];
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE ${where}`, params);
  const { rows } = await db.query<OrganizationOption>(
    `SELECT id, name FROM organizations WHERE ${where} ORDER BY lower(name), id LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.offset],
  );
  return { rows, total: count.rows[0]!.n };
}
