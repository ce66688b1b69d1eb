import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { isSilentError } from '../http/errors.ts';
import { notify } from '../shell/store.ts';
import * as calls from './api.ts';
import type { FieldError } from './rules.ts';
import type { ClassDetail, ClassImportResult, SchoolClass, SchoolPerson, SchoolYear, Subject } from './schema.ts';
import type { ClassRole } from './values.ts';

/*
 * The school pages' state: the admin area's requests, years, classes, the open class, subjects and
 * the class list being imported. Islands read these stores and call these actions; texts are
 * translated with the `t` they pass in (`schools.errors.<code>`).
 */

/** The translated text of an error code, or the general failure text. */
export function schoolErrorText(t: TFunction, code: string | undefined): string {
  return (code ? t(`schools.errors.${code}`, { defaultValue: '' }) : '') || t('schools.errors.generic');
}

/** The field errors of a failed call (every one of a form's), or of its single coded error. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const body = (error as { body?: { errors?: { code?: string; field?: string }[] } } | null)?.body;
  const list = body?.errors ?? [];
  return list.filter((e): e is FieldError => typeof e.code === 'string').map((e) => ({ code: e.code, field: e.field ?? '' }));
}

/** Shows a failed call as a translated notification. */
export function notifySchoolError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  notify('error', schoolErrorText(t, (error as { code?: string } | null)?.code));
}

export const $requests = atom<SchoolPerson[]>([]);
export const $years = atom<SchoolYear[]>([]);
export const $classes = atom<SchoolClass[]>([]);
export const $subjects = atom<Subject[]>([]);
export const $openClass = atom<ClassDetail | null>(null);
export const $importResult = atom<ClassImportResult | null>(null);
/** The id of the request, class member or form being sent, to disable its buttons. */
export const $busy = atom<string | null>(null);

async function busy<T>(key: string, run: () => Promise<T>): Promise<T> {
  $busy.set(key);
  try {
    return await run();
  } finally {
    $busy.set(null);
  }
}

/** Loads a school's requests, years and subjects. */
export async function loadSchool(schoolId: string): Promise<void> {
  const [requests, years, subjects] = await Promise.all([calls.getJoinRequests(api, schoolId), calls.getYears(api, schoolId), calls.getSubjects(api, schoolId)]);
  $requests.set(requests.data);
  $years.set(years);
  $subjects.set(subjects);
}

/** Approves or declines a request, then shows the list without it. */
export async function decide(schoolId: string, userId: string, status: 1 | 2): Promise<void> {
  await busy(userId, () => calls.decideJoinRequest(api, { school_id: schoolId, user_id: userId, status }));
  $requests.set($requests.get().filter((r) => r.user_id !== userId));
}

/** Adds a school year and lists it first. */
export async function createYear(schoolId: string, startYear: number, endYear: number): Promise<SchoolYear> {
  const year = await busy('year', () => calls.addYear(api, { school_id: schoolId, start_year: startYear, end_year: endYear }));
  $years.set([year, ...$years.get()].sort((a, b) => b.start_year - a.start_year));
  return year;
}

/** Loads the classes of a year. */
export async function loadClasses(schoolId: string, yearId: string): Promise<void> {
  $classes.set(await calls.getClasses(api, schoolId, yearId));
}

/** Adds a class to a year. */
export async function createClass(schoolId: string, yearId: string, name: string, grade: number): Promise<void> {
  await busy('class', () => calls.addClass(api, { school_id: schoolId, school_year_id: yearId, name, grade }));
  await loadClasses(schoolId, yearId);
}

/** Adds a subject. */
export async function createSubject(schoolId: string, name: string): Promise<void> {
  const subject = await busy('subject', () => calls.addSubject(api, { school_id: schoolId, name }));
  $subjects.set([...$subjects.get(), subject].sort((a, b) => a.name.localeCompare(b.name)));
}

/** Opens a class with its people (null closes it). */
export async function openClass(classId: string | null): Promise<void> {
  $openClass.set(classId ? await calls.getClassDetail(api, classId) : null);
}

