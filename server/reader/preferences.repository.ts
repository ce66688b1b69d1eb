import type { Queryable } from '../db/client.ts';

/** The stored reading preferences of a user, as saved (the service reads them leniently), or null. */
export async function findPreferences(db: Queryable, userId: string): Promise<unknown> {
  const { rows } = await db.query<{ settings: unknown }>('SELECT settings FROM reading_preferences WHERE user_id = $1', [userId]);
  return rows[0]?.settings ?? null;
}

/** Replaces a user's reading preferences. */
export async function savePreferences(db: Queryable, userId: string, settings: object): Promise<void> {
  await db.query(
    `INSERT INTO reading_preferences (user_id, settings) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [userId, JSON.stringify(settings)],
  );
}
