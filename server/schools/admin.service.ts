import type { ApiDeps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { gradeFitsLevel, schoolYearErrors } from '../../src/lib/schools/rules.ts';
import type { ClassDetail, SchoolClass, SchoolYear, Subject } from '../../src/lib/schools/schema.ts';
import type { ClassRole } from '../../src/lib/schools/values.ts';
import { requireSchoolAdmin, schoolRoleOf } from './membership.repository.ts';
import { decideRequest, findPerson, findSchool } from './schools.repository.ts';
import {
  classesByName,
  classPeople,
  deleteClassMember,
  findClass,
  insertClass,
  insertClassMember,
  insertSubject,
  insertYear,
  listYears,
  otherClassOfStudent,
  schoolLevel,
  subjectOfSchool,
  yearOfSchool,
} from './classes.repository.ts';
import { FieldErrors, notifyDecision } from './join.service.ts';

/*
 * The school admin's work: deciding join requests, school years, classes, subjects and who is in
 * each class. Every call first checks the caller administers the school it touches.
 */

/**
 * Approves (1) or declines (2) a waiting join request and tells the person. An approved student
 * whose class name matches a class of the school's newest year is enrolled in it.
 */
export async function decideJoinRequest(deps: ApiDeps, adminId: string, input: { school_id: string; user_id: string; status: 1 | 2 }): Promise<{ enrolled_class_id: string | null }> {
  await requireSchoolAdmin(deps.db, input.school_id, adminId);
  const school = (await findSchool(deps.db, { id: input.school_id }))!;
  return deps.db.transaction(async (tx) => {
    const person = await findPerson(tx, input.school_id, input.user_id);
    if (!person) throw notFound('join_request_not_found', 'There is no such join request.');
    if (!(await decideRequest(tx, input.school_id, input.user_id, input.status, adminId))) {
      throw conflict('join_request_decided', 'This join request has already been decided.');
    }
    let enrolled: string | null = null;
    if (input.status === 1 && person.role === 'student' && person.class_label) {
      const yearId = (await listYears(tx, input.school_id))[0]?.id;
      const match = yearId ? (await classesByName(tx, yearId)).get(person.class_label.toLowerCase()) : undefined;
      if (match && (await insertClassMember(tx, match.id, input.user_id, 'student', null))) enrolled = match.id;
    }
    await notifyDecision(tx, { schoolId: school.id, schoolName: school.name, userId: input.user_id, status: input.status, requestedAt: person.requested_at });
    return { enrolled_class_id: enrolled };
  });
}

/** Adds a school year: it may not start later than the current year, nor end before it starts. */
export async function addYear(deps: ApiDeps, adminId: string, input: { school_id: string; start_year: number; end_year: number }): Promise<SchoolYear> {
  await requireSchoolAdmin(deps.db, input.school_id, adminId);
  const errors = schoolYearErrors(input.start_year, input.end_year, deps.now().getUTCFullYear());
  if (errors.length > 0) throw new FieldErrors(errors);
  const year = await insertYear(deps.db, input.school_id, input.start_year, input.end_year);
  if (!year) throw conflict('school_year_exists', 'This school already has a year starting then.');
  return year;
}

/** Adds a class to a year of the school; its name is unique in the year, its grade one the school's level teaches. */
export async function addClass(deps: ApiDeps, adminId: string, input: { school_id: string; school_year_id: string; name: string; grade: number }): Promise<SchoolClass> {
  await requireSchoolAdmin(deps.db, input.school_id, adminId);
  if (!(await yearOfSchool(deps.db, input.school_id, input.school_year_id))) throw notFound('school_year_not_found', 'This school year does not exist.');
  const level = (await schoolLevel(deps.db, input.school_id))!;
  if (!gradeFitsLevel(input.grade, level)) throw badRequest('grade_not_of_level', 'This grade is not taught at this school.', 'grade');
  const created = await insertClass(deps.db, { schoolId: input.school_id, yearId: input.school_year_id, name: input.name.trim(), grade: input.grade });
  if (!created) throw conflict('class_name_taken', 'This school year already has a class with this name.');
  return created;
}

/** Adds a subject; its name is unique in the school. */
export async function addSubject(deps: ApiDeps, adminId: string, input: { school_id: string; name: string }): Promise<Subject> {
  await requireSchoolAdmin(deps.db, input.school_id, adminId);
  const subject = await insertSubject(deps.db, input.school_id, input.name.trim());
  if (!subject) throw conflict('subject_name_taken', 'This school already has a subject with this name.');
  return subject;
}

/** The class with its people, for the admin of its school. */
export async function classDetail(deps: ApiDeps, adminId: string, classId: string): Promise<ClassDetail> {
  const found = await findClass(deps.db, classId);
  if (!found) throw notFound('class_not_found', 'This class does not exist.');
  await requireSchoolAdmin(deps.db, found.school_id, adminId);
  return { ...found, members: await classPeople(deps.db, classId) };
}

/**
 * Enrols a student or assigns a teacher (optionally for a subject). The person must be an approved
 * member of the class's school in that role (a school admin may also teach); a student studies in
 * one class per school year.
 */
export async function addClassMember(deps: ApiDeps, adminId: string, input: { class_id: string; user_id: string; role: ClassRole; subject_id?: string }): Promise<void> {
  const found = await findClass(deps.db, input.class_id);
  if (!found) throw notFound('class_not_found', 'This class does not exist.');
  await requireSchoolAdmin(deps.db, found.school_id, adminId);
  const role = await schoolRoleOf(deps.db, found.school_id, input.user_id);
  if (!role) throw badRequest('not_school_member', 'This person is not an approved member of this school.', 'user_id');
  const fits = input.role === 'student' ? role === 'student' : role === 'teacher' || role === 'admin';
  if (!fits) throw badRequest('school_role_mismatch', `This person is not a ${input.role} of this school.`, 'role');
  if (input.subject_id && (input.role !== 'teacher' || !(await subjectOfSchool(deps.db, found.school_id, input.subject_id)))) {
    throw badRequest('invalid_subject_id', 'This subject is not one of this school.', 'subject_id');
  }
  await deps.db.transaction(async (tx) => {
    if (input.role === 'student') {
      const other = await otherClassOfStudent(tx, input.class_id, input.user_id);
      if (other) throw conflict('student_in_other_class', `This student is already in ${other} this school year.`);
    }
    if (!(await insertClassMember(tx, input.class_id, input.user_id, input.role, input.subject_id ?? null))) {
      throw conflict('already_in_class', 'This person is already in this class.');
    }
  });
}

/** Removes a student or teacher from a class. */
export async function removeClassMember(deps: ApiDeps, adminId: string, input: { class_id: string; user_id: string }): Promise<void> {
  const found = await findClass(deps.db, input.class_id);
  if (!found) throw notFound('class_not_found', 'This class does not exist.');
  await requireSchoolAdmin(deps.db, found.school_id, adminId);
  if (!(await deleteClassMember(deps.db, input.class_id, input.user_id))) throw notFound('class_member_not_found', 'This person is not in this class.');
}
