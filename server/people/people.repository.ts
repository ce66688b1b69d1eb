import type { Queryable } from '../db/client.ts';
import type { PersonRow, UserProfile } from '../../src/lib/people/schema.ts';
import type { FollowSort } from '../../src/lib/people/rules.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { toUserBrief } from '../db/format.ts';

/** Orders of the follow lists; `x` is the follow, `u` the user listed. */
export const FOLLOW_ORDER: Record<FollowSort, string> = {
  latest: 'x.created_at DESC, x.id DESC',
  abjad: 'lower(u.name), u.id',
};

interface ProfileRow {
  id: string;
  name: string;
  avatar_url: string | null;
  bio: string | null;
  organization_id: string;
  organization_name: string | null;
  organization_logo: string | null;
  follow_id: string | null;
  follower_count: number;
  following_count: number;
}

/**
 * A member of `organizationId` as their profile shows them to `viewerId`; undefined when there is
 * no such active member there.
 */
export async function findUserProfile(
  db: Queryable,
  query: { userId: string; viewerId: string; organizationId: string; now: Date },
): Promise<UserProfile | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.id, u.name, u.avatar_url, u.bio, u.organization_id, o.name AS organization_name, o.logo_url AS organization_logo,
            f.id AS follow_id,
            (SELECT count(*)::int FROM follows x WHERE x.followed_id = u.id) AS follower_count,
            (SELECT count(*)::int FROM follows x WHERE x.follower_id = u.id) AS following_count
       FROM users u
       LEFT JOIN organizations o ON o.id = u.organization_id
       LEFT JOIN follows f ON f.follower_id = $2 AND f.followed_id = u.id
      WHERE u.id = $1 AND u.organization_id = $3 AND u.deactivated_at IS NULL`,
    [query.userId, query.viewerId, query.organizationId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const epustaka = await db.query<{ id: string; epustaka_name: string }>(
    `SELECT e.id, e.epustaka_name FROM epustaka_members m JOIN epustaka e ON e.id = m.epustaka_id
      WHERE m.user_id = $1 AND m.member_status = 1 AND (m.expires_at IS NULL OR m.expires_at > $2)
      ORDER BY lower(e.epustaka_name), e.id`,
    [row.id, query.now.toISOString()],
  );
  const history = await db.query<{ object_type: string; n: number }>(
    'SELECT object_type, count(*)::int AS n FROM content_access_history WHERE user_id = $1 GROUP BY object_type',
    [row.id],
  );
  const countOf = (type: string) => history.rows.find((h) => h.object_type === type)?.n ?? 0;
  return {
    ...toUserBrief(row),
    bio: row.bio,
    is_self: row.id === query.viewerId,
    follower_count: row.follower_count,
    following_count: row.following_count,
    organizations: { id: row.organization_id, name: row.organization_name ?? '', logo_url: row.organization_logo },
    epustaka: epustaka.rows,
    history: { book: countOf('BOOK'), video: countOf('VIDEO'), audio: countOf('AUDIO'), article: countOf('ARTICLE') },
  };
}

/** A page of the users `userId` follows, with `followed` relative to the viewer. */
export async function listFollowing(
  db: Queryable,
  query: { userId: string; viewerId: string; name?: string; sort: FollowSort; limit: number; offset: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const p = new SqlParams();
  const where = [`x.follower_id = ${p.add(query.userId)}`];
  if (query.name) where.push(`u.name ILIKE ${p.add(containsPattern(query.name))}`);
  const from = 'FROM follows x JOIN users u ON u.id = x.followed_id';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where.join(' AND ')}`, [...p.values]);
  const { rows } = await db.query<{ id: string; name: string; avatar_url: string | null; bio: string | null; follow_id: string | null }>(
    `SELECT u.id, u.name, u.avatar_url, u.bio, f.id AS follow_id
       ${from} LEFT JOIN follows f ON f.follower_id = ${p.add(query.viewerId)} AND f.followed_id = u.id
      WHERE ${where.join(' AND ')}
      ORDER BY ${FOLLOW_ORDER[query.sort]}
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return { total: count.rows[0]!.n, rows: rows.map((r) => ({ ...toUserBrief(r), bio: r.bio })) };
}

/** True when `userId` is a member of `organizationId` (deactivated accounts are not). */
export async function isVisibleMember(db: Queryable, userId: string, organizationId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND organization_id = $2 AND deactivated_at IS NULL', [userId, organizationId]);
  return rows.length > 0;
}
