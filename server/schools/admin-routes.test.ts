import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let admin: Caller;
let otherAdmin: Caller;
let student: Caller;
let teacher: Caller;
let late: Caller;
let schoolId: string;
let yearId: string;
let classId: string;
let place: { code: string; province_code: string };

async function registerSchool(caller: Caller, npsn: string): Promise<string> {
  const res = await ctx.request('POST', '/webhook/school-register', {
    token: caller.token,
    body: { npsn, name: `Sekolah ${npsn}`, level: 'SMA', status: 'swasta', province_code: place.province_code, regency_code: place.code, time_zone: 'Asia/Jakarta', full_name: 'Admin', gender: 'L', nik_nip: '1986041220100120' },
  });
  return res.body.data.school.id;
}

async function join(caller: Caller, body: Record<string, unknown>) {
  const res = await ctx.request('POST', '/webhook/school-join-request', {
    token: caller.token,
    body: { province_code: place.province_code, regency_code: place.code, school_id: schoolId, full_name: caller.name, gender: 'L', ...body },
  });
  expect(res.status).toBe(201);
}

const decide = (caller: Caller, userId: string, status: 1 | 2) => ctx.request('PUT', '/webhook/school-join-verification', { token: caller.token, body: { school_id: schoolId, user_id: userId, status } });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(new Date('2026-11-28T02:00:00Z'));
  admin = await createCaller(ctx, { name: 'Admin' });
  otherAdmin = await createCaller(ctx, { name: 'Admin Lain' });
  student = await createCaller(ctx, { name: 'Siswa Satu' });
  teacher = await createCaller(ctx, { name: 'Guru Satu' });
  late = await createCaller(ctx, { name: 'Siswa Dua' });
  place = (await ctx.db.query<{ code: string; province_code: string }>(`SELECT code, province_code FROM regencies WHERE name ILIKE 'Kota Bandung' LIMIT 1`)).rows[0]!;
  schoolId = await registerSchool(admin, '20219201');
  await registerSchool(otherAdmin, '20219202');
});
afterAll(() => ctx.close());

