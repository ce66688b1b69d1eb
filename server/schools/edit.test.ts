import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { createSchool, slotAndMeeting, type SchoolFixture } from '../schoolday/testing.ts';

/* A school admin corrects and removes years, classes and subjects; nothing holding students' work goes. */

let ctx: TestContext;
let f: SchoolFixture;
let admin: Caller;
let otherAdmin: Caller;
let yearId: string;

async function adminOf(schoolId: string, name: string): Promise<Caller> {
  const caller = await createCaller(ctx, { name });
  await ctx.db.query(`INSERT INTO school_members (school_id, user_id, role, status, full_name) VALUES ($1, $2, 'admin', 1, $3)`, [schoolId, caller.id, name]);
  return caller;
}

const send = (method: 'PATCH' | 'DELETE', path: string, who: Caller, body: Record<string, unknown>) => ctx.request(method, `/webhook/${path}`, { token: who.token, body });
const one = async <T>(sql: string, params: unknown[]) => (await ctx.db.query<T>(sql, params)).rows[0];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(new Date('2026-11-28T02:00:00Z'));
  f = await createSchool(ctx);
  admin = await adminOf(f.schoolId, 'Admin Sekolah');
  otherAdmin = await adminOf((await createSchool(ctx)).schoolId, 'Admin Lain');
  yearId = (await one<{ id: string }>('SELECT school_year_id AS id FROM classes WHERE id = $1', [f.classId]))!.id;
});
afterAll(() => ctx.close());

