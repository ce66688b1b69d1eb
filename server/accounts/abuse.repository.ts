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
