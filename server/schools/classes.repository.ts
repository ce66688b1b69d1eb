import type { Queryable } from '../db/client.ts';
import type { ClassPerson, SchoolClass, SchoolYear, Subject } from '../../src/lib/schools/schema.ts';
import type { ClassRole, SchoolLevel } from '../../src/lib/schools/values.ts';

/* The SQL of a school's teaching: school years, classes, subjects and who is in each class. */

/** A school's level (for the grades its classes may have), or null for an unknown school. */
export async function schoolLevel(db: Queryable, schoolId: string): Promise<SchoolLevel | null> {
  const { rows } = await db.query<{ level: SchoolLevel }>('SELECT level FROM schools WHERE id = $1', [schoolId]);
  return rows[0]?.level ?? null;
}

/** A school's years, newest first. */
export async function listYears(db: Queryable, schoolId: string): Promise<SchoolYear[]> {
  return (await db.query<SchoolYear>('SELECT id, start_year, end_year FROM school_years WHERE school_id = $1 ORDER BY start_year DESC', [schoolId])).rows;
}

/** Inserts a school year; null when the school already has one starting that year. */
export async function insertYear(db: Queryable, schoolId: string, startYear: number, endYear: number): Promise<SchoolYear | null> {
  const { rows } = await db.query<SchoolYear>(
    'INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, $2, $3) ON CONFLICT (school_id, start_year) DO NOTHING RETURNING id, start_year, end_year',
    [schoolId, startYear, endYear],
  );
  return rows[0] ?? null;
}

/** True when the year belongs to the school. */
export async function yearOfSchool(db: Queryable, schoolId: string, yearId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM school_years WHERE id = $1 AND school_id = $2', [yearId, schoolId])).rows.length > 0;
}

const CLASS = `c.id, c.school_year_id, c.name, c.grade,
  (SELECT count(*)::int FROM class_members x WHERE x.class_id = c.id AND x.role = 'student') AS student_count,
  (SELECT count(*)::int FROM class_members x WHERE x.class_id = c.id AND x.role = 'teacher') AS teacher_count`;

/** A school's classes (of one year when given), by grade and name. */
export async function listClasses(db: Queryable, schoolId: string, yearId: string | null): Promise<SchoolClass[]> {
  const { rows } = await db.query<SchoolClass>(
    `SELECT ${CLASS} FROM classes c WHERE c.school_id = $1 AND ($2::uuid IS NULL OR c.school_year_id = $2) ORDER BY c.grade, c.name`,
    [schoolId, yearId],
  );
  return rows;
}

/** Inserts a class; null when the year already has a class of that name (in any case). */
export async function insertClass(db: Queryable, input: { schoolId: string; yearId: string; name: string; grade: number }): Promise<SchoolClass | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO classes (school_id, school_year_id, name, grade) SELECT $1, $2, $3, $4
      WHERE NOT EXISTS (SELECT 1 FROM classes WHERE school_year_id = $2 AND lower(name) = lower($3))
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.schoolId, input.yearId, input.name, input.grade],
  );
  if (!rows[0]) return null;
  return { id: rows[0].id, school_year_id: input.yearId, name: input.name, grade: input.grade, student_count: 0, teacher_count: 0 };
}

/** A class with its school, or null. */
export async function findClass(db: Queryable, classId: string): Promise<(SchoolClass & { school_id: string }) | null> {
  const { rows } = await db.query<SchoolClass & { school_id: string }>(`SELECT ${CLASS}, c.school_id FROM classes c WHERE c.id = $1`, [classId]);
  return rows[0] ?? null;
}