describe('school years, classes and subjects', () => {
  test('a year may not start after the current year nor end before it starts', async () => {
    const future = await ctx.request('POST', '/webhook/school-year', { token: admin.token, body: { school_id: schoolId, start_year: 2027, end_year: 2028 } });
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ code: 'year_in_future', field: 'start_year' });
    const backwards = await ctx.request('POST', '/webhook/school-year', { token: admin.token, body: { school_id: schoolId, start_year: 2026, end_year: 2025 } });
    expect(backwards.body.errors[0]).toMatchObject({ code: 'end_before_start', field: 'end_year' });
    const made = await ctx.request('POST', '/webhook/school-year', { token: admin.token, body: { school_id: schoolId, start_year: 2026, end_year: 2027 } });
    expect(made.status).toBe(201);
    yearId = made.body.data.id;
    const twice = await ctx.request('POST', '/webhook/school-year', { token: admin.token, body: { school_id: schoolId, start_year: 2026, end_year: 2027 } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('school_year_exists');
  });

  test('a class name is unique within its year whatever its case, and its grade fits the school', async () => {
    const made = await ctx.request('POST', '/webhook/school-class', { token: admin.token, body: { school_id: schoolId, school_year_id: yearId, name: 'XI IPA 1', grade: 11 } });
    expect(made.status).toBe(201);
    classId = made.body.data.id;
    const twice = await ctx.request('POST', '/webhook/school-class', { token: admin.token, body: { school_id: schoolId, school_year_id: yearId, name: 'xi ipa 1', grade: 11 } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('class_name_taken');
    const grade = await ctx.request('POST', '/webhook/school-class', { token: admin.token, body: { school_id: schoolId, school_year_id: yearId, name: 'VII A', grade: 7 } });
    expect(grade.body.errors[0].code).toBe('grade_not_of_level');
    const list = await ctx.request('GET', `/webhook/school-class-list?school_id=${schoolId}`, { token: admin.token });
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'XI IPA 1', student_count: 0, teacher_count: 0 })]);
  });

  test('a subject name is unique in the school', async () => {
    expect((await ctx.request('POST', '/webhook/school-subject', { token: admin.token, body: { school_id: schoolId, name: 'Fisika' } })).status).toBe(201);
    const twice = await ctx.request('POST', '/webhook/school-subject', { token: admin.token, body: { school_id: schoolId, name: 'FISIKA' } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('subject_name_taken');
  });

  test('only an admin of the school reads or changes it', async () => {
    for (const [method, path, body] of [
      ['GET', `/webhook/school-year-list?school_id=${schoolId}`, undefined],
      ['GET', `/webhook/school-join-request-list?school_id=${schoolId}`, undefined],
      ['POST', '/webhook/school-class', { school_id: schoolId, school_year_id: yearId, name: 'XI IPA 9', grade: 11 }],
      ['GET', `/webhook/school-class-detail?class_id=${classId}`, undefined],
    ] as const) {
      const res = await ctx.request(method, path, { token: otherAdmin.token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.errors[0].code).toBe('not_school_admin');
    }
  });
});

describe('join requests and class members', () => {
  test('approving a student enrols them in the class they named and tells them', async () => {
    await join(student, { status: 'student', nis: '1001', nisn: '0011223344', grade: 11, class_label: 'xi ipa 1' });
    const waiting = await ctx.request('GET', `/webhook/school-join-request-list?school_id=${schoolId}`, { token: admin.token });
    expect(waiting.body.data).toEqual([expect.objectContaining({ user_id: student.id, status: 0, nis: '1001', class_label: 'xi ipa 1' })]);
    const approved = await decide(admin, student.id, 1);
    expect(approved.body.data).toEqual({ enrolled_class_id: classId });
    expect((await decide(admin, student.id, 1)).body.errors[0].code).toBe('join_request_decided');
    const { rows } = await ctx.db.query<{ event: string }>('SELECT event FROM notifications WHERE user_id = $1', [student.id]);
    expect(rows.map((r) => r.event)).toEqual(['school_join_approved']);
    const detail = await ctx.request('GET', `/webhook/school-class-detail?class_id=${classId}`, { token: admin.token });
    expect(detail.body.data.members).toEqual([expect.objectContaining({ user_id: student.id, role: 'student', nis: '1001' })]);
  });

  test('a declined request is told, and may be sent again', async () => {
    await join(late, { status: 'student', nis: '1002', nisn: '0011223345', grade: 11, class_label: 'XI IPA 1' });
    expect((await decide(otherAdmin, late.id, 2)).status).toBe(403);
    expect((await decide(admin, late.id, 2)).status).toBe(200);
    const { rows } = await ctx.db.query<{ event: string }>('SELECT event FROM notifications WHERE user_id = $1', [late.id]);
    expect(rows.map((r) => r.event)).toEqual(['school_join_declined']);
    await join(late, { status: 'student', nis: '1002', nisn: '0011223345', grade: 11, class_label: 'XI IPA 1' });
  });

  test('a teacher is assigned with a subject; roles must match the school', async () => {
    await join(teacher, { status: 'teacher', nik_nip: '3273010101900001' });
    await decide(admin, teacher.id, 1);
    const subjects = await ctx.request('GET', `/webhook/school-subject-list?school_id=${schoolId}`, { token: admin.token });
    const subjectId = subjects.body.data[0].id;
    const asStudent = await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: teacher.id, role: 'student' } });
    expect(asStudent.body.errors[0].code).toBe('school_role_mismatch');
    const waiting = await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: late.id, role: 'student' } });
    expect(waiting.body.errors[0].code).toBe('not_school_member');
    const added = await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: teacher.id, role: 'teacher', subject_id: subjectId } });
    expect(added.status).toBe(201);
    const twice = await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: teacher.id, role: 'teacher' } });
    expect(twice.body.errors[0].code).toBe('already_in_class');
  });

  test('a student studies in one class per year; removal takes them out', async () => {
    const other = await ctx.request('POST', '/webhook/school-class', { token: admin.token, body: { school_id: schoolId, school_year_id: yearId, name: 'XI IPS 1', grade: 11 } });
    const moved = await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: other.body.data.id, user_id: student.id, role: 'student' } });
    expect(moved.status).toBe(409);
    expect(moved.body.errors[0].code).toBe('student_in_other_class');
    expect((await ctx.request('DELETE', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: student.id } })).status).toBe(200);
    expect((await ctx.request('DELETE', '/webhook/school-class-member', { token: admin.token, body: { class_id: classId, user_id: student.id } })).body.errors[0].code).toBe('class_member_not_found');
    expect((await ctx.request('POST', '/webhook/school-class-member', { token: admin.token, body: { class_id: other.body.data.id, user_id: student.id, role: 'student' } })).status).toBe(201);
  });
});
