import type { Queryable } from '../db/client.ts';
import type { EpustakaMember, NonMember } from '../../src/lib/libraries/schema.ts';
import type { MemberStatus } from './epustaka.repository.ts';

/* Memberships of one library as its administrators see them. */

export interface MembershipRecord {
  id: string;
  epustaka_id: string;
  user_id: string;
  member_status: MemberStatus;
  expires_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function likeText(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when the user owns the library or is an active member who helps administer it. */
export async function administers(db: Queryable, epustakaId: string, userId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM epustaka WHERE id = $1 AND created_by = $2)
         OR EXISTS (SELECT 1 FROM epustaka_members WHERE epustaka_id = $1 AND user_id = $2 AND is_admin
                     AND member_status = 1 AND (expires_at IS NULL OR expires_at > $3)) AS ok`,
    [epustakaId, userId, now.toISOString()],
  );
  return rows[0]!.ok;
}

export async function findMembershipById(db: Queryable, membershipId: string, lock = false): Promise<MembershipRecord | undefined> {
  const { rows } = await db.query<MembershipRecord>(
    `SELECT id, epustaka_id, user_id, member_status, expires_at FROM epustaka_members WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [membershipId],
  );
  return rows[0];
}

/**
 * Members (status 1: active, and expired ones whose end has passed, last) or join requests
 * (status 0, oldest first) of a library; name contains `q`.
 */
export async function listMembers(
  db: Queryable,
  options: { epustakaId: string; status: 0 | 1; q?: string; limit: number; offset: number; now: Date },
): Promise<{ rows: EpustakaMember[]; total: number }> {
  const params: unknown[] = [options.epustakaId];
  const where = ['m.epustaka_id = $1', options.status === 0 ? 'm.member_status = 0' : 'm.member_status IN (1, 3)'];
  if (options.q) {
    params.push(likeText(options.q));
    where.push(`u.name ILIKE $${params.length}`);
  }
  const filter = where.join(' AND ');
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM epustaka_members m JOIN users u ON u.id = m.user_id WHERE ${filter}`,
    params,
  );
  params.push(options.now.toISOString(), options.limit, options.offset);
  const now = `$${params.length - 2}`;
  const { rows } = await db.query<{
    id: string; name: string; avatar_url: string | null; membership_id: string; member_status: MemberStatus;
    joined_at: Date | string; expires_at: Date | string | null; is_owner: boolean; is_admin: boolean;
  }>(
    `SELECT u.id, u.name, u.avatar_url, m.id AS membership_id,
            CASE WHEN m.member_status = 1 AND m.expires_at IS NOT NULL AND m.expires_at <= ${now} THEN 3 ELSE m.member_status END AS member_status,
            m.joined_at, m.expires_at, coalesce(e.created_by = u.id, false) AS is_owner, m.is_admin
       FROM epustaka_members m JOIN users u ON u.id = m.user_id JOIN epustaka e ON e.id = m.epustaka_id
      WHERE ${filter}
      ORDER BY ${options.status === 0 ? 'm.joined_at, u.name' : 'coalesce(e.created_by = u.id, false) DESC, lower(u.name), u.id'}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    rows: rows.map((r) => ({ ...r, member_status: Number(r.member_status) as MemberStatus, joined_at: iso(r.joined_at)!, expires_at: iso(r.expires_at) })),
    total: total.rows[0]!.n,
  };
}

/**
 * Verified users of the library's organisation without an active or waiting membership there
 * (expired members may be added again); name contains `q`, by name.
 */
export async function listNonMembers(
  db: Queryable,
  options: { epustakaId: string; organizationId: string; q?: string; limit: number; offset: number; now: Date },
): Promise<{ rows: NonMember[]; total: number }> {
  const params: unknown[] = [options.epustakaId, options.organizationId, options.now.toISOString()];
  const where = [
    'u.organization_id = $2',
    'u.verified_at IS NOT NULL',
    `NOT EXISTS (SELECT 1 FROM epustaka_members m WHERE m.epustaka_id = $1 AND m.user_id = u.id
                   AND (m.member_status = 0 OR (m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > $3))))`,
    'NOT EXISTS (SELECT 1 FROM epustaka e WHERE e.id = $1 AND e.created_by = u.id)',
  ];
  if (options.q) {
    params.push(likeText(options.q));
    where.push(`u.name ILIKE $${params.length}`);
  }
  const filter = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${filter}`, params);
  params.push(options.limit, options.offset);
  const { rows } = await db.query<NonMember>(
    `SELECT u.id, u.name, u.avatar_url FROM users u WHERE ${filter}
      ORDER BY lower(u.name), u.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: total.rows[0]!.n };
}

/** Approves a waiting membership: active until `expiresAt`. */
export async function activateMembership(tx: Queryable, membershipId: string, expiresAt: Date): Promise<void> {
  await tx.query('UPDATE epustaka_members SET member_status = 1, expires_at = $2 WHERE id = $1', [membershipId, expiresAt.toISOString()]);
}

export async function deleteMembership(tx: Queryable, membershipId: string): Promise<void> {
  await tx.query('DELETE FROM epustaka_members WHERE id = $1', [membershipId]);
}
