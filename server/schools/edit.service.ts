import type { ApiDeps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { gradeFitsLevel, schoolYearErrors } from '../../src/lib/schools/rules.ts';
import type { SchoolClass, SchoolYear, Subject } from '../../src/lib/schools/schema.ts';
import { requireSchoolAdmin } from './membership.repository.ts';
import { findClass, schoolLevel } from './classes.repository.ts';
import * as repo from './edit.repository.ts';
import { FieldErrors } from './join.service.ts';

/*
 * A school admin corrects and removes school years, classes and subjects, under the rules they
 * were added with. Nothing that holds students' work is removed: a year with classes, a class with
 * a timetable or quizzes, and a subject of a timetable lesson are refused with a coded 409 and stay
 * as they were. Only an admin of the thing's own school may touch it (403 `not_school_admin`).
 */

async function yearOfAdmin(deps: ApiDeps, adminId: string, id: string) {
  const year = await repo.findYear(deps.db, id);
  if (!year) throw notFound('school_year_not_found', 'This school year does not exist.');
  await requireSchoolAdmin(deps.db, year.school_id, adminId);
  return year;
}

async function classOfAdmin(deps: ApiDeps, adminId: string, id: string) {
  const found = await findClass(deps.db, id);
  if (!found) throw notFound('class_not_found', 'This class does not exist.');
  await requireSchoolAdmin(deps.db, found.school_id, adminId);
  return found;
}

async function subjectOfAdmin(deps: ApiDeps, adminId: string, id: string) {
  const subject = await repo.findSubject(deps.db, id);
  if (!subject) throw notFound('subject_not_found', 'This subject does not exist.');
  await requireSchoolAdmin(deps.db, subject.school_id, adminId);
  return subject;
}

/** PATCH webhook/school-year: the rules of a new year (not in the future, the end not before the start, one per start year). */
export async function changeYear(deps: ApiDeps, adminId: string, input: { id: string; start_year: number; end_year: number }): Promise<SchoolYear> {
  await yearOfAdmin(deps, adminId, input.id);
  const errors = schoolYearErrors(input.start_year, input.end_year, deps.now().getUTCFullYear());
  if (errors.length > 0) throw new FieldErrors(errors);
  const year = await inTransaction(deps.db, (tx) => repo.updateYear(tx, input.id, input.start_year, input.end_year));
  if (!year) throw conflict('school_year_exists', 'This school already has a year starting then.');
  return year;
}

/** DELETE webhook/school-year: only a year without classes (409 `school_year_in_use`). */
export async function removeYear(deps: ApiDeps, adminId: string, id: string): Promise<void> {
  await yearOfAdmin(deps, adminId, id);
  if (!(await inTransaction(deps.db, (tx) => repo.deleteEmptyYear(tx, id)))) {
    throw conflict('school_year_in_use', 'This school year has classes; remove them first.');
  }
}

/** PATCH webhook/school-class: a name unique in its year whatever its case, a grade the school's level teaches. */
export async function changeClass(deps: ApiDeps, adminId: string, input: { id: string; name: string; grade: number }): Promise<SchoolClass> {
  const found = await classOfAdmin(deps, adminId, input.id);
  const level = (await schoolLevel(deps.db, found.school_id))!;
  if (!gradeFitsLevel(input.grade, level)) throw badRequest('grade_not_of_level', 'This grade is not taught at this school.', 'grade');
  const name = input.name.trim();
  if (!(await inTransaction(deps.db, (tx) => repo.updateClass(tx, input.id, name, input.grade)))) {
    throw conflict('class_name_taken', 'This school year already has a class with this name.');
  }
  const { school_id: _, ...changed } = (await findClass(deps.db, input.id))!;
  return changed;
}

/**
 * DELETE webhook/school-class: only a class without a timetable and without quizzes, so no
 * meeting, material, hand-in, attendance or quiz result is lost (409 `class_in_use`). Its members
 * are taken out with it.
 */
export async function removeClass(deps: ApiDeps, adminId: string, id: string): Promise<void> {
  await classOfAdmin(deps, adminId, id);
  if (!(await inTransaction(deps.db, (tx) => repo.deleteUnusedClass(tx, id)))) {
    throw conflict('class_in_use', 'This class has lessons or quizzes; its students’ work would be lost.');
  }
}

/** PATCH webhook/school-subject: a name unique in the school whatever its case. */
export async function changeSubject(deps: ApiDeps, adminId: string, input: { id: string; name: string }): Promise<Subject> {
  await subjectOfAdmin(deps, adminId, input.id);
  const subject = await inTransaction(deps.db, (tx) => repo.updateSubject(tx, input.id, input.name.trim()));
  if (!subject) throw conflict('subject_name_taken', 'This school already has a subject with this name.');
  return subject;
}

/** DELETE webhook/school-subject: only a subject no timetable lesson uses (409 `subject_in_use`). */
export async function removeSubject(deps: ApiDeps, adminId: string, id: string): Promise<void> {
  await subjectOfAdmin(deps, adminId, id);
  if (!(await inTransaction(deps.db, (tx) => repo.deleteUnusedSubject(tx, id)))) {
    throw conflict('subject_in_use', 'Lessons of the timetable are of this subject; they would be lost.');
  }
}
