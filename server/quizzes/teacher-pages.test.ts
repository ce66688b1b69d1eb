import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { enrol, makeSchool } from './testing.ts';

/*
 * What the teacher's pages read: the list holds only the quizzes of the classes the caller
 * teaches (drafts included), the classes to write for with their zone; a quiz is read back as
 * written, keys included, by its class's teachers only; the participants show who handed in.
 */

let ctx: TestContext;
let teacher: Caller;
let otherTeacher: Caller;
let student: Caller;
let nobody: Caller;
let school: Awaited<ReturnType<typeof makeSchool>>;
let other: Awaited<ReturnType<typeof makeSchool>>;

beforeAll(async () => {
  ctx = await createTestContext();
  school = await makeSchool(ctx, 0);
  other = await makeSchool(ctx, 1);
  await ctx.db.query(`UPDATE schools SET time_zone = 'Asia/Makassar' WHERE id = $1`, [school.schoolId]);
  teacher = await createCaller(ctx, { name: 'Andi' });
  otherTeacher = await createCaller(ctx, { name: 'Bagus' });
  student = await createCaller(ctx, { name: 'Sekar' });
  nobody = await createCaller(ctx, { name: 'Pembaca' });
  await enrol(ctx, school, teacher.id, 'teacher');
  await enrol(ctx, school, student.id, 'student');
  await enrol(ctx, other, otherTeacher.id, 'teacher');
});
afterAll(() => ctx.close());

const quiz = (classId: string, title: string) => ({
  class_id: classId,
  title,
  description: 'Bab 3',
  duration_minutes: 25,
  opens_at: new Date(Date.now() - 60_000).toISOString(),
  closes_at: new Date(Date.now() + 3_600_000).toISOString(),
  passing_grade: 65,
  questions: [
    { type: 'single', body: '2 + 2?', explanation: 'Jumlahkan.', options: [{ body: '4', correct: true }, { body: '5', correct: false }] },
    { type: 'numeric', body: '10 ÷ 4?', answer: 2.5, points: 2 },
  ],
});

const create = async (who: Caller, body: ReturnType<typeof quiz>) => {
  const res = await ctx.request('POST', '/webhook/quiz-create', { token: who.token, body });
  expect(res.status).toBe(200);
  return res.body.data.quiz_id as string;
};