/** A year's classes by lower-cased name. */
export async function classesByName(db: Queryable, yearId: string): Promise<Map<string, { id: string; name: string; grade: number }>> {
  const { rows } = await db.query<{ id: string; name: string; grade: number }>('SELECT id, name, grade FROM classes WHERE school_year_id = $1', [yearId]);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** A class's teachers and students, teachers first, then by name. */
export async function classPeople(db: Queryable, classId: string): Promise<ClassPerson[]> {
  const { rows } = await db.query<ClassPerson>(
    `SELECT cm.user_id, coalesce(sm.full_name, u.name) AS full_name, u.email, cm.role, sm.nis, cm.subject_id, s.name AS subject_name
       FROM class_members cm JOIN classes c ON c.id = cm.class_id JOIN users u ON u.id = cm.user_id
       LEFT JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id
       LEFT JOIN subjects s ON s.id = cm.subject_id
      WHERE cm.class_id = $1 ORDER BY cm.role = 'student', full_name`,
    [classId],
  );
  return rows;
}

/** The class of the same school year a student is already enrolled in (other than `classId`), or null. */
export async function otherClassOfStudent(db: Queryable, classId: string, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT o.name FROM classes c JOIN classes o ON o.school_year_id = c.school_year_id AND o.id <> c.id
       JOIN class_members cm ON cm.class_id = o.id AND cm.user_id = $2 AND cm.role = 'student'
      WHERE c.id = $1 LIMIT 1`,
    [classId, userId],
  );
  return rows[0]?.name ?? null;
}

/** Adds someone to a class; false when they are already in it. */
export async function insertClassMember(db: Queryable, classId: string, userId: string, role: ClassRole, subjectId: string | null): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO class_members (class_id, user_id, role, subject_id) VALUES ($1, $2, $3, $4) ON CONFLICT (class_id, user_id) DO NOTHING',
    [classId, userId, role, subjectId],
  );
  return rowCount > 0;
}

/** Removes someone from a class; false when they were not in it. */
export async function deleteClassMember(db: Queryable, classId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM class_members WHERE class_id = $1 AND user_id = $2', [classId, userId]);
  return rowCount > 0;
}

/** A school's subjects by name. */
export async function listSubjects(db: Queryable, schoolId: string): Promise<Subject[]> {
  return (await db.query<Subject>('SELECT id, name FROM subjects WHERE school_id = $1 ORDER BY name', [schoolId])).rows;
}

/** Inserts a subject; null when the school has one of that name (in any case). */
export async function insertSubject(db: Queryable, schoolId: string, name: string): Promise<Subject | null> {
  const { rows } = await db.query<Subject>('INSERT INTO subjects (school_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, name', [schoolId, name]);
  return rows[0] ?? null;
}

/** True when the subject belongs to the school. */
export async function subjectOfSchool(db: Queryable, schoolId: string, subjectId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM subjects WHERE id = $1 AND school_id = $2', [subjectId, schoolId])).rows.length > 0;
}

/**
 * What the school already knows of the people of a class list: their role and status there, the
 * class of the year they study in, and who else holds a NIS or NISN of the list.
 */
export async function importFacts(db: Queryable, schoolId: string, yearId: string, userIds: string[], numbers: { nis: string[]; nisn: string[] }) {
  const { rows: members } = await db.query<{ user_id: string; role: string; status: number; class_id: string | null }>(
    `SELECT m.user_id, m.role, m.status,
            (SELECT cm.class_id FROM class_members cm JOIN classes c ON c.id = cm.class_id
              WHERE cm.user_id = m.user_id AND cm.role = 'student' AND c.school_year_id = $2 LIMIT 1) AS class_id
       FROM school_members m WHERE m.school_id = $1 AND m.user_id = ANY($3::uuid[])`,
    [schoolId, yearId, userIds],
  );
  const { rows: holders } = await db.query<{ user_id: string; nis: string | null; nisn: string | null }>(
    `SELECT user_id, nis, nisn FROM school_members WHERE school_id = $1 AND status IN (0, 1) AND (nis = ANY($2::text[]) OR nisn = ANY($3::text[]))`,
    [schoolId, numbers.nis, numbers.nisn],
  );
  return { members: new Map(members.map((m) => [m.user_id, m])), holders };
}
