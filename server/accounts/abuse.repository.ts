import type { Queryable } from '../db/client.ts';

/** A browser trusted for one account after it signed in there. */
export interface TrustedDeviceRow {
  id: string;
  user_id: string;
  expires_at: string | Date;
}

/** The trusted browser with this token hash, if it has not expired. */
export async function findTrustedDevice(db: Queryable, tokenHash: string, now: Date): Promise<TrustedDeviceRow | undefined> {
  const { rows } = await db.query<TrustedDeviceRow>('SELECT id, user_id, expires_at FROM trusted_devices WHERE token_hash = $1 AND expires_at > $2', [
    tokenHash,
    now.toISOString(),
  ]);
  return rows[0];
}

export async function insertTrustedDevice(db: Queryable, userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO trusted_devices (user_id, token_hash, created_at, last_used_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
    userId,
    tokenHash,
    now.toISOString(),
    expiresAt.toISOString(),
  ]);
}

export async function touchTrustedDevice(db: Queryable, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.query('UPDATE trusted_devices SET last_used_at = $2, expires_at = $3 WHERE id = $1', [id, now.toISOString(), expiresAt.toISOString()]);
}

/** Failed sign-ins made from one trusted browser since `since`. */
export async function countDeviceFailures(db: Queryable, deviceId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE device_id = $1 AND failed_at > $2', [
    deviceId,
    since.toISOString(),
  ]);
  return rows[0]!.n;
}

/** Requests in a bucket from one client since `since`, with the oldest. */
export async function countRequests(db: Queryable, bucket: string, client: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; oldest: string | Date | null }>(
    'SELECT count(*)::int AS n, min(at) AS oldest FROM request_counts WHERE bucket = $1 AND client = $2 AND at > $3',
    [bucket, client, since.toISOString()],
  );
  return { count: rows[0]!.n, oldest: rows[0]!.oldest ? new Date(rows[0]!.oldest) : null };
}

export async function recordRequest(db: Queryable, bucket: string, client: string, at: Date): Promise<void> {
  await db.query('INSERT INTO request_counts (bucket, client, at) VALUES ($1, $2, $3)', [bucket, client, at.toISOString()]);
}

export async function pruneRequests(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM request_counts WHERE at < $1', [before.toISOString()]);
}
