import type { Queryable } from '../db/client.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { ClassRole, SchoolRole, SchoolTimeZone } from '../../src/lib/schools/values.ts';

/*
 * Who someone is at a school and in a class: the one place every school feature (quizzes, the
 * timetable, attendance, assignments) asks before it lets a person act. Only approved memberships
 * (status 1) count.
 */

/** A school as the features that build on it need it: where it is and which zone it keeps time in. */
export interface SchoolPlace {
  id: string;
  name: string;
  province_code: string;
  regency_code: string;
  time_zone: SchoolTimeZone;
}

/** The caller's approved role at a school, or null. */
export async function schoolRoleOf(db: Queryable, schoolId: string, userId: string): Promise<SchoolRole | null> {
  const { rows } = await db.query<{ role: SchoolRole }>('SELECT role FROM school_members WHERE school_id = $1 AND user_id = $2 AND status = 1', [schoolId, userId]);
  return rows[0]?.role ?? null;
}

/** The caller's role in a class (teacher or enrolled student) whose school they are approved at, or null. */
export async function classRoleOf(db: Queryable, classId: string, userId: string): Promise<ClassRole | null> {
  const { rows } = await db.query<{ role: ClassRole }>(
    `SELECT cm.role FROM class_members cm JOIN classes c ON c.id = cm.class_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
      WHERE cm.class_id = $1 AND cm.user_id = $2`,
    [classId, userId],
  );
  return rows[0]?.role ?? null;
}

/** The school someone studies or teaches at (their first approved one), with its place; null when none. */
export async function schoolOfUser(db: Queryable, userId: string): Promise<(SchoolPlace & { role: SchoolRole }) | null> {
  const { rows } = await db.query<SchoolPlace & { role: SchoolRole }>(
    `SELECT s.id, s.name, s.province_code, s.regency_code, s.time_zone, m.role
       FROM school_members m JOIN schools s ON s.id = m.school_id
      WHERE m.user_id = $1 AND m.status = 1 ORDER BY m.decided_at NULLS LAST, s.name LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Throws 404 `class_not_found` for an unknown class, 403 `not_class_teacher` unless the caller teaches it. */
export async function requireClassTeacher(db: Queryable, classId: string, userId: string): Promise<void> {
  const role = await classRoleOf(db, classId, userId);
  if (role === 'teacher') return;
  const { rows } = await db.query('SELECT 1 FROM classes WHERE id = $1', [classId]);
  if (!rows[0]) throw notFound('class_not_found', 'This class does not exist.');
  throw forbidden('not_class_teacher', 'Only a teacher of this class may do this.');
}

/** Throws 404 `class_not_found` for an unknown class, 403 `not_class_member` unless the caller teaches or studies in it. */
export async function requireClassMember(db: Queryable, classId: string, userId: string): Promise<ClassRole> {
  const role = await classRoleOf(db, classId, userId);
  if (role) return role;
  const { rows } = await db.query('SELECT 1 FROM classes WHERE id = $1', [classId]);
  if (!rows[0]) throw notFound('class_not_found', 'This class does not exist.');
  throw forbidden('not_class_member', 'Only the teachers and students of this class may see it.');
}

/** Throws 404 `school_not_found` or 403 `not_school_admin` unless the caller administers the school. */
export async function requireSchoolAdmin(db: Queryable, schoolId: string, userId: string): Promise<void> {
  const role = await schoolRoleOf(db, schoolId, userId);
  if (role === 'admin') return;
  const { rows } = await db.query('SELECT 1 FROM schools WHERE id = $1', [schoolId]);
  if (!rows[0]) throw notFound('school_not_found', 'This school does not exist.');
  throw forbidden('not_school_admin', 'Only an admin of this school may do this.');
}
