import type { Queryable } from '../db/client.ts';
import { clip } from '../../src/lib/contract/shorten.ts';

/** A user row as stored. */
export interface UserRow {
  id: string;
  organization_id: string;
  email: string;
  password_hash: string | null;
  name: string;
  phone: string | null;
  address: string | null;
  district_id: string | null;
  bio: string | null;
  gender: string | null;
  avatar_url: string | null;
  greeting: string | null;
  role_code: number;
  verified_at: string | null;
  deactivated_at: string | null;
}

/** A refresh token with the session and user it belongs to. */
export interface RefreshRow {
  token_hash: string;
  session_id: string;
  expires_at: string;
  used_at: string | null;
  session_revoked_at: string | null;
  user_id: string;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function createSession(db: Queryable, userId: string, userAgent: string | null): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO sessions (user_id, user_agent) VALUES ($1, $2) RETURNING id',
    [userId, userAgent ? clip(userAgent, 300) : null],
  );
  return rows[0]!.id;
}

export async function insertRefreshToken(db: Queryable, hash: string, sessionId: string, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
    hash,
    sessionId,
    expiresAt.toISOString(),
  ]);
}

/** Reads a refresh token and locks it, so two refreshes with one token are decided one after the other. */
export async function lockRefreshToken(tx: Queryable, hash: string): Promise<RefreshRow | undefined> {
  const { rows } = await tx.query<RefreshRow>(
    `SELECT t.token_hash, t.session_id, t.expires_at, t.used_at, s.revoked_at AS session_revoked_at, s.user_id
       FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1
        FOR UPDATE OF t`,
    [hash],
  );
  return rows[0];
}

export async function markRefreshTokenUsed(tx: Queryable, hash: string, at: Date): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL', [hash, at.toISOString()]);
}

/** Ends a session: its access tokens stop working at once and its refresh tokens are deleted. */
export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = coalesce(revoked_at, now()), revoked_reason = coalesce(revoked_reason, $2), fcm_token = NULL
      WHERE id = $1`,
    [sessionId, reason],
  );
  await db.query('DELETE FROM refresh_tokens WHERE session_id = $1', [sessionId]);
}

/** Ends every session of a user (password change or reset). */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  for (const row of rows) await revokeSession(db, row.id, reason);
}

/** The session's user, when the session is live and the account active. */
export async function findActiveSessionUser(db: Queryable, sessionId: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND u.deactivated_at IS NULL`,
    [sessionId],
  );
  return rows[0];
}

export async function setSessionFcmToken(db: Queryable, sessionId: string, token: string | null): Promise<void> {
  await db.query('UPDATE sessions SET fcm_token = $2 WHERE id = $1', [sessionId, token]);
}
