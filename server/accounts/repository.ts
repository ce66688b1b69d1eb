import type { Queryable } from '../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import type { AccountProfile, District } from '../../src/lib/account/schema.ts';

/*
 * Account data access. Functions take the database (or an open transaction) first. Row types stay
 * here; `toProfile` maps them to the API's shape.
 */

export type TokenPurpose = 'verify_email' | 'reset_password';

export interface AccountTokenRow {
  token_hash: string;
  user_id: string;
  purpose: TokenPurpose;
  expires_at: string | Date;
  used_at: string | Date | null;
}

// ---------------------------------------------------------------------------------------------
// Districts

export async function findDistrict(db: Queryable, code: string): Promise<District | undefined> {
  const { rows } = await db.query<District>(
    `SELECT d.code AS id, d.name, r.name AS regency_name, p.name AS province_name
       FROM districts d JOIN regencies r ON r.code = d.regency_code JOIN provinces p ON p.code = r.province_code
      WHERE d.code = $1`,
    [code],
  );
  return rows[0];
}

/** Districts whose name (or regency's name) contains `pattern` (an ILIKE pattern), by name. */
export async function listDistricts(
  db: Queryable,
  options: { pattern: string | null; limit: number; offset: number },
): Promise<{ rows: District[]; total: number }> {
  const where = options.pattern ? 'WHERE d.name ILIKE $3 OR r.name ILIKE $3' : '';
  const params: unknown[] = [options.limit, options.offset];
  if (options.pattern) params.push(options.pattern);
  const { rows } = await db.query<District & { total: number }>(
    `SELECT d.code AS id, d.name, r.name AS regency_name, p.name AS province_name, count(*) OVER ()::int AS total
       FROM districts d JOIN regencies r ON r.code = d.regency_code JOIN provinces p ON p.code = r.province_code
       ${where}
      ORDER BY d.name, r.name, d.code
      LIMIT $1 OFFSET $2`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.offset > 0) {
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM districts d JOIN regencies r ON r.code = d.regency_code ${options.pattern ? 'WHERE d.name ILIKE $1 OR r.name ILIKE $1' : ''}`,
      options.pattern ? [options.pattern] : [],
    );
    total = count.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _total, ...district }) => district), total };
}

// ---------------------------------------------------------------------------------------------
// Users

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM organizations WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/** True when another account has a phone with the same digits. */
export async function phoneTaken(db: Queryable, digits: string, exceptUserId: string | null = null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM users WHERE regexp_replace(phone, '[^0-9]', '', 'g') = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [digits, exceptUserId],
  );
  return rows.length > 0;
}

export interface NewUser {
  organizationId: string;
  email: string;
  passwordHash: string | null;
  name: string;
  phone: string | null;
  address: string | null;
  districtId: string | null;
  verified: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (organization_id, email, password_hash, name, phone, address, district_id, role_code, verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 303, CASE WHEN $8 THEN now() END) RETURNING *`,
    [user.organizationId, user.email, user.passwordHash, user.name, user.phone, user.address, user.districtId, user.verified],
  );
  return rows[0]!;
}

export async function markVerified(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET verified_at = coalesce(verified_at, now()), updated_at = now() WHERE id = $1', [userId]);
}

export async function setPasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, hash]);
}

/** The profile fields an update may set; undefined leaves a column as it is. */
export interface ProfileChanges {
  name?: string;
  phone?: string | null;
  district_id?: string;
  address?: string | null;
  bio?: string | null;
  gender?: string | null;
  avatar_url?: string | null;
}

const PROFILE_COLUMNS = ['name', 'phone', 'district_id', 'address', 'bio', 'gender', 'avatar_url'] as const;

export async function updateProfile(db: Queryable, userId: string, changes: ProfileChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [userId];
  for (const column of PROFILE_COLUMNS) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return;
  await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

/** The profile as the query reads it: the fields of AccountProfile that differ are flat here. */
type ProfileRow = Omit<AccountProfile, 'verified' | 'role' | 'organizations' | 'epustaka'> & {
  verified_at: string | null;
  role_code: number;
  organization_id: string;
  organization_name: string | null;
  epustaka: AccountProfile['epustaka'] | null;
};

/** The user's profile as settings show it, with district names and active ePustaka memberships. */
export async function findProfile(db: Queryable, userId: string): Promise<AccountProfile | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.id, u.name, u.email, u.gender, u.phone, u.address, u.district_id, u.bio, u.avatar_url, u.verified_at,
            u.role_code, u.organization_id, o.name AS organization_name, u.password_hash IS NOT NULL AS has_password,
            d.name AS district_name, r.name AS regency_name, p.name AS province_name,
            (SELECT json_agg(json_build_object('id', e.id, 'epustaka_name', e.epustaka_name) ORDER BY e.epustaka_name)
               FROM epustaka_members m JOIN epustaka e ON e.id = m.epustaka_id
              WHERE m.user_id = u.id AND m.member_status = 1) AS epustaka
       FROM users u
       LEFT JOIN organizations o ON o.id = u.organization_id
       LEFT JOIN districts d ON d.code = u.district_id
       LEFT JOIN regencies r ON r.code = d.regency_code
       LEFT JOIN provinces p ON p.code = r.province_code
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return row && toProfile(row);
}

function toProfile(row: ProfileRow): AccountProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    gender: row.gender,
    phone: row.phone,
    address: row.address,
    district_id: row.district_id,
    district_name: row.district_name,
    regency_name: row.regency_name,
    province_name: row.province_name,
    bio: row.bio,
    avatar_url: row.avatar_url,
    verified: row.verified_at !== null,
    role: { role_code: row.role_code },
    organizations: { id: row.organization_id, name: row.organization_name ?? '' },
    epustaka: typeof row.epustaka === 'string' ? JSON.parse(row.epustaka) : (row.epustaka ?? []),
    has_password: row.has_password,
  };
}

