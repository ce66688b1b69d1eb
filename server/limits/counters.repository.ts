import type { Queryable } from '../db/client.ts';

/**
 * Counts one call of `client` in `bucket` for the window starting at `windowStart`, unless the
 * window already holds `max`. One statement: the upsert locks the counter row, so racing calls
 * are counted one after the other and never together pass the limit.
 * @returns true when the call was counted (it is allowed).
 */
export async function takeCounterSlot(db: Queryable, bucket: string, client: string, windowStart: Date, max: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO rate_counters (bucket, client, window_start, hits) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, client, window_start) DO UPDATE SET hits = rate_counters.hits + 1 WHERE rate_counters.hits < $4
     RETURNING hits`,
    [bucket, client, windowStart.toISOString(), max],
  );
  return rows.length > 0;
}

/** Takes back a call counted by {@link takeCounterSlot} (another limit refused it after all). */
export async function returnCounterSlot(db: Queryable, bucket: string, client: string, windowStart: Date): Promise<void> {
  await db.query('UPDATE rate_counters SET hits = hits - 1 WHERE bucket = $1 AND client = $2 AND window_start = $3 AND hits > 0', [
    bucket,
    client,
    windowStart.toISOString(),
  ]);
}

/** Removes the counters of windows that started before `before`. */
export async function pruneCounters(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE window_start < $1', [before.toISOString()]);
}