/** Enrols a student or assigns a teacher to the open class. */
export async function enrol(classId: string, userId: string, role: ClassRole, subjectId?: string): Promise<void> {
  await busy('member', () => calls.addClassMember(api, { class_id: classId, user_id: userId, role, subject_id: subjectId || undefined }));
  await openClass(classId);
}

/** Takes someone out of the open class. */
export async function unenrol(classId: string, userId: string): Promise<void> {
  await busy(userId, () => calls.removeClassMember(api, { class_id: classId, user_id: userId }));
  await openClass(classId);
}

/**
 * Sends a class list: a preview first (`dryRun`), then the import. A list with bad rows comes back
 * with them (the import's 400 carries the same result as the preview).
 */
export async function sendClassList(schoolId: string, yearId: string, file: File, dryRun: boolean): Promise<ClassImportResult> {
  try {
    const result = await busy('import', () => calls.importClassList(api, { schoolId, yearId, file, dryRun }));
    $importResult.set(result);
    return result;
  } catch (error) {
    const data = (error as { body?: { data?: ClassImportResult } } | null)?.body?.data;
    if (data) {
      $importResult.set(data);
      return data;
    }
    $importResult.set(null);
    throw error;
  }
}

/** The provinces, for a form's pickers. */
export const listProvinces = () => calls.getProvinces(api);
/** The regencies and cities of a province. */
export const listRegencies = (province: string) => calls.getRegencies(api, province);
/** Schools of a regency whose name or NPSN matches. */
export const findSchools = (params: Parameters<typeof calls.getSchools>[1]) => calls.getSchools(api, params);
/** Sends a join request. */
export const askToJoin = (input: Parameters<typeof calls.sendJoinRequest>[1]) => calls.sendJoinRequest(api, input);
/** Registers a school not yet listed; the registrant becomes its admin. */
export const registerNewSchool = (input: Parameters<typeof calls.registerSchool>[1]) => calls.registerSchool(api, input);
/** A school's approved people, of one role or all. */
export const listSchoolMembers = (schoolId: string, role?: Parameters<typeof calls.getSchoolMembers>[2]) => calls.getSchoolMembers(api, schoolId, role);

/** Corrects a school year's start and end. */
export async function editYear(id: string, startYear: number, endYear: number): Promise<void> {
  const year = await busy(id, () => calls.changeYear(api, { id, start_year: startYear, end_year: endYear }));
  $years.set($years.get().map((y) => (y.id === id ? year : y)).sort((a, b) => b.start_year - a.start_year));
}

/** Removes a school year without classes. */
export async function dropYear(id: string): Promise<void> {
  await busy(id, () => calls.removeSchoolItem(api, 'school-year', id));
  $years.set($years.get().filter((y) => y.id !== id));
}

/** Renames a class or changes its grade, then lists the year's classes again. */
export async function editClass(schoolId: string, yearId: string, id: string, name: string, grade: number): Promise<void> {
  await busy(id, () => calls.changeClass(api, { id, name, grade }));
  await loadClasses(schoolId, yearId);
  if ($openClass.get()?.id === id) await openClass(id);
}

/** Removes a class without a timetable or quizzes. */
export async function dropClass(id: string): Promise<void> {
  await busy(id, () => calls.removeSchoolItem(api, 'school-class', id));
  $classes.set($classes.get().filter((c) => c.id !== id));
  if ($openClass.get()?.id === id) $openClass.set(null);
}

/** Renames a subject. */
export async function editSubject(id: string, name: string): Promise<void> {
  const subject = await busy(id, () => calls.changeSubject(api, { id, name }));
  $subjects.set($subjects.get().map((s) => (s.id === id ? subject : s)).sort((a, b) => a.name.localeCompare(b.name)));
}

/** Removes a subject no lesson uses. */
export async function dropSubject(id: string): Promise<void> {
  await busy(id, () => calls.removeSchoolItem(api, 'school-subject', id));
  $subjects.set($subjects.get().filter((s) => s.id !== id));
}
