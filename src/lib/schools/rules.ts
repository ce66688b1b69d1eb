import { GRADES_OF_LEVEL, type SchoolLevel } from './values.ts';

/*
 * Pure rules of schools, run the same way by the pages (before sending) and by the API (which
 * decides): what a join request must hold, which school years and classes are acceptable, and
 * how each row of an imported class list is judged.
 */

/** A failed rule on one field: `code` is the API's error code and the key of its translated message. */
export interface FieldError {
  field: string;
  code: string;
}

/** NISN: the national student number, ten digits. */
export const NISN_PATTERN = /^[0-9]{10}$/;
/** NIS: the school's own student number, 3 to 20 digits. */
export const NIS_PATTERN = /^[0-9]{3,20}$/;
/** NIK (16 digits, the identity card number) or NIP (18 digits, a civil servant's number). */
export const NIK_NIP_PATTERN = /^(?:[0-9]{16}|[0-9]{18})$/;
/** NPSN: the national school number, eight digits. */
export const NPSN_PATTERN = /^[0-9]{8}$/;
/** A plain e-mail address, as the account pages check it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longest full name, class name and subject name. */
export const NAME_MAX = 120;

/** What someone tells a school when asking to join it (the join form's fields). */
export interface JoinRequestDraft {
  province_code?: string;
  regency_code?: string;
  school_id?: string;
  status?: string;
  full_name?: string;
  gender?: string;
  nik_nip?: string;
  nis?: string;
  nisn?: string;
  grade?: number | string;
  class_label?: string;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * Every field error of a join request, in the form's order. All fields are required for the role
 * chosen as `status`: a student gives NIS, NISN, level (grade) and class; a teacher gives a NIK or
 * NIP. Each missing field has its own `<field>_required` code, each malformed one `<field>_invalid`.
 */
export function joinRequestErrors(draft: JoinRequestDraft): FieldError[] {
  const errors: FieldError[] = [];
  const need = (field: keyof JoinRequestDraft, code = `${field}_required`) => {
    if (blank(draft[field])) {
      errors.push({ field, code });
      return false;
    }
    return true;
  };
  need('province_code', 'province_required');
  need('regency_code', 'regency_required');
  need('school_id', 'school_required');
  const hasStatus = need('status');
  if (hasStatus && draft.status !== 'student' && draft.status !== 'teacher') errors.push({ field: 'status', code: 'status_invalid' });
  if (need('full_name') && String(draft.full_name).trim().length > NAME_MAX) errors.push({ field: 'full_name', code: 'full_name_invalid' });
  if (need('gender') && draft.gender !== 'L' && draft.gender !== 'P') errors.push({ field: 'gender', code: 'gender_invalid' });
  if (draft.status === 'teacher') {
    if (need('nik_nip') && !NIK_NIP_PATTERN.test(String(draft.nik_nip).trim())) errors.push({ field: 'nik_nip', code: 'nik_nip_invalid' });
  }
  if (draft.status === 'student') {
    if (need('nis') && !NIS_PATTERN.test(String(draft.nis).trim())) errors.push({ field: 'nis', code: 'nis_invalid' });
    if (need('nisn') && !NISN_PATTERN.test(String(draft.nisn).trim())) errors.push({ field: 'nisn', code: 'nisn_invalid' });
    if (need('grade', 'grade_required')) {
      const grade = Number(draft.grade);
      if (!Number.isInteger(grade) || grade < 1 || grade > 12) errors.push({ field: 'grade', code: 'grade_invalid' });
    }
    if (need('class_label', 'class_required') && String(draft.class_label).trim().length > NAME_MAX) errors.push({ field: 'class_label', code: 'class_invalid' });
  }
  return errors;
}

/**
 * A school year's errors: the start year may not be later than the current year, the end year not
 * below the start year, and a year spans at most two calendar years (July to June).
 */
export function schoolYearErrors(startYear: number, endYear: number, currentYear: number): FieldError[] {
  const errors: FieldError[] = [];
  if (!Number.isInteger(startYear) || startYear < 2000) errors.push({ field: 'start_year', code: 'start_year_invalid' });
  else if (startYear > currentYear) errors.push({ field: 'start_year', code: 'year_in_future' });
  if (!Number.isInteger(endYear)) errors.push({ field: 'end_year', code: 'end_year_invalid' });
  else if (endYear < startYear) errors.push({ field: 'end_year', code: 'end_before_start' });
  else if (endYear > startYear + 1) errors.push({ field: 'end_year', code: 'end_year_invalid' });
  return errors;
}

/** True when `grade` is taught at a school of `level` (grades 10–12 at an SMA, 1–6 at an SD ...). */
export function gradeFitsLevel(grade: number, level: SchoolLevel): boolean {
  return GRADES_OF_LEVEL[level].includes(grade);
}

// ---------------------------------------------------------------------------------------------
// Class lists (the bulk upload)

/** The columns of a class list, in this order in the example file. */
export const CLASS_LIST_COLUMNS = ['full_name', 'email', 'nis', 'nisn', 'gender', 'class_name'] as const;
export type ClassListColumn = (typeof CLASS_LIST_COLUMNS)[number];

/** Header names each column is recognised by (lower case, Indonesian and English). */
const HEADER_NAMES: Record<ClassListColumn, string[]> = {
  full_name: ['full_name', 'full name', 'nama lengkap', 'nama'],
  email: ['email', 'e-mail', 'surel'],
  nis: ['nis'],
  nisn: ['nisn'],
  gender: ['gender', 'jenis kelamin', 'l/p', 'jk'],
  class_name: ['class_name', 'class', 'kelas', 'nama kelas', 'rombel'],
};

/** A class list may hold at most this many rows besides its header. */
export const CLASS_LIST_MAX_ROWS = 2000;
/** A class list file may be at most this large (1 MB). */
export const CLASS_LIST_MAX_BYTES = 1024 * 1024;

/**
 * Where each column is in the header row, or the columns it lacks. Headers are matched without
 * regard to case, spaces around them or a leading byte order mark.
 */
export function classListHeader(header: string[]): { index: Record<ClassListColumn, number> } | { missing: ClassListColumn[] } {
  const names = header.map((cell) => cell.replace(/^\uFEFF/, '').trim().toLowerCase());
  const index = {} as Record<ClassListColumn, number>;
  const missing: ClassListColumn[] = [];
  for (const column of CLASS_LIST_COLUMNS) {
    const at = names.findIndex((name) => HEADER_NAMES[column].includes(name));
    if (at === -1) missing.push(column);
    else index[column] = at;
  }
  return missing.length > 0 ? { missing } : { index };
}

/** One row of a class list, its cells trimmed; `line` is its line in the file (the header is line 1). */
export interface ClassListRow {
  line: number;
  full_name: string;
  email: string;
  nis: string;
  nisn: string;
  gender: string;
  class_name: string;
}

/** A row's error: its line, the column at fault and the coded reason. */
export interface ClassListRowError extends FieldError {
  line: number;
}

/** Gender as written in a list: L/P, or the words in Indonesian or English. */
export function normaliseGender(text: string): 'L' | 'P' | null {
  const value = text.trim().toLowerCase();
  if (['l', 'laki-laki', 'laki laki', 'male', 'm'].includes(value)) return 'L';
  if (['p', 'perempuan', 'female', 'f'].includes(value)) return 'P';
  return null;
}

/** The rows of a table (header first) as class list rows; empty rows are skipped. */
export function classListRows(table: string[][], index: Record<ClassListColumn, number>): ClassListRow[] {
  const rows: ClassListRow[] = [];
  table.slice(1).forEach((cells, at) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const cell = (column: ClassListColumn) => (cells[index[column]] ?? '').trim();
    rows.push({
      line: at + 2,
      full_name: cell('full_name'),
      email: cell('email').toLowerCase(),
      nis: cell('nis'),
      nisn: cell('nisn'),
      gender: cell('gender'),
      class_name: cell('class_name'),
    });
  });
  return rows;
}