describe('changing', () => {
  test('a class is renamed and regraded; its name stays unique in its year whatever its case', async () => {
    const renamed = await send('PATCH', 'school-class', admin, { id: f.otherClassId, name: 'XI IPS 3', grade: 12 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: f.otherClassId, name: 'XI IPS 3', grade: 12, student_count: 1 });
    const taken = await send('PATCH', 'school-class', admin, { id: f.otherClassId, name: 'xi ipa 1', grade: 11 });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe('class_name_taken');
    const ownCase = await send('PATCH', 'school-class', admin, { id: f.otherClassId, name: 'xi ips 3', grade: 12 });
    expect(ownCase.status).toBe(200);
    const badGrade = await send('PATCH', 'school-class', admin, { id: f.otherClassId, name: 'X', grade: 4 });
    expect(badGrade.body.errors[0].code).toBe('grade_not_of_level');
    expect((await send('PATCH', 'school-class', admin, { id: f.otherClassId, name: ' ', grade: 11 })).body.errors[0].code).toBe('class_name_required');
    expect(await one('SELECT name, grade FROM classes WHERE id = $1', [f.otherClassId])).toEqual({ name: 'xi ips 3', grade: 12 });
  });

  test('a year keeps the rules of a new one', async () => {
    const future = await send('PATCH', 'school-year', admin, { id: yearId, start_year: 2027, end_year: 2028 });
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ code: 'year_in_future', field: 'start_year' });
    const backwards = await send('PATCH', 'school-year', admin, { id: yearId, start_year: 2025, end_year: 2024 });
    expect(backwards.body.errors[0]).toMatchObject({ code: 'end_before_start', field: 'end_year' });
    await ctx.db.query('INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, 2024, 2025)', [f.schoolId]);
    const taken = await send('PATCH', 'school-year', admin, { id: yearId, start_year: 2024, end_year: 2025 });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe('school_year_exists');
    const moved = await send('PATCH', 'school-year', admin, { id: yearId, start_year: 2025, end_year: 2026 });
    expect(moved.body.data).toMatchObject({ id: yearId, start_year: 2025, end_year: 2026 });
  });

  test('a subject is renamed; its name stays unique in the school', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO subjects (school_id, name) VALUES ($1, 'Kimia') RETURNING id`, [f.schoolId]);
    const taken = await send('PATCH', 'school-subject', admin, { id: rows[0]!.id, name: 'MATEMATIKA' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe('subject_name_taken');
    const renamed = await send('PATCH', 'school-subject', admin, { id: rows[0]!.id, name: 'Kimia Dasar' });
    expect(renamed.body.data).toEqual({ id: rows[0]!.id, name: 'Kimia Dasar' });
  });
});

describe('removing', () => {
  test('what holds students’ work is refused with a 409 and stays; what is empty goes', async () => {
    await slotAndMeeting(ctx, f, '2026-11-30');
    const usedClass = await send('DELETE', 'school-class', admin, { id: f.classId });
    expect(usedClass.status).toBe(409);
    expect(usedClass.body.errors[0].code).toBe('class_in_use');
    const usedSubject = await send('DELETE', 'school-subject', admin, { id: f.subjectId });
    expect(usedSubject.status).toBe(409);
    expect(usedSubject.body.errors[0].code).toBe('subject_in_use');
    const usedYear = await send('DELETE', 'school-year', admin, { id: yearId });
    expect(usedYear.body.errors[0].code).toBe('school_year_in_use');
    expect(await one('SELECT count(*)::int AS n FROM meetings WHERE class_id = $1', [f.classId])).toEqual({ n: 1 });

    // A class with a quiz but no timetable stays too: the quiz's results hang off it.
    await ctx.db.query(
      `INSERT INTO quizzes (organization_id, kind, title, opens_at, closes_at, school_id, class_id) VALUES ($1, 'quiz', 'Kuis', now(), now() + interval '1 day', $2, $3)`,
      [ctx.config.organizationId, f.schoolId, f.otherClassId],
    );
    expect((await send('DELETE', 'school-class', admin, { id: f.otherClassId })).body.errors[0].code).toBe('class_in_use');

    // An empty class goes with its members; an unused subject goes; an empty year goes.
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO classes (school_id, school_year_id, name, grade) VALUES ($1, $2, 'XII IPA 9', 12) RETURNING id`, [f.schoolId, yearId]);
    await ctx.db.query(`INSERT INTO class_members (class_id, user_id, role) VALUES ($1, $2, 'teacher')`, [rows[0]!.id, f.teacher.id]);
    expect((await send('DELETE', 'school-class', admin, { id: rows[0]!.id })).status).toBe(200);
    expect(await one('SELECT count(*)::int AS n FROM classes WHERE id = $1', [rows[0]!.id])).toEqual({ n: 0 });
    const { rows: subject } = await ctx.db.query<{ id: string }>(`INSERT INTO subjects (school_id, name) VALUES ($1, 'Seni Rupa') RETURNING id`, [f.schoolId]);
    expect((await send('DELETE', 'school-subject', admin, { id: subject[0]!.id })).status).toBe(200);
    const { rows: empty } = await ctx.db.query<{ id: string }>('INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, 2020, 2021) RETURNING id', [f.schoolId]);
    expect((await send('DELETE', 'school-year', admin, { id: empty[0]!.id })).status).toBe(200);
    const missing = await send('DELETE', 'school-year', admin, { id: empty[0]!.id });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('school_year_not_found');
  });

  test('another school’s admin and a teacher are refused, and nothing changes', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(`INSERT INTO subjects (school_id, name) VALUES ($1, 'Sejarah') RETURNING id`, [f.schoolId]);
    const subjectId = rows[0]!.id;
    for (const who of [otherAdmin, f.teacher]) {
      const calls = [
        send('PATCH', 'school-class', who, { id: f.classId, name: 'Diganti', grade: 11 }),
        send('PATCH', 'school-year', who, { id: yearId, start_year: 2026, end_year: 2027 }),
        send('PATCH', 'school-subject', who, { id: subjectId, name: 'Diganti' }),
        send('DELETE', 'school-subject', who, { id: subjectId }),
        send('DELETE', 'school-year', who, { id: yearId }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.errors[0].code).toBe('not_school_admin');
      }
    }
    // Taking a student out of a class is the admin's too.
    const out = await ctx.request('DELETE', '/webhook/school-class-member', { token: otherAdmin.token, body: { class_id: f.classId, user_id: f.student.id } });
    expect(out.status).toBe(403);
    expect(await one('SELECT name FROM classes WHERE id = $1', [f.classId])).toEqual({ name: 'XI IPA 1' });
    expect(await one('SELECT name FROM subjects WHERE id = $1', [subjectId])).toEqual({ name: 'Sejarah' });
    expect(await one('SELECT start_year FROM school_years WHERE id = $1', [yearId])).toEqual({ start_year: 2025 });
    expect(await one('SELECT count(*)::int AS n FROM class_members WHERE class_id = $1 AND user_id = $2', [f.classId, f.student.id])).toEqual({ n: 1 });
  });
});
