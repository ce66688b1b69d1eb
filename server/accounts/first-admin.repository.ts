import type { Queryable } from '../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { ROLE } from '../../src/lib/auth/schema.ts';

/** Creates the product's organisation on a new database when it is not there yet. */
export async function ensureOrganization(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, name]);
}

/** The organisation's name, or undefined when there is no such organisation. */
export async function organizationName(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [id]);
  return rows[0]?.name;
}

/** Locks the organisation's row until the transaction ends, so two first administrators cannot both be made. */
export async function lockOrganization(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** True when the organisation has an administrator. */
export async function hasAdministrator(db: Queryable, organizationId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE organization_id = $1 AND role_code = $2 LIMIT 1', [organizationId, ROLE.admin]);
  return rows.length > 0;
}

export async function insertFirstAdminToken(db: Queryable, hash: string, organizationId: string, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO first_admin_tokens (token_hash, organization_id, expires_at) VALUES ($1, $2, $3)', [hash, organizationId, expiresAt.toISOString()]);
}

/** The organisation a live (unexpired) token is for. */
export async function findFirstAdminToken(db: Queryable, hash: string, at: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ organization_id: string }>('SELECT organization_id FROM first_admin_tokens WHERE token_hash = $1 AND expires_at > $2', [hash, at.toISOString()]);
  return rows[0]?.organization_id;
}

/** Removes every token of the organisation (its first administrator exists now, or the links are stale). */
export async function deleteFirstAdminTokens(db: Queryable, organizationId: string): Promise<void> {
  await db.query('DELETE FROM first_admin_tokens WHERE organization_id = $1', [organizationId]);
}

/** Inserts a verified administrator of the organisation. */
export async function insertAdministrator(db: Queryable, user: { organizationId: string; email: string; name: string; passwordHash: string }): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (organization_id, email, password_hash, name, role_code, verified_at)
     VALUES ($1, $2, $3, $4, $5, now()) RETURNING *`,
    [user.organizationId, user.email, user.passwordHash, user.name, ROLE.admin],
  );
  return rows[0]!;
}
