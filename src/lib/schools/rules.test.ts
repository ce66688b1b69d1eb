import { describe, expect, test } from 'vitest';
import { classListHeader, classListRowErrors, classListRows, gradeFitsLevel, joinRequestErrors, normaliseGender, parseCsv, schoolYearErrors, CLASS_LIST_EXAMPLE } from './rules.ts';

describe('join request fields', () => {
  test('an empty form names every field a student needs, in the form order', () => {
    expect(joinRequestErrors({ status: 'student' }).map((e) => e.code)).toEqual([
      'province_required', 'regency_required', 'school_required', 'full_name_required', 'gender_required', 'nis_required', 'nisn_required', 'grade_required', 'class_required',
    ]);
  });

  test('a teacher needs a 16-digit NIK or an 18-digit NIP and no student numbers', () => {
    const base = { province_code: '32', regency_code: '32.73', school_id: 'x', status: 'teacher', full_name: 'Guru', gender: 'L' };
    expect(joinRequestErrors(base).map((e) => e.code)).toEqual(['nik_nip_required']);
    expect(joinRequestErrors({ ...base, nik_nip: '12345' }).map((e) => e.code)).toEqual(['nik_nip_invalid']);
    expect(joinRequestErrors({ ...base, nik_nip: '3273010101900001' })).toEqual([]);
    expect(joinRequestErrors({ ...base, nik_nip: '198604122010012003' })).toEqual([]);
  });

  test('blank text counts as missing; malformed numbers have their own codes', () => {
    const student = { province_code: '32', regency_code: '32.73', school_id: 'x', status: 'student', full_name: '  ', gender: 'X', nis: '12a', nisn: '123', grade: '13', class_label: 'XI' };
    expect(joinRequestErrors(student).map((e) => e.code)).toEqual(['full_name_required', 'gender_invalid', 'nis_invalid', 'nisn_invalid', 'grade_invalid']);
  });
});

describe('school years and grades', () => {
  test('a year may not start after the current year, end before it starts, or span more than two years', () => {
    expect(schoolYearErrors(2026, 2027, 2026)).toEqual([]);
    expect(schoolYearErrors(2026, 2026, 2026)).toEqual([]);
    expect(schoolYearErrors(2027, 2028, 2026).map((e) => e.code)).toEqual(['year_in_future']);
    expect(schoolYearErrors(2025, 2024, 2026).map((e) => e.code)).toEqual(['end_before_start']);
    expect(schoolYearErrors(2024, 2026, 2026).map((e) => e.code)).toEqual(['end_year_invalid']);
  });

  test('grades follow the school level', () => {
    expect(gradeFitsLevel(11, 'SMA')).toBe(true);
    expect(gradeFitsLevel(7, 'SMA')).toBe(false);
    expect(gradeFitsLevel(6, 'SD')).toBe(true);
  });
});

describe('class lists', () => {
  test('CSV: quotes, doubled quotes, CRLF, a BOM and semicolons as Indonesian spreadsheets save them', () => {
    expect(parseCsv('\uFEFFa;b;c\r\n"x;1";"say ""hi""";\r\n')).toEqual([['a', 'b', 'c'], ['x;1', 'say "hi"', '']]);
    expect(parseCsv('a,b\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('a,b\n"line\nbreak",2\n')).toEqual([['a', 'b'], ['line\nbreak', '2']]);
  });

  test('headers are found in Indonesian or English, in any order; missing ones are named', () => {
    const header = classListHeader(['Kelas', 'EMAIL', 'Nama Lengkap', 'NISN', 'NIS', 'Jenis Kelamin']);
    expect(header).toEqual({ index: { full_name: 2, email: 1, nis: 4, nisn: 3, gender: 5, class_name: 0 } });
    expect(classListHeader(['Full name', 'Email'])).toEqual({ missing: ['nis', 'nisn', 'gender', 'class_name'] });
  });

  test('rows keep their file line, skip blank lines, and are judged on their own and against earlier rows', () => {
    const table = parseCsv('nama,email,nis,nisn,jk,kelas\nA,a@x.id,101,0000000001,L,X-1\n\n,b@x,10x,1,Q,\nC,A@X.ID,101,0000000001,perempuan,X-1\n');
    const header = classListHeader(table[0]!);
    if (!('index' in header)) throw new Error('header');
    const rows = classListRows(table, header.index);
    expect(rows.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(classListRowErrors(rows)).toEqual([
      { line: 4, field: 'full_name', code: 'full_name_required' },
      { line: 4, field: 'email', code: 'email_invalid' },
      { line: 4, field: 'nis', code: 'nis_invalid' },
      { line: 4, field: 'nisn', code: 'nisn_invalid' },
      { line: 4, field: 'gender', code: 'gender_invalid' },
      { line: 4, field: 'class_name', code: 'class_required' },
      { line: 5, field: 'email', code: 'email_repeated' },
      { line: 5, field: 'nis', code: 'nis_repeated' },
      { line: 5, field: 'nisn', code: 'nisn_repeated' },
    ]);
  });

  test('gender words in both languages, and the example file is a valid list', () => {
    expect(['L', 'laki-laki', 'Male'].map(normaliseGender)).toEqual(['L', 'L', 'L']);
    expect(['P', 'Perempuan', 'female'].map(normaliseGender)).toEqual(['P', 'P', 'P']);
    expect(normaliseGender('x')).toBeNull();
    const table = parseCsv(CLASS_LIST_EXAMPLE);
    const header = classListHeader(table[0]!);
    if (!('index' in header)) throw new Error('header');
    expect(classListRowErrors(classListRows(table, header.index))).toEqual([]);
  });
});
