import type { Queryable } from '../db/client.ts';

export async function insertPending(db: Queryable, prefix: string): Promise<void> {
  await db.query('INSERT INTO storage_pending (prefix) VALUES ($1)', [prefix]);
}

/** Deletes a folder's entry; false when there was none (a sweep took it). */
export async function deletePending(db: Queryable, prefix: string): Promise<boolean> {
  const { rows } = await db.query<{ prefix: string }>('DELETE FROM storage_pending WHERE prefix = $1 RETURNING prefix', [prefix]);
  return rows.length > 0;
}

/** Entries older than `before`, oldest first. */
export async function stalePending(db: Queryable, before: Date, limit = 100): Promise<string[]> {
  const { rows } = await db.query<{ prefix: string }>(
    'SELECT prefix FROM storage_pending WHERE created_at < $1 ORDER BY created_at LIMIT $2',
    [before.toISOString(), limit],
  );
  return rows.map((r) => r.prefix);
}
