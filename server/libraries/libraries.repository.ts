import type { Queryable } from '../db/client.ts';
import type { EpustakaCard, EpustakaSitemapEntry, PublicEpustakaDetail } from '../../src/lib/libraries/schema.ts';
import { effectiveStatus, type MemberStatus } from './epustaka.repository.ts';

/*
 * Reading libraries: the directory, one library with its counts, and the sitemap. Counts are
 * computed when read (libraries hold at most a few thousand titles and members).
 */

interface CardRow {
  id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_isprivate: boolean;
  epustaka_category: 'L' | 'P';
  member_count: number;
  collection_count: number;
  member_status: MemberStatus | null;
  expires_at: Date | string | null;
  request_count?: number;
  max_loans_per_member?: number;
  is_owner?: boolean;
}

interface DetailRow extends CardRow {
  epustaka_description: string | null;
  drm_count: number;
  nondrm_count: number;
  drm_copy_count: number;
  updated_at: Date | string;
  is_admin: boolean;
  is_owner: boolean;
}

const COUNTS = `
  (SELECT count(*)::int FROM epustaka_members am
    WHERE am.epustaka_id = e.id AND am.member_status = 1 AND (am.expires_at IS NULL OR am.expires_at > $NOW)) AS member_count,
  (SELECT count(*)::int FROM epustaka_books eb WHERE eb.epustaka_id = e.id) AS collection_count`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toCard(row: CardRow, now: Date): EpustakaCard {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    epustaka_name: row.epustaka_name,
    epustaka_logo: row.epustaka_logo,
    epustaka_isprivate: row.epustaka_isprivate,
    epustaka_category: row.epustaka_category,
    member_count: row.member_count,
    collection_count: row.collection_count,
    has_join: status !== null,
    member_status: status,
    ...(row.request_count === undefined ? {} : { request_count: row.request_count }),
    ...(row.max_loans_per_member === undefined ? {} : { max_loans_per_member: row.max_loans_per_member, is_owner: row.is_owner ?? false }),
  };
}

/**
 * The directory of an organisation: name contains `q` (case-insensitive), by name. With
 * `managedBy`, only libraries that user owns or helps administer, each with its waiting requests.
 */
export async function listLibraries(
  db: Queryable,
  options: { organizationId: string; viewerId: string; q?: string; managedBy?: string; limit: number; offset: number; now: Date },
): Promise<{ rows: EpustakaCard[]; total: number }> {
  const where = [`e.organization_id = $1`];
  const params: unknown[] = [options.organizationId, options.now.toISOString()];
  if (options.q) {
    params.push(`%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`e.epustaka_name ILIKE $${params.length}`);
  }
  if (options.managedBy) {
    params.push(options.managedBy);
    const p = `$${params.length}`;
    where.push(`(e.created_by = ${p} OR EXISTS (SELECT 1 FROM epustaka_members a WHERE a.epustaka_id = e.id AND a.user_id = ${p}
                   AND a.is_admin AND a.member_status = 1 AND (a.expires_at IS NULL OR a.expires_at > $2::timestamptz)))`);
  } else {
    // Every statement binds each parameter it is given.
    where.push('$2::timestamptz IS NOT NULL');
  }
  const filter = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM epustaka e WHERE ${filter}`, params);
  params.push(options.viewerId, options.limit, options.offset);
  const { rows } = await db.query<CardRow>(
    `SELECT e.id, e.epustaka_name, e.epustaka_logo, e.epustaka_isprivate, e.epustaka_category, m.member_status, m.expires_at,
            ${options.managedBy ? `(SELECT count(*)::int FROM epustaka_members r WHERE r.epustaka_id = e.id AND r.member_status = 0) AS request_count,
                                   e.max_loans_per_member, coalesce(e.created_by = $${params.length - 2}, false) AS is_owner,` : ''}
            ${COUNTS.replace(/\$NOW/g, '$2')}
       FROM epustaka e LEFT JOIN epustaka_members m ON m.epustaka_id = e.id AND m.user_id = $${params.length - 2}
      WHERE ${filter}
      ORDER BY lower(e.epustaka_name), e.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows: rows.map((r) => toCard(r, options.now)), total: total.rows[0]!.n };
}

/** One library with its counts and, with `viewerId`, that user's membership; undefined when unknown or of another organisation. */
export async function findLibrary(
  db: Queryable,
  id: string,
  options: { organizationId: string; viewerId: string | null; now: Date },
): Promise<(PublicEpustakaDetail & Pick<EpustakaCard, 'has_join' | 'member_status'> & { expires_at: string | null; is_admin: boolean; is_owner: boolean }) | undefined> {
  const { rows } = await db.query<DetailRow>(
    `SELECT e.id, e.epustaka_name, e.epustaka_logo, e.epustaka_isprivate, e.epustaka_category, e.epustaka_description, e.updated_at,
            m.member_status, m.expires_at,
            coalesce(e.created_by = $3, false) AS is_owner,
            coalesce(e.created_by = $3, false)
              OR coalesce(m.is_admin AND m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > $4), false) AS is_admin,
            ${COUNTS.replace(/\$NOW/g, '$4')},
            (SELECT count(*)::int FROM epustaka_books eb JOIN books b ON b.id = eb.book_id WHERE eb.epustaka_id = e.id AND b.using_drm) AS drm_count,
            (SELECT count(*)::int FROM epustaka_books eb JOIN books b ON b.id = eb.book_id WHERE eb.epustaka_id = e.id AND NOT b.using_drm) AS nondrm_count,
            (SELECT coalesce(sum(eb.all_qty), 0)::int FROM epustaka_books eb JOIN books b ON b.id = eb.book_id
              WHERE eb.epustaka_id = e.id AND b.using_drm) AS drm_copy_count
       FROM epustaka e LEFT JOIN epustaka_members m ON m.epustaka_id = e.id AND m.user_id = $3
      WHERE e.id = $1 AND e.organization_id = $2`,
    [id, options.organizationId, options.viewerId, options.now.toISOString()],
  );
  const row = rows[0];
  if (!row) return undefined;
  const card = toCard(row, options.now);
  return {
    ...card,
    epustaka_about: row.epustaka_description,
    drm_count: row.drm_count,
    nondrm_count: row.nondrm_count,
    drm_copy_count: row.drm_copy_count,
    share_url: `/epustaka/${row.id}`,
    updated_at: iso(row.updated_at)!,
    expires_at: card.member_status === null ? null : iso(row.expires_at),
    is_admin: row.is_admin,
    is_owner: row.is_owner,
  };
}

/** Every library of an organisation for the sitemap, oldest first. */
export async function listLibrarySitemap(db: Queryable, organizationId: string): Promise<EpustakaSitemapEntry[]> {
  const { rows } = await db.query<{ id: string; updated_at: Date | string }>(
    'SELECT id, updated_at FROM epustaka WHERE organization_id = $1 ORDER BY created_at, id LIMIT 5000',
    [organizationId],
  );
  return rows.map((r) => ({ id: r.id, updated_at: iso(r.updated_at)! }));
}
