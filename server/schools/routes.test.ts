import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';

let ctx: TestContext;
let admin: Caller;
let student: Caller;
let teacher: Caller;
let place: { code: string; province_code: string };
let otherRegency: string;
let schoolId: string;

const register = (caller: Caller, body: Record<string, unknown> = {}) =>
  ctx.request('POST', '/webhook/school-register', {
    token: caller.token,
    body: { npsn: '20219101', name: 'SMA Negeri 9 Uji', level: 'SMA', status: 'negeri', province_code: place.province_code, regency_code: place.code, time_zone: 'Asia/Jakarta', full_name: 'Ibu Admin', gender: 'P', nik_nip: '198604122010012003', ...body },
  });

const studentForm = () => ({
  province_code: place.province_code,
  regency_code: place.code,
  school_id: schoolId,
  status: 'student',
  full_name: 'Siti Pelajar',
  gender: 'P',
  nis: '2324001',
  nisn: '0081230001',
  grade: 11,
  class_label: 'XI IPA 1',
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createCaller(ctx, { name: 'Admin Sekolah' });
  student = await createCaller(ctx, { name: 'Siti' });
  teacher = await createCaller(ctx, { name: 'Pak Guru' });
  const { rows } = await ctx.db.query<{ code: string; province_code: string }>(`SELECT code, province_code FROM regencies WHERE name ILIKE 'Kota Bandung' LIMIT 1`);
  place = rows[0]!;
  otherRegency = (await ctx.db.query<{ code: string }>('SELECT code FROM regencies WHERE province_code <> $1 LIMIT 1', [place.province_code])).rows[0]!.code;
});
afterAll(() => ctx.close());

describe('places and finding a school', () => {
  test('lists provinces, the regencies of one, and refuses a malformed province', async () => {
    const provinces = await ctx.request('GET', '/webhook/province-list');
    expect(provinces.status).toBe(200);
    expect(provinces.body.data.length).toBeGreaterThan(30);
    const regencies = await ctx.request('GET', `/webhook/regency-list?province=${place.province_code}`);
    expect(regencies.body.data.some((r: { code: string }) => r.code === place.code)).toBe(true);
    expect((await ctx.request('GET', '/webhook/regency-list')).body.errors[0].code).toBe('province_required');
    expect((await ctx.request('GET', '/webhook/regency-list?province=abc')).status).toBe(400);
  });

  test('registers a school by NPSN once; the registrant is its admin', async () => {
    expect((await ctx.request('GET', '/webhook/school-check?npsn=20219101')).body.data).toEqual({ exists: false, school: null });
    expect((await ctx.request('GET', '/webhook/school-check?npsn=123')).body.errors[0].code).toBe('npsn_invalid');
    const created = await register(admin);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ role: 'admin', status: 1, school: { npsn: '20219101', time_zone: 'Asia/Jakarta' } });
    schoolId = created.body.data.school.id;
    expect((await ctx.request('GET', '/webhook/school-check?npsn=20219101')).body.data).toMatchObject({ exists: true, school: { id: schoolId } });
    const again = await register(teacher);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('npsn_taken');
  });

  test('refuses a school whose regency is not in its province, or whose zone is unknown', async () => {
    expect((await register(teacher, { npsn: '20219102', regency_code: otherRegency })).body.errors[0].code).toBe('regency_not_in_province');
    expect((await register(teacher, { npsn: '20219102', time_zone: 'Asia/Tokyo' })).body.errors[0].code).toBe('time_zone_invalid');
    expect((await register(teacher, { npsn: '20219102', nik_nip: '12' })).body.errors[0].code).toBe('nik_nip_invalid');
  });

  test('finds schools of a regency by name', async () => {
    const found = await ctx.request('GET', `/webhook/school-list?regency=${place.code}&q=negeri 9`);
    expect(found.body.data.map((s: { id: string }) => s.id)).toEqual([schoolId]);
    expect((await ctx.request('GET', `/webhook/school-list?regency=${otherRegency}&q=negeri 9`)).body.data).toEqual([]);
  });
});

describe('the join request', () => {
  test('reports every missing field of a student with its own code, and changes nothing', async () => {
    const res = await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: { school_id: schoolId, status: 'student' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      'province_required', 'regency_required', 'full_name_required', 'gender_required', 'nis_required', 'nisn_required', 'grade_required', 'class_required',
    ]);
    expect((await ctx.request('GET', '/webhook/school-my-list', { token: student.token })).body.data).toEqual([]);
  });

  test('a teacher needs a NIK or NIP; a malformed NISN has its own code', async () => {
    const { nis: _nis, nisn: _nisn, grade: _grade, class_label: _class, ...common } = studentForm();
    const res = await ctx.request('POST', '/webhook/school-join-request', { token: teacher.token, body: { ...common, status: 'teacher' } });
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual(['nik_nip_required']);
    const bad = await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: { ...studentForm(), nisn: '12345' } });
    expect(bad.body.errors).toEqual([{ code: 'nisn_invalid', message: 'nisn: nisn_invalid', field: 'nisn' }]);
    const status = await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: { ...studentForm(), status: 'admin' } });
    expect(status.body.errors[0].code).toBe('status_invalid');
  });

  test('a school outside the chosen regency, or unknown, is refused', async () => {
    expect((await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: { ...studentForm(), regency_code: otherRegency } })).body.errors[0].code).toBe('school_not_in_regency');
    expect((await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: { ...studentForm(), school_id: 'nope' } })).status).toBe(404);
  });

  test('a complete request waits, tells the admins, and cannot be sent twice', async () => {
    const res = await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: studentForm() });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ role: 'student', status: 0, school: { id: schoolId } });
    const again = await ctx.request('POST', '/webhook/school-join-request', { token: student.token, body: studentForm() });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('join_request_waiting');
    const { rows } = await ctx.db.query<{ event: string; link: string }>('SELECT event, link FROM notifications WHERE user_id = $1', [admin.id]);
    expect(rows).toEqual([{ event: 'school_join_request', link: `/school/admin?school=${schoolId}&tab=requests` }]);
  });

  test('a NIS another person of the school uses is refused', async () => {
    const res = await ctx.request('POST', '/webhook/school-join-request', { token: teacher.token, body: { ...studentForm(), nisn: '0081230099' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'nis_taken', field: 'nis' });
  });

  test('only a signed-in caller may ask', async () => {
    expect((await ctx.request('POST', '/webhook/school-join-request', { body: studentForm() })).status).toBe(401);
  });
});
