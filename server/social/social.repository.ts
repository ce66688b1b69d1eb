import type { Queryable } from '../db/client.ts';
import type { Follower } from '../../src/lib/social/schema.ts';
import { containsPattern, SqlParams } from '../http/list-params.ts';
import { toUserBrief } from '../db/format.ts';
import type { FollowSort } from '../../src/lib/people/rules.ts';
import { FOLLOW_ORDER } from '../people/people.repository.ts';

export interface FollowRow {
  id: string;
  follower_id: string;
  followed_id: string;
}

/** Follows `followedId` (once); returns the follow and whether this call made it. */
export async function insertFollow(db: Queryable, followerId: string, followedId: string, now: Date): Promise<{ follow: FollowRow; created: boolean }> {
  const inserted = await db.query<FollowRow>(
    `INSERT INTO follows (follower_id, followed_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (follower_id, followed_id) DO NOTHING RETURNING id, follower_id, followed_id`,
    [followerId, followedId, now.toISOString()],
  );
  if (inserted.rows[0]) return { follow: inserted.rows[0], created: true };
  const { rows } = await db.query<FollowRow>(
    'SELECT id, follower_id, followed_id FROM follows WHERE follower_id = $1 AND followed_id = $2',
    [followerId, followedId],
  );
  return { follow: rows[0]!, created: false };
}

export async function findFollow(db: Queryable, id: string): Promise<FollowRow | undefined> {
  const { rows } = await db.query<FollowRow>('SELECT id, follower_id, followed_id FROM follows WHERE id = $1', [id]);
  return rows[0];
}

export async function deleteFollow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM follows WHERE id = $1', [id]);
}

/** A page of the users following `userId`, newest follower first, with `followed` relative to the viewer. */
export async function listFollowers(
  db: Queryable,
  query: { userId: string; viewerId: string; name?: string; sort?: FollowSort; limit: number; offset: number },
): Promise<{ rows: Follower[]; total: number }> {
  const p = new SqlParams();
  const where = [`x.followed_id = ${p.add(query.userId)}`];
  if (query.name) where.push(`u.name ILIKE ${p.add(containsPattern(query.name))}`);
  const from = 'FROM follows x JOIN users u ON u.id = x.follower_id';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where.join(' AND ')}`, [...p.values]);
  const { rows } = await db.query<{ id: string; name: string; avatar_url: string | null; bio: string | null; follow_id: string | null }>(
    `SELECT u.id, u.name, u.avatar_url, u.bio, f.id AS follow_id
       ${from} LEFT JOIN follows f ON f.follower_id = ${p.add(query.viewerId)} AND f.followed_id = u.id
      WHERE ${where.join(' AND ')}
      ORDER BY ${FOLLOW_ORDER[query.sort ?? 'latest']}
      LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
    p.values,
  );
  return {
    total: count.rows[0]!.n,
    rows: rows.map((r) => ({ ...toUserBrief(r), bio: r.bio })),
  };
}
