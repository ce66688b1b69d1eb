import type { Queryable } from '../db/client.ts';
import type { Place, SchoolCard, SchoolPerson, MySchool } from '../../src/lib/schools/schema.ts';
import type { SchoolLevel, SchoolRole, SchoolTimeZone } from '../../src/lib/schools/values.ts';

/*
 * Places, schools and the people who ask to join them: the SQL of the join side. The school
 * admin's classes and years are in classes.repository.ts.
 */

/** All provinces by name. */
export async function listProvinces(db: Queryable): Promise<Place[]> {
  return (await db.query<Place>('SELECT code, name FROM provinces ORDER BY name')).rows;
}

/** The regencies and cities of a province by name. */
export async function listRegencies(db: Queryable, provinceCode: string): Promise<Place[]> {
  return (await db.query<Place>('SELECT code, name FROM regencies WHERE province_code = $1 ORDER BY name', [provinceCode])).rows;
}

/** The province a regency belongs to, or null for an unknown regency. */
export async function provinceOfRegency(db: Queryable, regencyCode: string): Promise<string | null> {
  const { rows } = await db.query<{ province_code: string }>('SELECT province_code FROM regencies WHERE code = $1', [regencyCode]);
  return rows[0]?.province_code ?? null;
}

const CARD = `s.id, s.npsn, s.name, s.level, s.status, s.province_code, s.regency_code, r.name AS regency_name, s.time_zone`;

/** Schools of a regency whose name contains `pattern` (an ILIKE pattern), by name. */
export async function searchSchools(db: Queryable, input: { regencyCode: string; pattern: string | null; limit: number; offset: number }): Promise<{ rows: SchoolCard[]; total: number }> {
  const where = `s.regency_code = $1 AND ($2::text IS NULL OR s.name ILIKE $2 OR s.npsn = $3)`;
  const params = [input.regencyCode, input.pattern, input.pattern?.replace(/%/g, '') ?? null];
  const { rows } = await db.query<SchoolCard>(
    `SELECT ${CARD} FROM schools s JOIN regencies r ON r.code = s.regency_code WHERE ${where} ORDER BY s.name LIMIT $4 OFFSET $5`,
    [...params, input.limit, input.offset],
  );
  const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schools s WHERE ${where}`, params);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A school by id or NPSN, with its organisation; null when there is none. */
export async function findSchool(db: Queryable, by: { id: string } | { npsn: string }): Promise<(SchoolCard & { organization_id: string }) | null> {
  const [column, value] = 'id' in by ? ['s.id', by.id] : ['s.npsn', by.npsn];
  const { rows } = await db.query<SchoolCard & { organization_id: string }>(
    `SELECT ${CARD}, s.organization_id FROM schools s JOIN regencies r ON r.code = s.regency_code WHERE ${column} = $1`,
    [value],
  );
  return rows[0] ?? null;
}

/** Inserts a school; null when its NPSN is already taken. */
export async function insertSchool(
  db: Queryable,
  input: { organizationId: string; npsn: string; name: string; level: SchoolLevel; status: string; provinceCode: string; regencyCode: string; address: string | null; timeZone: SchoolTimeZone; createdBy: string },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO schools (organization_id, npsn, name, level, status, province_code, regency_code, address, time_zone, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (npsn) DO NOTHING RETURNING id`,
    [input.organizationId, input.npsn, input.name, input.level, input.status, input.provinceCode, input.regencyCode, input.address, input.timeZone, input.createdBy],
  );
  return rows[0]?.id ?? null;
}

/** What a person tells a school about themself. */
export interface MemberFields {
  role: SchoolRole;
  fullName: string;
  gender: 'L' | 'P';
  nikNip: string | null;
  nis: string | null;
  nisn: string | null;
  grade: number | null;
  classLabel: string | null;
}

/** Someone's membership row at a school, or null. */
export async function findMembership(db: Queryable, schoolId: string, userId: string): Promise<{ role: SchoolRole; status: 0 | 1 | 2; full_name: string } | null> {
  const { rows } = await db.query<{ role: SchoolRole; status: 0 | 1 | 2; full_name: string }>(
    'SELECT role, status, full_name FROM school_members WHERE school_id = $1 AND user_id = $2 FOR UPDATE',
    [schoolId, userId],
  );
  return rows[0] ?? null;
}

/**
 * Stores a membership with `status`, replacing an earlier (declined) one of the same person; an
 * approved one (status 1) is decided now by `decidedBy`.
 */
export async function upsertMembership(db: Queryable, schoolId: string, userId: string, fields: MemberFields, status: 0 | 1, decidedBy: string | null): Promise<void> {
  await db.query(
    `INSERT INTO school_members (school_id, user_id, role, status, full_name, gender, nik_nip, nis, nisn, grade, class_label, requested_at, decided_at, decided_by)
     VALUES ($1, $2, $3, $4::smallint, $5, $6, $7, $8, $9, $10, $11, now(), CASE WHEN $4::smallint = 1 THEN now() END, $12)
     ON CONFLICT (school_id, user_id) DO UPDATE SET role = EXCLUDED.role, status = EXCLUDED.status, full_name = EXCLUDED.full_name,
       gender = EXCLUDED.gender, nik_nip = EXCLUDED.nik_nip, nis = EXCLUDED.nis, nisn = EXCLUDED.nisn, grade = EXCLUDED.grade,
       class_label = EXCLUDED.class_label, requested_at = now(), decided_at = EXCLUDED.decided_at, decided_by = EXCLUDED.decided_by`,
    [schoolId, userId, fields.role, status, fields.fullName, fields.gender, fields.nikNip, fields.nis, fields.nisn, fields.grade, fields.classLabel, decidedBy],
  );
}

