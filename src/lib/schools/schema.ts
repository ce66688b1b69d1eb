import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField as id } from '../contract/params.ts';
import { NAME_MAX, NPSN_PATTERN, NIK_NIP_PATTERN, type ClassListRow, type ClassListRowError } from './rules.ts';
import { CLASS_ROLES, SCHOOL_LEVELS, SCHOOL_STATUSES, SCHOOL_TIME_ZONES, type ClassRole, type SchoolLevel, type SchoolRole, type SchoolTimeZone } from './values.ts';

/*
 * The schools contract: places (provinces, regencies), finding and registering a school, the join
 * request, and the school admin's side (requests, years, classes, subjects, class members, the
 * class list import). Inputs are zod schemas the API validates with; answers are interfaces.
 */

const text = (error: string, max = NAME_MAX) => z.string({ error }).trim().min(1, { error }).max(max, { error });
const optionalText = z.string().trim().max(200).optional();

/** GET webhook/regency-list. */
export const regencyListQuerySchema = z.object({ province: z.string({ error: 'province_required' }).regex(/^[0-9.]{1,13}$/, { error: 'invalid_province' }) });

/** GET webhook/school-list: schools of a regency, searched by name. */
export const schoolListQuerySchema = z.object({
  regency: z.string({ error: 'regency_required' }).regex(/^[0-9.]{1,13}$/, { error: 'invalid_regency' }),
  q: searchParam,
  limit: limitParam(20, 50),
  offset: offsetParam,
});
export type SchoolListQuery = z.input<typeof schoolListQuerySchema>;

/** GET webhook/school-check?npsn=. */
export const schoolCheckQuerySchema = z.object({ npsn: z.string({ error: 'npsn_required' }).trim().regex(NPSN_PATTERN, { error: 'npsn_invalid' }) });

/**
 * POST webhook/school-join-request. Fields are checked together by `joinRequestErrors` (rules.ts),
 * which reports every missing or malformed one; this schema only shapes them.
 */
export const joinRequestSchema = z.object({
  province_code: optionalText,
  regency_code: optionalText,
  school_id: optionalText,
  status: optionalText,
  full_name: optionalText,
  gender: optionalText,
  nik_nip: optionalText,
  nis: optionalText,
  nisn: optionalText,
  grade: z.union([z.number(), z.string().max(4)]).optional(),
  class_label: optionalText,
});
export type JoinRequestInput = z.input<typeof joinRequestSchema>;

/** POST webhook/school-register: a school not yet known, by its NPSN; the registrant becomes its admin. */
export const schoolRegisterSchema = z.object({
  npsn: z.string({ error: 'npsn_required' }).trim().regex(NPSN_PATTERN, { error: 'npsn_invalid' }),
  name: text('school_name_required'),
  level: z.enum(SCHOOL_LEVELS, { error: 'level_invalid' }),
  status: z.enum(SCHOOL_STATUSES, { error: 'school_status_invalid' }),
  province_code: text('province_required', 13),
  regency_code: text('regency_required', 13),
  address: z.string().trim().max(300).optional(),
  time_zone: z.enum(SCHOOL_TIME_ZONES, { error: 'time_zone_invalid' }),
  full_name: text('full_name_required'),
  gender: z.enum(['L', 'P'], { error: 'gender_required' }),
  nik_nip: z.string({ error: 'nik_nip_required' }).trim().regex(NIK_NIP_PATTERN, { error: 'nik_nip_invalid' }),
});
export type SchoolRegisterInput = z.input<typeof schoolRegisterSchema>;

/** `school_id` of the admin's calls. */
export const schoolQuerySchema = z.object({ school_id: id('invalid_school_id') });

/** GET webhook/school-join-request-list. */
export const joinRequestListQuerySchema = z.object({ school_id: id('invalid_school_id'), limit: limitParam(50, 200), offset: offsetParam });

/** PUT webhook/school-join-verification: approve (1) or decline (2) a waiting request. */
export const joinVerificationSchema = z.object({
  school_id: id('invalid_school_id'),
  user_id: id('invalid_user_id'),
  status: z.union([z.literal(1), z.literal(2)], { error: 'invalid_status' }),
});

/** GET webhook/school-member-list: the school's approved people, optionally of one role. */
export const schoolMemberListQuerySchema = z.object({
  school_id: id('invalid_school_id'),
  role: z.enum(['admin', 'teacher', 'student'], { error: 'invalid_role' }).optional(),
  q: searchParam,
  limit: limitParam(50, 200),
  offset: offsetParam,
});

