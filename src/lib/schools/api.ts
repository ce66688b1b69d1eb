import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { ClassDetail, ClassImportResult, JoinRequestInput, MySchool, Place, SchoolCard, SchoolClass, SchoolPerson, SchoolRegisterInput, SchoolYear, Subject } from './schema.ts';
import type { ClassRole, SchoolRole } from './values.ts';

/* Calls of schools: places, finding and joining a school, and the school admin's area. */

/** GET webhook/province-list. */
export async function getProvinces(http: HttpClient): Promise<Place[]> {
  return (await http.get<{ data: Place[] }>('webhook/province-list')).data;
}

/** GET webhook/regency-list. */
export async function getRegencies(http: HttpClient, province: string): Promise<Place[]> {
  return (await http.get<{ data: Place[] }>('webhook/regency-list', { province })).data;
}

/** GET webhook/school-list: schools of a regency, by name. */
export function getSchools(http: HttpClient, params: { regency: string; q?: string; limit?: number }): Promise<ListBody<SchoolCard>> {
  return http.get<ListBody<SchoolCard>>('webhook/school-list', { ...params });
}

/** GET webhook/school-my-list: the caller's requests and memberships. */
export async function getMySchools(http: HttpClient): Promise<MySchool[]> {
  return (await http.get<{ data: MySchool[] }>('webhook/school-my-list')).data;
}

/** POST webhook/school-join-request. */
export async function sendJoinRequest(http: HttpClient, input: JoinRequestInput): Promise<MySchool> {
  return (await http.post<ItemBody<MySchool>>('webhook/school-join-request', input)).data;
}

/** GET webhook/school-join-request-list: requests waiting at a school. */
export function getJoinRequests(http: HttpClient, schoolId: string): Promise<ListBody<SchoolPerson>> {
  return http.get<ListBody<SchoolPerson>>('webhook/school-join-request-list', { school_id: schoolId, limit: 200 });
}

/** PUT webhook/school-join-verification: approve (1) or decline (2). */
export async function decideJoinRequest(http: HttpClient, input: { school_id: string; user_id: string; status: 1 | 2 }): Promise<void> {
  await http.put('webhook/school-join-verification', input);
}

/** GET webhook/school-member-list: approved people of a school, of one role. */
export function getSchoolMembers(http: HttpClient, schoolId: string, role?: SchoolRole): Promise<ListBody<SchoolPerson>> {
  return http.get<ListBody<SchoolPerson>>('webhook/school-member-list', { school_id: schoolId, role, limit: 200 });
}

/** GET webhook/school-year-list. */
export async function getYears(http: HttpClient, schoolId: string): Promise<SchoolYear[]> {
  return (await http.get<{ data: SchoolYear[] }>('webhook/school-year-list', { school_id: schoolId })).data;
}

/** POST webhook/school-year. */
export async function addYear(http: HttpClient, input: { school_id: string; start_year: number; end_year: number }): Promise<SchoolYear> {
  return (await http.post<ItemBody<SchoolYear>>('webhook/school-year', input)).data;
}

/** GET webhook/school-class-list. */
export async function getClasses(http: HttpClient, schoolId: string, yearId: string): Promise<SchoolClass[]> {
  return (await http.get<{ data: SchoolClass[] }>('webhook/school-class-list', { school_id: schoolId, school_year_id: yearId })).data;
}

/** POST webhook/school-class. */
export async function addClass(http: HttpClient, input: { school_id: string; school_year_id: string; name: string; grade: number }): Promise<SchoolClass> {
  return (await http.post<ItemBody<SchoolClass>>('webhook/school-class', input)).data;
}

/** GET webhook/school-class-detail. */
export async function getClassDetail(http: HttpClient, classId: string): Promise<ClassDetail> {
  return (await http.get<ItemBody<ClassDetail>>('webhook/school-class-detail', { class_id: classId })).data;
}

/** GET webhook/school-subject-list. */
export async function getSubjects(http: HttpClient, schoolId: string): Promise<Subject[]> {
  return (await http.get<{ data: Subject[] }>('webhook/school-subject-list', { school_id: schoolId })).data;
}

/** POST webhook/school-subject. */
export async function addSubject(http: HttpClient, input: { school_id: string; name: string }): Promise<Subject> {
  return (await http.post<ItemBody<Subject>>('webhook/school-subject', input)).data;
}

/** POST webhook/school-class-member: enrol a student or assign a teacher. */
export async function addClassMember(http: HttpClient, input: { class_id: string; user_id: string; role: ClassRole; subject_id?: string }): Promise<void> {
  await http.post('webhook/school-class-member', input);
}

/** DELETE webhook/school-class-member. */
export async function removeClassMember(http: HttpClient, input: { class_id: string; user_id: string }): Promise<void> {
  await http.delete('webhook/school-class-member', input);
}

/** POST webhook/school-class-import: a preview (`dryRun`) or the import of a class list file. */
export async function importClassList(http: HttpClient, input: { schoolId: string; yearId: string; file: File; dryRun: boolean }): Promise<ClassImportResult> {
  const form = new FormData();
  form.set('school_id', input.schoolId);
  form.set('school_year_id', input.yearId);
  form.set('dry_run', String(input.dryRun));
  form.set('file', input.file);
  return (await http.post<ItemBody<ClassImportResult>>('webhook/school-class-import', form)).data;
}

/** POST webhook/school-register: a new school by NPSN, with the caller as its admin. */
export async function registerSchool(http: HttpClient, input: SchoolRegisterInput): Promise<MySchool> {
  return (await http.post<ItemBody<MySchool>>('webhook/school-register', input)).data;
}

/** PATCH webhook/school-year. */
export async function changeYear(http: HttpClient, input: { id: string; start_year: number; end_year: number }): Promise<SchoolYear> {
  return (await http.patch<ItemBody<SchoolYear>>('webhook/school-year', input)).data;
}

/** PATCH webhook/school-class. */
export async function changeClass(http: HttpClient, input: { id: string; name: string; grade: number }): Promise<SchoolClass> {
  return (await http.patch<ItemBody<SchoolClass>>('webhook/school-class', input)).data;
}

/** PATCH webhook/school-subject. */
export async function changeSubject(http: HttpClient, input: { id: string; name: string }): Promise<Subject> {
  return (await http.patch<ItemBody<Subject>>('webhook/school-subject', input)).data;
}

/** DELETE webhook/school-year, school-class or school-subject. */
export async function removeSchoolItem(http: HttpClient, kind: 'school-year' | 'school-class' | 'school-subject', id: string): Promise<void> {
  await http.delete(`webhook/${kind}`, { id });
}