/**
 * Which of an identity's numbers another waiting or approved person of the school already uses:
 * 'nis', 'nisn' or 'nik_nip', or null when none.
 */
export async function takenNumber(db: Queryable, schoolId: string, userId: string, numbers: { nis: string | null; nisn: string | null; nikNip: string | null }): Promise<'nis' | 'nisn' | 'nik_nip' | null> {
  const { rows } = await db.query<{ nis: string | null; nisn: string | null; nik_nip: string | null }>(
    `SELECT nis, nisn, nik_nip FROM school_members
      WHERE school_id = $1 AND user_id <> $2 AND status IN (0, 1) AND (nis = $3 OR nisn = $4 OR nik_nip = $5)`,
    [schoolId, userId, numbers.nis, numbers.nisn, numbers.nikNip],
  );
  for (const row of rows) {
    if (numbers.nis && row.nis === numbers.nis) return 'nis';
    if (numbers.nisn && row.nisn === numbers.nisn) return 'nisn';
    if (numbers.nikNip && row.nik_nip === numbers.nikNip) return 'nik_nip';
  }
  return null;
}

/** Sets a waiting request's status; false when it was not waiting. */
export async function decideRequest(db: Queryable, schoolId: string, userId: string, status: 1 | 2, decidedBy: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE school_members SET status = $3, decided_at = now(), decided_by = $4 WHERE school_id = $1 AND user_id = $2 AND status = 0',
    [schoolId, userId, status, decidedBy],
  );
  return rowCount > 0;
}

const PERSON = `m.user_id, u.email, m.role, m.status, m.full_name, m.gender, m.nik_nip, m.nis, m.nisn, m.grade, m.class_label, m.requested_at`;

/** A school's people with `status` (and `role`), oldest request first for waiting ones, else by name. */
export async function listPeople(
  db: Queryable,
  input: { schoolId: string; status: 0 | 1; role?: SchoolRole; pattern?: string | null; limit: number; offset: number },
): Promise<{ rows: SchoolPerson[]; total: number }> {
  const where = `m.school_id = $1 AND m.status = $2 AND ($3::text IS NULL OR m.role = $3) AND ($4::text IS NULL OR m.full_name ILIKE $4 OR u.email ILIKE $4)`;
  const params = [input.schoolId, input.status, input.role ?? null, input.pattern ?? null];
  const order = input.status === 0 ? 'm.requested_at, m.full_name' : 'm.full_name';
  const { rows } = await db.query<SchoolPerson>(
    `SELECT ${PERSON} FROM school_members m JOIN users u ON u.id = m.user_id WHERE ${where} ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [...params, input.limit, input.offset],
  );
  const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM school_members m JOIN users u ON u.id = m.user_id WHERE ${where}`, params);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One person at a school (any status), or null. */
export async function findPerson(db: Queryable, schoolId: string, userId: string): Promise<SchoolPerson | null> {
  const { rows } = await db.query<SchoolPerson>(`SELECT ${PERSON} FROM school_members m JOIN users u ON u.id = m.user_id WHERE m.school_id = $1 AND m.user_id = $2`, [schoolId, userId]);
  return rows[0] ?? null;
}

/** The approved admins of a school. */
export async function schoolAdminIds(db: Queryable, schoolId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(`SELECT user_id FROM school_members WHERE school_id = $1 AND role = 'admin' AND status = 1`, [schoolId]);
  return rows.map((r) => r.user_id);
}

/** Every school the user has asked to join or belongs to, newest request first. */
export async function mySchools(db: Queryable, userId: string): Promise<MySchool[]> {
  const { rows } = await db.query<SchoolCard & { role: SchoolRole; member_status: 0 | 1 | 2; requested_at: string }>(
    `SELECT ${CARD}, m.role, m.status AS member_status, m.requested_at
       FROM school_members m JOIN schools s ON s.id = m.school_id JOIN regencies r ON r.code = s.regency_code
      WHERE m.user_id = $1 ORDER BY m.requested_at DESC`,
    [userId],
  );
  return rows.map(({ role, member_status, requested_at, ...school }) => ({ school, role, status: member_status, requested_at: new Date(requested_at).toISOString() }));
}

/** Ids of users of an organisation by lower-cased e-mail. */
export async function usersByEmail(db: Queryable, organizationId: string, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; email: string }>(
    'SELECT id, lower(email) AS email FROM users WHERE organization_id = $1 AND lower(email) = ANY($2::text[])',
    [organizationId, emails],
  );
  return new Map(rows.map((r) => [r.email, r.id]));
}
