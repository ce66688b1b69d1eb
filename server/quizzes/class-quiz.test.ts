import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { enrol, keysOf, makeSchool } from './testing.ts';

let ctx: TestContext;
let teacher: Caller;
let student: Caller;
let outsider: Caller;
let classmateElsewhere: Caller;
let school: Awaited<ReturnType<typeof makeSchool>>;

beforeAll(async () => {
  ctx = await createTestContext();
  school = await makeSchool(ctx, 0);
  const other = await makeSchool(ctx, 1);
  teacher = await createCaller(ctx, { name: 'Andi' });
  student = await createCaller(ctx, { name: 'Sekar' });
  outsider = await createCaller(ctx, { name: 'Luar' });
  classmateElsewhere = await createCaller(ctx, { name: 'Lain' });
  await enrol(ctx, school, teacher.id, 'teacher');
  await enrol(ctx, school, student.id, 'student');
  await enrol(ctx, other, outsider.id, 'student');
  await ctx.db.query(`INSERT INTO school_members (school_id, user_id, role, status, full_name) VALUES ($1, $2, 'student', 1, 'Lain')`, [school.schoolId, classmateElsewhere.id]);
});
afterAll(() => ctx.close());

const quizBody = (negative: number) => ({
  class_id: school.classId,
  title: 'Kuis Fungsi Kuadrat',
  duration_minutes: 20,
  opens_at: new Date(Date.now() - 60_000).toISOString(),
  closes_at: new Date(Date.now() + 3_600_000).toISOString(),
  passing_grade: 60,
  negative_marking: negative,
  questions: [
    { type: 'single', body: 'Akar dari x² − 4 = 0 yang positif?', points: 2, options: [{ body: '2', correct: true }, { body: '4', correct: false }, { body: '−2', correct: false }] },
    { type: 'multiple', body: 'Manakah bilangan prima?', options: [{ body: '2', correct: true }, { body: '4', correct: false }, { body: '5', correct: true }] },
    { type: 'true_false', body: '0 adalah bilangan asli.', options: [{ body: 'Benar', correct: false }, { body: 'Salah', correct: true }] },
    { type: 'numeric', body: 'Berapakah 5 ÷ 2?', answer: 2.5 },
  ],
});

describe('a teacher’s class quiz', () => {
  test('written, published, taken, scored at submission with negative marking, time extended', async () => {
    const bad = await ctx.request('POST', '/webhook/quiz-create', { token: student.token, body: quizBody(0.25) });
    expect([bad.status, bad.body.errors[0].code]).toEqual([403, 'not_class_teacher']);
    const invalid = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: { ...quizBody(0), questions: [{ type: 'single', body: 'x', options: [{ body: 'a', correct: true }, { body: 'b', correct: true }] }] } });
    expect(invalid.body.errors[0].code).toBe('invalid_correct_options');
    const created = await ctx.request('POST', '/webhook/quiz-create', { token: teacher.token, body: quizBody(0.25) });
    expect(created.status).toBe(200);
    const quizId = created.body.data.quiz_id as string;
    const start = (who: Caller, key: string) => ctx.request('POST', '/webhook/quiz-check', { token: who.token, body: { quiz_id: quizId, start_key: key } });

    expect((await start(student, 'before-publish')).body.errors[0].code).toBe('quiz_not_found');
    expect((await ctx.request('POST', '/webhook/quiz-publish', { token: teacher.token, body: { quiz_id: quizId } })).status).toBe(200);
    const foreign = await start(outsider, 'outsider-key');
    expect([foreign.status, foreign.body.errors[0].code]).toEqual([403, 'quiz_of_another_school']);
    expect((await start(classmateElsewhere, 'elsewhere-key')).body.errors[0].code).toBe('not_class_member');
    expect((await start(teacher, 'teacher-key')).body.errors[0].code).toBe('teacher_cannot_take');
    const edit = await ctx.request('POST', '/webhook/quiz-update', { token: teacher.token, body: { quiz_id: quizId, quiz: quizBody(0) } });
    expect(edit.body.errors[0].code).toBe('quiz_published');

    const started = await start(student, 'student-key-1');
    const attemptId = started.body.data.attempt_id as string;
    const extended = await ctx.request('POST', '/webhook/quiz-extend-time', { token: teacher.token, body: { quiz_id: quizId, user_id: student.id, minutes: 10 } });
    expect(extended.body.data.attempts_extended).toBe(1);
    const after = await ctx.request('GET', `/webhook/quiz-question-list?attempt_id=${attemptId}`, { token: student.token });
    expect(new Date(after.body.data.deadline_at).getTime() - new Date(started.body.data.deadline_at).getTime()).toBe(10 * 60_000);
    expect(JSON.stringify(after.body)).not.toContain('2.5');

    const [single, multiple, trueFalse, numeric] = await keysOf(ctx, quizId);
    let seq = 0;
    const answer = (questionId: string, optionIds: string[], value: number | null = null) =>
      ctx.request('POST', '/webhook/quiz-user-answer', { token: student.token, body: { attempt_id: attemptId, question_id: questionId, option_ids: optionIds, value, seq: ++seq } });
    // Hand-computed: single right +2; multiple half right = wrong −0.25; true/false wrong −0.25; numeric right +1.
    // 2.5 of 5 points = 50 %, below the passing grade of 60.
    await answer(single!.id, [single!.right[0]!]);
    await answer(multiple!.id, [multiple!.right[0]!]);
    await answer(trueFalse!.id, [trueFalse!.options.find((o) => !trueFalse!.right.includes(o))!]);
    expect((await answer(numeric!.id, [], 2.5)).status).toBe(200);
    const peek = await ctx.request('GET', `/webhook/tryout-explanation?quiz_id=${quizId}`, { token: student.token });
    expect(peek.body.errors[0].code).toBe('results_not_open');
    await ctx.request('POST', '/webhook/quiz-submit', { token: student.token, body: { attempt_id: attemptId } });

    const result = await ctx.request('GET', `/webhook/tryout-achievements?quiz_id=${quizId}`, { token: student.token });
    expect(result.body.data).toMatchObject({ scored: true, raw_score: 50, final_score: 50, passed: false });
    const review = await ctx.request('GET', `/webhook/tryout-explanation?quiz_id=${quizId}`, { token: student.token });
    expect(review.body.data.map((q: { correct: boolean }) => q.correct)).toEqual([true, false, false, true]);
    const participants = await ctx.request('GET', `/webhook/quiz-participant-list?quiz_id=${quizId}`, { token: teacher.token });
    expect(participants.body.data).toEqual([expect.objectContaining({ user_id: student.id, state: 'submitted', final_score: 50, passed: false })]);
    const report = await ctx.request('GET', `/webhook/quiz-rating-report?quiz_id=${quizId}`, { token: teacher.token });
    expect(report.body.data).toMatchObject({ participants: 1, submitted: 1, mean: 50, passed: 0 });
  });
});
