import type { ApiDeps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { CLASS_LIST_MAX_ROWS, classListHeader, classListRowErrors, classListRows, normaliseGender, type ClassListRow, type ClassListRowError } from '../../src/lib/schools/rules.ts';
import type { ClassImportResult } from '../../src/lib/schools/schema.ts';
import { requireSchoolAdmin } from './membership.repository.ts';
import { upsertMembership, usersByEmail } from './schools.repository.ts';
import { classesByName, importFacts, insertClassMember, yearOfSchool } from './classes.repository.ts';
import { readClassListFile, tooManyRows } from './class-list-file.ts';

/*
 * Importing a class list: a CSV or XLSX file whose rows (full name, e-mail, NIS, NISN, gender,
 * class) enrol students in the classes of one school year. Every row is judged before anything is
 * written; a list with any bad row imports nothing, and a good one is imported in one transaction.
 */

/** A bulk upload whose rows have errors: a 400 `bulk_upload_invalid` carrying them. */
export class BulkUploadInvalid extends Error {
  readonly result: ClassImportResult;
  constructor(result: ClassImportResult) {
    super('The class list has rows with errors; nothing was imported.');
    this.result = result;
  }
}

/**
 * Judges a class list (and unless `dryRun` imports it). Rows are judged on their own (rules.ts) and
 * against the school: the e-mail must belong to an account of the organisation, the class must
 * exist in the year, the person may not be the school's teacher or admin nor study in another class
 * of the year, and a NIS or NISN may not belong to another person of the school.
 */
export async function importClassList(
  deps: ApiDeps,
  admin: { id: string; organization_id: string },
  input: { schoolId: string; yearId: string; bytes: Uint8Array; dryRun: boolean },
): Promise<ClassImportResult> {
  await requireSchoolAdmin(deps.db, input.schoolId, admin.id);
  if (!(await yearOfSchool(deps.db, input.schoolId, input.yearId))) throw notFound('school_year_not_found', 'This school year does not exist.');
  const table = readClassListFile(input.bytes);
  if (table.length === 0) throw badRequest('file_empty', 'The class list is empty.', 'file');
  const header = classListHeader(table[0]!);
  if ('missing' in header) throw badRequest('columns_missing', `The class list lacks the columns: ${header.missing.join(', ')}.`, 'file');
  const rows = classListRows(table, header.index);
  if (rows.length === 0) throw badRequest('file_empty', 'The class list has no rows.', 'file');
  if (rows.length > CLASS_LIST_MAX_ROWS) throw tooManyRows();

  return deps.db.transaction(async (tx) => {
    const errors: ClassListRowError[] = classListRowErrors(rows);
    const classes = await classesByName(tx, input.yearId);
    const users = await usersByEmail(tx, admin.organization_id, rows.map((r) => r.email));
    const facts = await importFacts(tx, input.schoolId, input.yearId, [...users.values()], {
      nis: rows.map((r) => r.nis),
      nisn: rows.map((r) => r.nisn),
    });
    const failed = new Set(errors.map((e) => `${e.line}:${e.field}`));
    const fail = (row: ClassListRow, field: string, code: string) => {
      if (failed.has(`${row.line}:${field}`)) return;
      failed.add(`${row.line}:${field}`);
      errors.push({ line: row.line, field, code });
    };
    for (const row of rows) {
      const userId = users.get(row.email);
      const target = classes.get(row.class_name.toLowerCase());
      if (row.class_name && !target) fail(row, 'class_name', 'class_unknown');
      if (row.email && !userId) fail(row, 'email', 'email_unknown');
      if (!userId) continue;
      const member = facts.members.get(userId);
      if (member && member.role !== 'student' && member.status !== 2) fail(row, 'email', 'member_not_student');
      if (member?.class_id && target && member.class_id !== target.id) fail(row, 'class_name', 'student_in_other_class');
      for (const holder of facts.holders) {
        if (holder.user_id === userId) continue;
        if (holder.nis === row.nis) fail(row, 'nis', 'nis_taken');
        if (holder.nisn === row.nisn) fail(row, 'nisn', 'nisn_taken');
      }
    }
    errors.sort((a, b) => a.line - b.line);
    if (errors.length > 0) {
      if (input.dryRun) return { rows, errors, imported: 0 };
      throw new BulkUploadInvalid({ rows, errors, imported: 0 });
    }
    if (input.dryRun) return { rows, errors, imported: 0 };
    for (const row of rows) {
      const userId = users.get(row.email)!;
      const target = classes.get(row.class_name.toLowerCase())!;
      await upsertMembership(
        tx,
        input.schoolId,
        userId,
        { role: 'student', fullName: row.full_name, gender: normaliseGender(row.gender)!, nikNip: null, nis: row.nis, nisn: row.nisn, grade: target.grade, classLabel: target.name },
        1,
        admin.id,
      );
      await insertClassMember(tx, target.id, userId, 'student', null);
    }
    return { rows, errors, imported: rows.length };
  });
}
