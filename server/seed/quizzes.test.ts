import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestContext } from '../test/context.ts';
import { createDemoContext } from '../test/demo.ts';
import { signIn } from '../test/catalogue.ts';
import { generateQuestions } from './quiz-questions.ts';

let ctx: TestContext;
const user = async (key: string) => (await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [`${key}@demo.id`])).rows[0]!;

beforeAll(async () => {
  ctx = await createDemoContext();
});
afterAll(() => ctx.close());

describe('the demo quizzes', () => {
  test('three free tryouts, a paid package in the UTBK shape, and a class quiz, every question with one key', async () => {
    const { rows } = await ctx.db.query<{ title: string; kind: string; price: number; subtests: number; questions: number }>(
      `SELECT q.title, q.kind, q.price, (SELECT count(*)::int FROM quiz_subtests s WHERE s.quiz_id = q.id) AS subtests,
              (SELECT count(*)::int FROM quiz_questions x WHERE x.quiz_id = q.id) AS questions FROM quizzes q ORDER BY q.title`,
    );
    expect(rows.filter((r) => r.kind === 'tryout' && r.price === 0)).toHaveLength(3);
    expect(rows.find((r) => r.title === 'Latihan Kilat Berhitung SMP')).toMatchObject({ subtests: 2, questions: 8 });
    expect(rows.find((r) => r.price > 0)).toMatchObject({ subtests: 7, questions: 210 });
    expect(rows.find((r) => r.kind === 'quiz')).toMatchObject({ title: 'Kuis Aljabar: Persamaan Linear', questions: 10 });
    const keys = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quiz_questions q WHERE q.type IN ('single', 'true_false')
          AND (SELECT count(*) FROM quiz_options o WHERE o.question_id = q.id AND o.correct) <> 1`,
    );
    expect(keys.rows[0]!.n).toBe(0);
    const reading = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM quiz_questions WHERE body LIKE 'Bacalah teks berikut.%'`);
    expect(reading.rows[0]!.n).toBeGreaterThan(20);
  });

  test('generated answers are right: each arithmetic key recomputed from its question', () => {
    for (const q of generateQuestions(42, 60, ['arithmetic', 'equation', 'sequence'])) {
      const right = q.options.find((o) => o.correct)?.body.replace(/\./g, '').replace('−', '-');
      let m = /^Hasil dari (\d+) \+ (\d+) × (\d+)/.exec(q.body);
      if (m) expect(Number(right)).toBe(Number(m[1]) + Number(m[2]) * Number(m[3]));
      m = /^Jika (\d+)x ([+−]) (\d+) = (-?\d+)/.exec(q.body);
      if (m) expect(Number(right) * Number(m[1]) + (m[2] === '+' ? 1 : -1) * Number(m[3])).toBe(Number(m[4]));
      m = /barisan ([\d, ]+), …/.exec(q.body);
      if (m) {
        const terms = m[1]!.split(', ').map(Number);
        expect(q.answer).toBe(terms[4]! + (terms[1]! - terms[0]!));
      }
    }
  });

  test('the arithmetic drill: two linear one-minute rounds for junior high, each key its sum', async () => {
    const { rows } = await ctx.db.query<{ body: string; right: string; seconds: number; level: string; subject_group: string; linear: boolean }>(
      `SELECT x.body, o.body AS right, s.duration_seconds AS seconds, q.level, q.subject_group, q.linear
         FROM quizzes q JOIN quiz_subtests s ON s.quiz_id = q.id JOIN quiz_questions x ON x.subtest_id = s.id JOIN quiz_options o ON o.question_id = x.id AND o.correct
        WHERE q.title = 'Latihan Kilat Berhitung SMP'`,
    );
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      expect(r).toMatchObject({ seconds: 60, level: 'SMP', subject_group: 'mapel', linear: true });
      const [a, op, b] = r.body.split(' ');
      expect(Number(r.right)).toBe(op === '×' ? Number(a) * Number(b) : Number(a) / Number(b));
    }
  });

  test('the closed tryout has results and rankings; Sekar has one tryout in progress with time left', async () => {
    const sekar = await user('siswa');
    const token = await signIn(ctx, sekar);
    const list = await ctx.request('GET', '/webhook/tryout-list', { token });
    expect(list.body.data).toHaveLength(4);
    const closed = list.body.data.find((t: { window: string }) => t.window === 'closed');
    const ranking = await ctx.request('GET', `/webhook/quiz-rating-list?quiz_id=${closed.id}&scope=school`, { token });
    expect(ranking.body.data.length).toBeGreaterThanOrEqual(3);
    expect(ranking.body.meta.ready).toBe(true);
    const mine = await ctx.request('GET', `/webhook/tryout-achievements?quiz_id=${closed.id}`, { token });
    expect(mine.body.data.final_score).toEqual(expect.any(Number));

    const { rows } = await ctx.db.query<{ id: string; deadline_at: Date }>('SELECT id, deadline_at FROM quiz_attempts WHERE user_id = $1 AND submitted_at IS NULL', [sekar.id]);
    expect(rows).toHaveLength(1);
    const questions = await ctx.request('GET', `/webhook/quiz-question-list?attempt_id=${rows[0]!.id}`, { token });
    expect(new Date(questions.body.data.subtest_deadline_at).getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    expect(questions.body.data.answers.length).toBeGreaterThan(0);
  });

  test('Pak Andi sees Rina’s result of his class quiz', async () => {
    const token = await signIn(ctx, await user('andi'));
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM quizzes WHERE kind = 'quiz'`);
    const participants = await ctx.request('GET', `/webhook/quiz-participant-list?quiz_id=${rows[0]!.id}`, { token });
    expect(participants.body.data).toEqual([expect.objectContaining({ name: 'Rina Marpaung', state: 'submitted', final_score: expect.any(Number) })]);
  });
});