// ---------------------------------------------------------------------------------------------
// One-time e-mail tokens

export async function insertAccountToken(db: Queryable, hash: string, userId: string, purpose: TokenPurpose, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
    hash,
    userId,
    purpose,
    expiresAt.toISOString(),
  ]);
}

/** Reads a token and locks it, so two uses of one link are decided one after the other. */
export async function lockAccountToken(tx: Queryable, hash: string, purpose: TokenPurpose): Promise<AccountTokenRow | undefined> {
  const { rows } = await tx.query<AccountTokenRow>(
    'SELECT token_hash, user_id, purpose, expires_at, used_at FROM account_tokens WHERE token_hash = $1 AND purpose = $2 FOR UPDATE',
    [hash, purpose],
  );
  return rows[0];
}

/** A token row without locking it (to refuse a bad link before any costly work). */
export async function findAccountToken(db: Queryable, hash: string, purpose: TokenPurpose): Promise<AccountTokenRow | undefined> {
  const { rows } = await db.query<AccountTokenRow>(
    'SELECT token_hash, user_id, purpose, expires_at, used_at FROM account_tokens WHERE token_hash = $1 AND purpose = $2',
    [hash, purpose],
  );
  return rows[0];
}

/** Marks every unused token of a user for a purpose used (one link consumed, or a newer state). */
export async function useAccountTokens(db: Queryable, userId: string, purpose: TokenPurpose, at: Date): Promise<void> {
  await db.query('UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose, at.toISOString()]);
}

/** How many tokens for a purpose a user got since `since`, and when the last one was made. */
export async function recentTokens(db: Queryable, userId: string, purpose: TokenPurpose, since: Date): Promise<{ count: number; last: Date | null }> {
  const { rows } = await db.query<{ n: number; last: string | null }>(
    'SELECT count(*)::int AS n, max(created_at) AS last FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [userId, purpose, since.toISOString()],
  );
  return { count: rows[0]!.n, last: rows[0]!.last ? new Date(rows[0]!.last) : null };
}

// ---------------------------------------------------------------------------------------------
// Sign-in failures

export async function recordLoginFailure(db: Queryable, email: string, ip: string | null, at: Date, deviceId: string | null = null): Promise<void> {
  await db.query('INSERT INTO login_failures (email, ip, failed_at, device_id) VALUES ($1, $2, $3, $4)', [email, ip, at.toISOString(), deviceId]);
}

/**
 * Failures since `since` for the e-mail and for the address, with the oldest and newest of each.
 * Failures made from a trusted browser count only against that browser.
 */
export async function countLoginFailures(
  db: Queryable,
  email: string,
  ip: string | null,
  since: Date,
): Promise<{ email: number; emailNewest: Date | null; ip: number; ipOldest: Date | null }> {
  const { rows } = await db.query<{ by_email: number; email_newest: string | null; by_ip: number; ip_oldest: string | null }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS by_email, max(failed_at) FILTER (WHERE email = $1) AS email_newest,
            count(*) FILTER (WHERE ip = $2)::int AS by_ip, min(failed_at) FILTER (WHERE ip = $2) AS ip_oldest
       FROM login_failures WHERE failed_at > $3 AND device_id IS NULL AND (email = $1 OR ip = $2)`,
    [email, ip, since.toISOString()],
  );
  const row = rows[0]!;
  return {
    email: row.by_email,
    emailNewest: row.email_newest ? new Date(row.email_newest) : null,
    ip: row.by_ip,
    ipOldest: row.ip_oldest ? new Date(row.ip_oldest) : null,
  };
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
}

export async function pruneLoginFailures(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE failed_at < $1', [before.toISOString()]);
}

// ---------------------------------------------------------------------------------------------
// Social identities

export async function findIdentityUser(db: Queryable, provider: string, subject: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'SELECT u.* FROM user_identities i JOIN users u ON u.id = i.user_id WHERE i.provider = $1 AND i.subject = $2',
    [provider, subject],
  );
  return rows[0];
}

export async function insertIdentity(db: Queryable, provider: string, subject: string, userId: string, email: string | null): Promise<void> {
  await db.query('INSERT INTO user_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    provider,
    subject,
    userId,
    email,
  ]);
}

export interface LinkTicketRow {
  token_hash: string;
  provider: string;
  subject: string;
  user_id: string;
  email: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

export async function insertLinkTicket(db: Queryable, ticket: Omit<LinkTicketRow, 'used_at' | 'expires_at'> & { expires_at: Date }): Promise<void> {
  await db.query(
    'INSERT INTO identity_link_tickets (token_hash, provider, subject, user_id, email, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [ticket.token_hash, ticket.provider, ticket.subject, ticket.user_id, ticket.email, ticket.expires_at.toISOString()],
  );
}

export async function lockLinkTicket(tx: Queryable, hash: string): Promise<LinkTicketRow | undefined> {
  const { rows } = await tx.query<LinkTicketRow>('SELECT * FROM identity_link_tickets WHERE token_hash = $1 FOR UPDATE', [hash]);
  return rows[0];
}

export async function useLinkTicket(db: Queryable, hash: string, at: Date): Promise<void> {
  await db.query('UPDATE identity_link_tickets SET used_at = $2 WHERE token_hash = $1', [hash, at.toISOString()]);
}
