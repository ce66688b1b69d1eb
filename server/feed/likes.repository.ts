import type { Queryable } from '../db/client.ts';

/*
 * Likes of any object (feed items now, media later), one row per user and object. Counts are
 * counted from the rows, so concurrent likes and unlikes can never leave a count that disagrees.
 */

/** Likes an object once; true when this call added the like. */
export async function addLike(db: Queryable, objectType: string, objectId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO likes (object_type, object_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (object_type, object_id, user_id) DO NOTHING RETURNING user_id`,
    [objectType, objectId, userId],
  );
  return rows.length > 0;
}

/** Takes a like back; true when there was one. */
export async function removeLike(db: Queryable, objectType: string, objectId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM likes WHERE object_type = $1 AND object_id = $2 AND user_id = $3 RETURNING user_id',
    [objectType, objectId, userId],
  );
  return rows.length > 0;
}

/** How many like an object, and whether `userId` does. */
export async function likeState(db: Queryable, objectType: string, objectId: string, userId: string): Promise<{ total: number; mine: boolean }> {
  const { rows } = await db.query<{ total: number; mine: boolean }>(
    `SELECT count(*)::int AS total, coalesce(bool_or(user_id = $3), false) AS mine
       FROM likes WHERE object_type = $1 AND object_id = $2`,
    [objectType, objectId, userId],
  );
  return rows[0]!;
}