describe('the teacher’s quiz list and a quiz read back', () => {
  test('lists only the caller’s classes’ quizzes, drafts included, with the classes and their zone', async () => {
    const mine = await create(teacher, quiz(school.classId, 'Kuis Statistika'));
    const theirs = await create(otherTeacher, quiz(other.classId, 'Kuis Lain'));
    await ctx.request('POST', '/webhook/quiz-publish', { token: otherTeacher.token, body: { quiz_id: theirs } });

    const list = await ctx.request('GET', '/webhook/quiz-teacher-list', { token: teacher.token });
    expect(list.status).toBe(200);
    expect(list.body.meta.classes).toEqual([{ id: school.classId, name: 'XI IPA 1', school_name: expect.any(String), time_zone: 'Asia/Makassar' }]);
    expect(list.body.data).toEqual([expect.objectContaining({
      id: mine, title: 'Kuis Statistika', class_name: 'XI IPA 1', time_zone: 'Asia/Makassar', published: false, window: 'open',
      question_count: 2, duration_seconds: 25 * 60, participant_count: 0, submitted_count: 0,
    })]);
    const theirList = await ctx.request('GET', '/webhook/quiz-teacher-list', { token: otherTeacher.token });
    expect(theirList.body.data.map((q: { id: string }) => q.id)).toEqual([theirs]);
    for (const who of [student, nobody]) {
      const none = await ctx.request('GET', '/webhook/quiz-teacher-list', { token: who.token });
      expect([none.status, none.body.data, none.body.meta.classes]).toEqual([200, [], []]);
    }
    expect((await ctx.request('GET', '/webhook/quiz-teacher-list')).status).toBe(401);
  });

  test('reads a quiz back as written for its teacher only, and a change round-trips', async () => {
    const id = await create(teacher, quiz(school.classId, 'Kuis Peluang'));
    const read = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${id}`, { token: teacher.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id, class_id: school.classId, class_name: 'XI IPA 1', time_zone: 'Asia/Makassar', title: 'Kuis Peluang', description: 'Bab 3',
      duration_minutes: 25, passing_grade: 65, published: false,
      questions: [
        { type: 'single', body: '2 + 2?', explanation: 'Jumlahkan.', points: 1, answer: null, image_url: null, options: [{ body: '4', correct: true }, { body: '5', correct: false }] },
        { type: 'numeric', body: '10 ÷ 4?', answer: 2.5, points: 2, image_url: null, options: [] },
      ],
    });
    const { id: _id, class_name: _c, school_name: _s, time_zone: _z, window: _w, published: _p, published_at: _pa, scored: _sc, server_time: _t, ...written } = read.body.data;
    const changed = { ...written, title: 'Kuis Peluang (revisi)' };
    expect((await ctx.request('POST', '/webhook/quiz-update', { token: teacher.token, body: { quiz_id: id, quiz: changed } })).status).toBe(200);
    const again = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${id}`, { token: teacher.token });
    expect(again.body.data).toMatchObject({ title: 'Kuis Peluang (revisi)', questions: read.body.data.questions });

    const byStudent = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${id}`, { token: student.token });
    expect([byStudent.status, byStudent.body.errors[0].code]).toEqual([404, 'quiz_not_found']);
    await ctx.request('POST', '/webhook/quiz-publish', { token: teacher.token, body: { quiz_id: id } });
    const published = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${id}`, { token: student.token });
    expect([published.status, published.body.errors[0].code]).toEqual([403, 'not_class_teacher']);
    const foreign = await ctx.request('GET', `/webhook/quiz-teacher-detail?quiz_id=${id}`, { token: otherTeacher.token });
    expect([foreign.status, foreign.body.errors[0].code]).toEqual([403, 'quiz_of_another_school']);
    const bad = await ctx.request('GET', '/webhook/quiz-teacher-detail?quiz_id=nope', { token: teacher.token });
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, 'invalid_quiz_id']);
  });

  test('the participants tell the teacher who handed in and how, and the new deadline after an extension', async () => {
    const id = await create(teacher, quiz(school.classId, 'Kuis Barisan'));
    await ctx.request('POST', '/webhook/quiz-publish', { token: teacher.token, body: { quiz_id: id } });
    const started = await ctx.request('POST', '/webhook/quiz-check', { token: student.token, body: { quiz_id: id, start_key: 'teacher-pages-1' } });
    const attemptId = started.body.data.attempt_id as string;
    const list = async (who: Caller) => (await ctx.request('GET', `/webhook/quiz-participant-list?quiz_id=${id}`, { token: who.token })).body.data;
    expect(await list(teacher)).toEqual([expect.objectContaining({ user_id: student.id, state: 'in_progress', submitted_by: null, deadline_at: started.body.data.deadline_at })]);
    await ctx.request('POST', '/webhook/quiz-extend-time', { token: teacher.token, body: { quiz_id: id, minutes: 5 } });
    const [extended] = await list(teacher);
    expect(Date.parse(extended.deadline_at) - Date.parse(started.body.data.deadline_at)).toBe(5 * 60_000);
    await ctx.request('POST', '/webhook/quiz-submit', { token: student.token, body: { attempt_id: attemptId } });
    expect(await list(teacher)).toEqual([expect.objectContaining({ state: 'submitted', submitted_by: 'student', passed: false })]);
    expect((await list(student))[0]).not.toHaveProperty('submitted_by');
    const listed = await ctx.request('GET', '/webhook/quiz-teacher-list', { token: teacher.token });
    expect(listed.body.data.find((q: { id: string }) => q.id === id)).toMatchObject({ published: true, participant_count: 1, submitted_count: 1 });
  });
});
