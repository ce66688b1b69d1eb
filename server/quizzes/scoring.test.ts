import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { itemWeight, weightedScore } from '../../src/lib/quizzes/rules.ts';
import { enrol, keysOf, makeSchool, makeTryout } from './testing.ts';
import { sweepQuizzes } from './scoring.service.ts';

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const minute = 60_000;

describe('a tryout is scored finally after its window closed and ranked in every scope', () => {
  test('item weights from the share right, no negative marks, ties by time then submission', async () => {
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    ctx.setNow(t0);
    try {
      const quizId = await makeTryout(ctx, { counts: [2], minutes: [60], opens_at: new Date(t0.getTime() - minute), closes_at: new Date(t0.getTime() + 60 * minute), passing_grade: 500 });
      const [q1, q2] = await keysOf(ctx, quizId);
      const s1 = await makeSchool(ctx, 0);
      const s2 = await makeSchool(ctx, 400);
      const names = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
      const people = new Map<string, Caller>();
      for (const n of names) people.set(n, await createCaller(ctx, { name: n }));
      await enrol(ctx, s1, people.get('A')!.id, 'student');
      await enrol(ctx, s1, people.get('B')!.id, 'student');
      await enrol(ctx, s2, people.get('C')!.id, 'student');
      await enrol(ctx, s2, people.get('E')!.id, 'student');
      // Who answers what (r right, w wrong, - nothing), when they start and hand in (minutes after t0).
      const plan: Record<string, { q1: string; q2: string; start: number; end: number }> = {
        A: { q1: 'r', q2: 'r', start: 0, end: 10 },
        B: { q1: 'r', q2: 'w', start: 0, end: 20 },
        C: { q1: 'r', q2: '-', start: 0, end: 20 },
        D: { q1: 'w', q2: 'w', start: 0, end: 5 },
        E: { q1: 'r', q2: 'w', start: 0, end: 25 },
        F: { q1: 'r', q2: 'w', start: 1, end: 21 },
      };
      const attempts = new Map<string, string>();
      for (const n of names) {
        const who = people.get(n)!;
        ctx.setNow(new Date(t0.getTime() + plan[n]!.start * minute));
        const attemptId = (await ctx.request('POST', '/webhook/quiz-check', { token: who.token, body: { quiz_id: quizId, start_key: `start-${n}-key` } })).body.data.attempt_id as string;
        attempts.set(n, attemptId);
        for (const [q, mark] of [[q1!, plan[n]!.q1], [q2!, plan[n]!.q2]] as const) {
          if (mark === '-') continue;
          const option = mark === 'r' ? q.right[0]! : q.options.find((o) => !q.right.includes(o))!;
          await ctx.request('POST', '/webhook/quiz-user-answer', { token: who.token, body: { attempt_id: attemptId, question_id: q.id, option_ids: [option], seq: ++seq } });
        }
      }
      for (const n of names) {
        ctx.setNow(new Date(t0.getTime() + plan[n]!.end * minute));
        const res = await ctx.request('POST', '/webhook/quiz-submit', { token: people.get(n)!.token, body: { attempt_id: attempts.get(n) } });
        expect(res.status).toBe(200);
      }
      // Provisional: right answers over questions, 0–1000, and no final score or ranks yet.
      const early = await ctx.request('GET', `/webhook/tryout-achievements?quiz_id=${quizId}`, { token: people.get('B')!.token });
      expect(early.body.data).toMatchObject({ scored: false, raw_score: 500, final_score: null, passed: null, ranks: [] });
      const hidden = await ctx.request('GET', `/webhook/tryout-explanation?quiz_id=${quizId}`, { token: people.get('B')!.token });
      expect([hidden.status, hidden.body.errors[0].code]).toEqual([403, 'results_not_open']);

      ctx.setNow(new Date(t0.getTime() + 60 * minute + 10_000));
      expect((await sweepQuizzes(ctx.deps)).scored).toBeGreaterThanOrEqual(1);

      // Hand-computed: 6 takers; q1 right 5 times → p = 5.5/7, w1 = ln(1.5/5.5) + 3 ≈ 1.7007;
      // q2 right once → p = 1.5/7, w2 = ln(5.5/1.5) + 3 ≈ 4.2993; sum 6. B: 1000 × 1.7007 / 6 = 283.45.
      expect(itemWeight(5, 6) + itemWeight(1, 6)).toBeCloseTo(6, 10);
      expect(weightedScore([itemWeight(5, 6), itemWeight(1, 6)], [true, false])).toBe(283.45);
      const finals = await ctx.db.query<{ user_id: string; final_score: number; passed: boolean }>('SELECT user_id, final_score::float8 AS final_score, passed FROM quiz_attempts WHERE quiz_id = $1', [quizId]);
      const finalOf = (n: string) => finals.rows.find((r) => r.user_id === people.get(n)!.id)!;
      expect(finalOf('A')).toMatchObject({ final_score: 1000, passed: true });
      expect(finalOf('B')).toMatchObject({ final_score: 283.45, passed: false });
      expect(finalOf('C').final_score).toBe(283.45);
      expect(finalOf('D')).toMatchObject({ final_score: 0, passed: false });

      // Nation: A 1; B and C tie fully (same score, time and submission) at 2; F (same time, later) 4; E (longer) 5; D 6.
      const nation = await ctx.request('GET', `/webhook/quiz-rating-list?quiz_id=${quizId}&scope=nation`, { token: people.get('A')!.token });
      const byName = Object.fromEntries(nation.body.data.map((r: { name: string; rank: number }) => [r.name, r.rank]));
      expect(byName).toEqual({ A: 1, B: 2, C: 2, F: 4, E: 5, D: 6 });
      expect(nation.body.meta).toMatchObject({ total: 6, ready: true });
      const school = await ctx.request('GET', `/webhook/quiz-rating-list?quiz_id=${quizId}&scope=school`, { token: people.get('C')!.token });
      expect(school.body.data.map((r: { name: string; rank: number }) => [r.name, r.rank])).toEqual([['C', 1], ['E', 2]]);
      const noSchool = await ctx.request('GET', `/webhook/quiz-rating-list?quiz_id=${quizId}&scope=city`, { token: people.get('D')!.token });
      expect(noSchool.body.errors[0].code).toBe('no_scope');
      const mine = await ctx.request('GET', `/webhook/tryout-achievements?quiz_id=${quizId}`, { token: people.get('C')!.token });
      expect(mine.body.data).toMatchObject({ scored: true, final_score: 283.45, passed: false });
      expect(mine.body.data.ranks).toEqual(expect.arrayContaining([{ scope: 'nation', rank: 2, of: 6, score: 283.45 }, { scope: 'school', rank: 1, of: 2, score: 283.45 }]));
      expect(mine.body.data.badges).toEqual(['first_in_school']);
      // The rankings were built once: scoring again changes nothing.
      expect((await sweepQuizzes(ctx.deps)).scored).toBe(0);

      const review = await ctx.request('GET', `/webhook/tryout-explanation?quiz_id=${quizId}`, { token: people.get('B')!.token });
      expect(review.status).toBe(200);
      expect(review.body.data.map((q: { correct: boolean }) => q.correct)).toEqual([true, false]);
      expect(review.body.data[0].options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(1);
      const reference = await ctx.request('GET', `/webhook/question-reference-materials?question_id=${q1!.id}`, { token: people.get('B')!.token });
      expect(reference.body.data.reference).toBe('Materi S1Q1');
    } finally {
      ctx.setNow(null);
    }
  });
});