/** POST webhook/school-year. */
export const schoolYearSchema = z.object({
  school_id: id('invalid_school_id'),
  start_year: z.coerce.number({ error: 'start_year_invalid' }).int({ error: 'start_year_invalid' }),
  end_year: z.coerce.number({ error: 'end_year_invalid' }).int({ error: 'end_year_invalid' }),
});
export type SchoolYearInput = z.input<typeof schoolYearSchema>;

/** GET webhook/school-class-list. */
export const classListQuerySchema = z.object({ school_id: id('invalid_school_id'), school_year_id: id('invalid_school_year_id').optional() });

/** POST webhook/school-class. */
export const classSchema = z.object({
  school_id: id('invalid_school_id'),
  school_year_id: id('invalid_school_year_id'),
  name: text('class_name_required'),
  grade: z.coerce.number({ error: 'grade_invalid' }).int({ error: 'grade_invalid' }).min(1, { error: 'grade_invalid' }).max(12, { error: 'grade_invalid' }),
});
export type ClassInput = z.input<typeof classSchema>;

/** GET webhook/school-class-detail. */
export const classDetailQuerySchema = z.object({ class_id: id('invalid_class_id') });

/** POST webhook/school-subject. */
export const subjectSchema = z.object({ school_id: id('invalid_school_id'), name: text('subject_name_required') });

/** POST webhook/school-class-member (enrol a student or assign a teacher) and DELETE (remove). */
export const classMemberSchema = z.object({
  class_id: id('invalid_class_id'),
  user_id: id('invalid_user_id'),
  role: z.enum(CLASS_ROLES, { error: 'invalid_role' }),
  subject_id: id('invalid_subject_id').optional(),
});
export const classMemberRemoveSchema = z.object({ class_id: id('invalid_class_id'), user_id: id('invalid_user_id') });

/** PATCH webhook/school-year: a year's corrected start and end. */
export const schoolYearUpdateSchema = z.object({ id: id('invalid_id'), start_year: schoolYearSchema.shape.start_year, end_year: schoolYearSchema.shape.end_year });

/** PATCH webhook/school-class: a class's new name and grade. */
export const classUpdateSchema = z.object({ id: id('invalid_id'), name: classSchema.shape.name, grade: classSchema.shape.grade });

/** PATCH webhook/school-subject: a subject's new name. */
export const subjectUpdateSchema = z.object({ id: id('invalid_id'), name: subjectSchema.shape.name });

/** DELETE webhook/school-year, school-class, school-subject: `{ id }` of what to remove. */
export const schoolItemRemoveSchema = z.object({ id: id('invalid_id') });

/** The form fields of POST webhook/school-class-import (multipart, with `file`). */
export const classImportFieldsSchema = z.object({
  school_id: id('invalid_school_id'),
  school_year_id: id('invalid_school_year_id'),
  dry_run: z.enum(['true', 'false'], { error: 'invalid_flag' }).default('false'),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** A province or a regency. */
export interface Place {
  code: string;
  name: string;
}

/** A school as the join form and the NPSN check show it. */
export interface SchoolCard {
  id: string;
  npsn: string;
  name: string;
  level: SchoolLevel;
  status: (typeof SCHOOL_STATUSES)[number];
  province_code: string;
  regency_code: string;
  regency_name: string;
  time_zone: SchoolTimeZone;
}

/** The caller's own membership at a school (webhook/school-my-list). */
export interface MySchool {
  school: SchoolCard;
  role: SchoolRole;
  status: 0 | 1 | 2;
  requested_at: string;
}

/** A person at a school: a join request or an approved member. */
export interface SchoolPerson {
  user_id: string;
  email: string;
  role: SchoolRole;
  status: 0 | 1 | 2;
  full_name: string;
  gender: 'L' | 'P' | null;
  nik_nip: string | null;
  nis: string | null;
  nisn: string | null;
  grade: number | null;
  class_label: string | null;
  requested_at: string;
}

/** A school year. */
export interface SchoolYear {
  id: string;
  start_year: number;
  end_year: number;
}

/** A class with how many students and teachers it has. */
export interface SchoolClass {
  id: string;
  school_year_id: string;
  name: string;
  grade: number;
  student_count: number;
  teacher_count: number;
}

/** A class's member. */
export interface ClassPerson {
  user_id: string;
  full_name: string;
  email: string;
  role: ClassRole;
  nis: string | null;
  subject_id: string | null;
  subject_name: string | null;
}

/** A class with its people. */
export interface ClassDetail extends SchoolClass {
  school_id: string;
  members: ClassPerson[];
}

/** A subject. */
export interface Subject {
  id: string;
  name: string;
}

/** What a class list holds and what is wrong with it: the preview, and the answer of an import. */
export interface ClassImportResult {
  rows: ClassListRow[];
  errors: ClassListRowError[];
  /** Rows imported: 0 for a preview or a list with errors. */
  imported: number;
}
