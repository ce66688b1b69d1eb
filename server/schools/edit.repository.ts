import type { Queryable } from '../db/client.ts';
import type { SchoolYear, Subject } from '../../src/lib/schools/schema.ts';

/*
 * The SQL of changing and removing a school's years, classes and subjects. A removal first locks
 * the row, so what hangs off it is counted with nothing added in between (adding a class, a lesson
 * or a quiz needs the same row), and then removes it only when nothing does.
 */

/** A school year with its school, or null. */
export async function findYear(db: Queryable, id: string): Promise<(SchoolYear & { school_id: string }) | null> {
  const { rows } = await db.query<SchoolYear & { school_id: string }>('SELECT id, school_id, start_year, end_year FROM school_years WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** A subject with its school, or null. */
export async function findSubject(db: Queryable, id: string): Promise<(Subject & { school_id: string }) | null> {
  const { rows } = await db.query<Subject & { school_id: string }>('SELECT id, school_id, name FROM subjects WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Changes a year's start and end; null when the school has another year starting then. */
export async function updateYear(db: Queryable, id: string, startYear: number, endYear: number): Promise<SchoolYear | null> {
  const { rows } = await db.query<SchoolYear>(
    `UPDATE school_years y SET start_year = $2, end_year = $3
      WHERE y.id = $1 AND NOT EXISTS (SELECT 1 FROM school_years o WHERE o.school_id = y.school_id AND o.start_year = $2 AND o.id <> y.id)
      RETURNING id, start_year, end_year`,
    [id, startYear, endYear],
  );
  return rows[0] ?? null;
}

/** Renames a class and sets its grade; false when its year has another class of that name (in any case). */
export async function updateClass(db: Queryable, id: string, name: string, grade: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE classes c SET name = $2, grade = $3
      WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM classes o WHERE o.school_year_id = c.school_year_id AND lower(o.name) = lower($2) AND o.id <> c.id)
      RETURNING 1`,
    [id, name, grade],
  );
  return rows.length > 0;
}

/** Renames a subject; null when the school has another subject of that name (in any case). */
export async function updateSubject(db: Queryable, id: string, name: string): Promise<Subject | null> {
  const { rows } = await db.query<Subject>(
    `UPDATE subjects s SET name = $2
      WHERE s.id = $1 AND NOT EXISTS (SELECT 1 FROM subjects o WHERE o.school_id = s.school_id AND lower(o.name) = lower($2) AND o.id <> s.id)
      RETURNING id, name`,
    [id, name],
  );
  return rows[0] ?? null;
}

/** Removes a year that holds no class; false when it holds one. */
export async function deleteEmptyYear(tx: Queryable, id: string): Promise<boolean> {
  await tx.query('SELECT 1 FROM school_years WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await tx.query('SELECT 1 FROM classes WHERE school_year_id = $1 LIMIT 1', [id]);
  if (rows.length > 0) return false;
  await tx.query('DELETE FROM school_years WHERE id = $1', [id]);
  return true;
}

/**
 * Removes a class without lessons in its timetable and without quizzes (its meetings, materials,
 * hand-ins and quiz results hang off those); its members go with it. False when it has either.
 */
export async function deleteUnusedClass(tx: Queryable, id: string): Promise<boolean> {
  await tx.query('SELECT 1 FROM classes WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await tx.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM timetable_slots WHERE class_id = $1) OR EXISTS (SELECT 1 FROM meetings WHERE class_id = $1)
        OR EXISTS (SELECT 1 FROM quizzes WHERE class_id = $1)`,
    [id],
  );
  if (rows.length > 0) return false;
  await tx.query('DELETE FROM classes WHERE id = $1', [id]);
  return true;
}

/** Removes a subject no timetable lesson uses (teachers assigned for it stay, without a subject); false when one does. */
export async function deleteUnusedSubject(tx: Queryable, id: string): Promise<boolean> {
  await tx.query('SELECT 1 FROM subjects WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await tx.query('SELECT 1 FROM timetable_slots WHERE subject_id = $1 LIMIT 1', [id]);
  if (rows.length > 0) return false;
  await tx.query('DELETE FROM subjects WHERE id = $1', [id]);
  return true;
}
