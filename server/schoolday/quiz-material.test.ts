import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createSchool, slotAndMeeting, type SchoolFixture } from './testing.ts';

/* A teacher adds a published quiz of the meeting's class as a material; students find it there. */

let ctx: TestContext;
let f: SchoolFixture;
let meetingId: string;

async function quiz(classId: string | null, title: string, published = true, kind: 'quiz' | 'tryout' = 'quiz'): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO quizzes (organization_id, kind, title, opens_at, closes_at, school_id, class_id, published_at)
     VALUES ($1, $2, $3, now(), now() + interval '7 days', $4, $5, $6) RETURNING id`,
    [ctx.config.organizationId, kind, title, classId ? f.schoolId : null, classId, published ? new Date().toISOString() : null],
  );
  return rows[0]!.id;
}

const add = (token: string, body: Record<string, unknown>) => ctx.request('POST', '/webhook/subject-material', { token, body: { meeting_id: meetingId, kind: 'quiz', ...body } });

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createSchool(ctx);
  ({ meetingId } = await slotAndMeeting(ctx, f, '2026-11-30'));
});
afterAll(() => ctx.close());

describe('a quiz as a material', () => {
  test('the teacher picks one of the class’s published quizzes; the students see it with its link', async () => {
    const id = await quiz(f.classId, 'Kuis Aljabar');
    await quiz(f.classId, 'Kuis Draf', false);
    await quiz(f.otherClassId, 'Kuis Kelas Lain');
    const teacher = await ctx.request('GET', `/webhook/schedule-detail-teacher?id=${meetingId}`, { token: f.teacher.token });
    expect(teacher.body.data.quizzes).toEqual([{ id, title: 'Kuis Aljabar' }]);
    const added = await add(f.teacher.token, { quiz_id: id });
    expect(added.status).toBe(201);
    const student = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(student.body.data.materials).toEqual([expect.objectContaining({ kind: 'quiz', title: 'Kuis Aljabar', quiz: { id, title: 'Kuis Aljabar' } })]);
    expect(student.body.data.quizzes).toBeUndefined();
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND event = $2', [f.student.id, 'schedule_material']);
    expect(rows[0]).toEqual({ n: 1 });
  });

  test('a quiz of another class, a draft, a tryout or an unknown quiz is refused with a code, and nothing is added', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meeting_materials WHERE meeting_id = $1', [meetingId])).rows[0]!.n;
    const before = await count();
    const other = await add(f.teacher.token, { quiz_id: await quiz(f.otherClassId, 'Lain') });
    expect(other.status).toBe(400);
    expect(other.body.errors[0]).toMatchObject({ code: 'quiz_not_of_class', field: 'quiz_id' });
    expect((await add(f.teacher.token, { quiz_id: await quiz(f.classId, 'Draf', false) })).body.errors[0].code).toBe('quiz_not_published');
    const tryout = await add(f.teacher.token, { quiz_id: await quiz(null, 'Tryout', true, 'tryout') });
    expect(tryout.status).toBe(404);
    expect(tryout.body.errors[0].code).toBe('quiz_not_found');
    expect((await add(f.teacher.token, { quiz_id: 'bukan-id' })).body.errors[0].code).toBe('invalid_quiz_id');
    const byStudent = await add(f.student.token, { quiz_id: await quiz(f.classId, 'Kuis Siswa') });
    expect(byStudent.status).toBe(403);
    expect(byStudent.body.errors[0].code).toBe('not_class_teacher');
    expect(await count()).toBe(before);
  });
});