/**
 * The errors a row has on its own and among the rows before it: every column required and well
 * formed, and an e-mail, NIS or NISN given only once in the file.
 */
export function classListRowErrors(rows: ClassListRow[]): ClassListRowError[] {
  const errors: ClassListRowError[] = [];
  const seen = { email: new Set<string>(), nis: new Set<string>(), nisn: new Set<string>() };
  for (const row of rows) {
    const fail = (field: string, code: string) => errors.push({ line: row.line, field, code });
    if (!row.full_name) fail('full_name', 'full_name_required');
    else if (row.full_name.length > NAME_MAX) fail('full_name', 'full_name_invalid');
    if (!row.email) fail('email', 'email_required');
    else if (!EMAIL_PATTERN.test(row.email)) fail('email', 'email_invalid');
    else if (seen.email.has(row.email)) fail('email', 'email_repeated');
    if (!row.nis) fail('nis', 'nis_required');
    else if (!NIS_PATTERN.test(row.nis)) fail('nis', 'nis_invalid');
    else if (seen.nis.has(row.nis)) fail('nis', 'nis_repeated');
    if (!row.nisn) fail('nisn', 'nisn_required');
    else if (!NISN_PATTERN.test(row.nisn)) fail('nisn', 'nisn_invalid');
    else if (seen.nisn.has(row.nisn)) fail('nisn', 'nisn_repeated');
    if (!row.gender) fail('gender', 'gender_required');
    else if (!normaliseGender(row.gender)) fail('gender', 'gender_invalid');
    if (!row.class_name) fail('class_name', 'class_required');
    seen.email.add(row.email);
    seen.nis.add(row.nis);
    seen.nisn.add(row.nisn);
  }
  return errors;
}

/**
 * Parses CSV text (RFC 4180 quoting) into rows of cells. The delimiter is the header line's comma
 * or semicolon, whichever it has more of (spreadsheets set to Indonesian save with semicolons).
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The example class list offered for download: the header and two rows. */
export const CLASS_LIST_EXAMPLE = [
  'Nama Lengkap,Email,NIS,NISN,Jenis Kelamin,Kelas',
  'Sekar Ayu Lestari,siswa@demo.id,23240117,0081234561,P,XI IPA 1',
  'I Made Yoga Pratama,yoga@demo.id,23240201,0081234563,L,XI IPS 2',
].join('\n');

/** The school pages: the join form with one's own memberships, and the school admin's area. */
export const SCHOOL_PAGES = { join: '/school', admin: '/school/admin' } as const;

/** The admin area of a school, opened on a tab (`requests` is where a join notification leads). */
export function schoolAdminPath(schoolId: string, tab?: 'requests' | 'classes' | 'import'): string {
  const params = new URLSearchParams({ school: schoolId });
  if (tab) params.set('tab', tab);
  return `${SCHOOL_PAGES.admin}?${params}`;
}
