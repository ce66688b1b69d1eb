import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { competitionRanks, compareRanked, itemWeight, round2, weightedScore, type Ranked } from '../../src/lib/quizzes/rules.ts';
import { makeSchool, makeTryout } from './testing.ts';
import { scoreClosedQuizzes } from './scoring.service.ts';

/*
 * The final scoring of a closed tryout with many attempts, written straight into the database as
 * the API leaves a submission: every final score is the item model's (rules.ts), every first
 * attempt is ranked as the ranking order of rules.ts ranks it, each ranked attempt is one row of
 * quiz_ranks that goes with its attempt, and the attempts and subtest results are updated where
 * they lie (the same page), so no index of theirs gets a new entry.
 */

const TAKERS = 400;
const hour = 3_600_000;

let ctx: TestContext;
let quizId: string;
let places: { schoolId: string; regency: string; province: string }[];
const before = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.deps.now().getTime();
  quizId = await makeTryout(ctx, { counts: [4, 3], opens_at: new Date(now - 5 * hour), closes_at: new Date(now - hour) });
  // Two schools in one province (regencies 0 and 1 by code), one in another; every fourth taker has no school.
  places = [await makeSchool(ctx, 0), await makeSchool(ctx, 1), await makeSchool(ctx, 400)];
  const start = new Date(now - 3 * hour);
  // Taker n starts n % 7 minutes after `start` and takes 30 + n % 5 minutes, so many share score,
  // time and submission. Question i is answered unless (n + i) % 9 = 0, and right when
  // (7n + 5i) % 11 < 3 + i % 5. Every tenth taker also has a later attempt, scored but not ranked.
  await ctx.db.query(
    `WITH u AS (
       INSERT INTO users (organization_id, email, name, role_code, verified_at)
       SELECT $1, 'massal-' || n || '@uji.id', 'Peserta ' || n, 303, now() FROM generate_series(0, $2 - 1) n RETURNING id, email),
     t AS (SELECT id AS user_id, split_part(split_part(email, '@', 1), '-', 2)::int AS n FROM u),
     tries AS (SELECT t.user_id, t.n, 1 AS attempt_no FROM t UNION ALL SELECT t.user_id, t.n, 2 FROM t WHERE t.n % 10 = 0)
     INSERT INTO quiz_attempts (quiz_id, user_id, attempt_no, start_key, started_at, deadline_at, current_subtest, subtest_started_at, subtest_deadline_at,
                                submitted_at, submitted_by, school_id, province_code, regency_code)
     SELECT $3, x.user_id, x.attempt_no, 'massal-' || x.n || '-' || x.attempt_no, s.at, s.at + interval '1 hour', 2, s.at, s.at + interval '1 hour',
            s.at + (30 + x.n % 5) * interval '1 minute', 'student', p.school_id, p.province_code, p.regency_code
       FROM tries x
      CROSS JOIN LATERAL (SELECT $4::timestamptz + (x.n % 7 + (x.attempt_no - 1) * 40) * interval '1 minute' AS at) s
       LEFT JOIN unnest($5::uuid[], $6::text[], $7::text[]) WITH ORDINALITY AS p(school_id, province_code, regency_code, k) ON p.k = 1 + x.n % 4`,
    [ctx.config.organizationId, TAKERS, quizId, start, places.map((p) => p.schoolId), places.map((p) => p.province), places.map((p) => p.regency)],
  );
  await ctx.db.query(
    `WITH q AS (
       SELECT q.id, q.subtest_id, row_number() OVER (ORDER BY s.position, q.position) - 1 AS i,
              (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right_id,
              (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND NOT o.correct ORDER BY o.position LIMIT 1) AS wrong_id
         FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1),
     a AS (SELECT id, split_part(start_key, '-', 2)::int + attempt_no AS n, submitted_at FROM quiz_attempts WHERE quiz_id = $1)
     INSERT INTO quiz_answers (attempt_id, question_id, option_ids, uncertain, seq, saved_at, correct, points)
     SELECT a.id, q.id, ARRAY[CASE WHEN r THEN q.right_id ELSE q.wrong_id END], false, 1, a.submitted_at, r, CASE WHEN r THEN 1 ELSE 0 END
       FROM a CROSS JOIN q CROSS JOIN LATERAL (SELECT (7 * a.n + 5 * q.i) % 11 < 3 + q.i % 5 AS r) m
      WHERE (a.n + q.i) % 9 <> 0`,
    [quizId],
  );
  await ctx.db.query(
    `INSERT INTO quiz_attempt_subtests (attempt_id, subtest_id, correct, raw_score)
     SELECT a.id, s.id, c.n, round(1000.0 * c.n / (SELECT count(*) FROM quiz_questions q WHERE q.subtest_id = s.id), 2)
       FROM quiz_attempts a JOIN quiz_subtests s ON s.quiz_id = a.quiz_id
      CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM quiz_answers x JOIN quiz_questions q ON q.id = x.question_id
                           WHERE x.attempt_id = a.id AND q.subtest_id = s.id AND x.correct) c
      WHERE a.quiz_id = $1`,
    [quizId],
  );
  for (const row of (await ctx.db.query<{ key: string; ctid: string }>(
    `SELECT id::text AS key, ctid::text FROM quiz_attempts WHERE quiz_id = $1
     UNION ALL SELECT s.attempt_id || '/' || s.subtest_id, s.ctid::text FROM quiz_attempt_subtests s JOIN quiz_attempts a ON a.id = s.attempt_id WHERE a.quiz_id = $1`,
    [quizId],
  )).rows) before.set(row.key, row.ctid);
  expect(await scoreClosedQuizzes(ctx.deps)).toBe(1);
}, 120_000);
afterAll(() => ctx.close());

describe('final scoring of a closed tryout with many attempts', () => {
  test('every attempt has the item model’s final scores and its pass', async () => {
    const { rows: answers } = await ctx.db.query<{ attempt_id: string; first: boolean; question_id: string; subtest: number; correct: boolean }>(
      `SELECT a.id AS attempt_id, a.attempt_no = 1 AS first, q.id AS question_id, s.position AS subtest, coalesce(x.correct, false) AS correct
         FROM quiz_attempts a JOIN quiz_questions q ON q.quiz_id = a.quiz_id JOIN quiz_subtests s ON s.id = q.subtest_id
         LEFT JOIN quiz_answers x ON x.attempt_id = a.id AND x.question_id = q.id
        WHERE a.quiz_id = $1 ORDER BY s.position, q.position`,
      [quizId],
    );
    const rights = new Map<string, number>();
    for (const a of answers) if (a.first && a.correct) rights.set(a.question_id, (rights.get(a.question_id) ?? 0) + 1);
    const weight = (questionId: string) => itemWeight(rights.get(questionId) ?? 0, TAKERS);
    const { rows: attempts } = await ctx.db.query<{ id: string; final_score: number; passed: boolean; subtests: number[] }>(
      `SELECT a.id, a.final_score::float8 AS final_score, a.passed,
              array(SELECT x.final_score::float8 FROM quiz_attempt_subtests x JOIN quiz_subtests s ON s.id = x.subtest_id WHERE x.attempt_id = a.id ORDER BY s.position) AS subtests
         FROM quiz_attempts a WHERE a.quiz_id = $1`,
      [quizId],
    );
    expect(attempts).toHaveLength(TAKERS + TAKERS / 10);
    let wrong = 0;
    for (const attempt of attempts) {
      const own = answers.filter((a) => a.attempt_id === attempt.id);
      const expected = [1, 2].map((s) => {
        const items = own.filter((a) => a.subtest === s);
        return weightedScore(items.map((a) => weight(a.question_id)), items.map((a) => a.correct));
      });
      const final = round2((expected[0]! + expected[1]!) / 2);
      const off = (a: number, b: number) => Math.abs(a - b) > 0.011;
      if (off(attempt.subtests[0]!, expected[0]!) || off(attempt.subtests[1]!, expected[1]!) || off(attempt.final_score, final) || attempt.passed !== attempt.final_score >= 500) wrong += 1;
    }
    expect(wrong).toBe(0);
  });

  test('every first attempt is ranked in each scope of its own as the ranking order ranks it, one row per attempt', async () => {
    const { rows: firsts } = await ctx.db.query<{ id: string; score: number; took: number; submitted: number; province: string | null; regency: string | null; school: string | null }>(
      `SELECT id, final_score::float8 AS score, extract(epoch FROM submitted_at - started_at)::float8 * 1000 AS took,
              extract(epoch FROM submitted_at)::float8 * 1000 AS submitted, province_code AS province, regency_code AS regency, school_id::text AS school
         FROM quiz_attempts WHERE quiz_id = $1 AND attempt_no = 1`,
      [quizId],
    );
    const expected = new Map<string, number>();
    const groups = new Map<string, (Ranked & { id: string })[]>();
    for (const f of firsts) {
      const entry = { id: f.id, score: f.score, durationMs: f.took, submittedAt: f.submitted };
      for (const [scope, code] of [['nation', ''], ['province', f.province], ['city', f.regency], ['school', f.school]] as const) {
        if (code === null) continue;
        const key = `${scope}|${code}`;
        groups.set(key, [...(groups.get(key) ?? []), entry]);
      }
    }
    for (const [key, entries] of groups) {
      const sorted = [...entries].sort(compareRanked);
      competitionRanks(sorted).forEach((rank, i) => expected.set(`${key}|${sorted[i]!.id}`, rank));
    }
    const { rows: ranked } = await ctx.db.query<{ scope: string; scope_code: string; attempt_id: string; rank: number; score: number }>(
      'SELECT scope, scope_code, attempt_id, rank, score::float8 AS score FROM quiz_rankings WHERE quiz_id = $1',
      [quizId],
    );
    expect(new Map(ranked.map((r) => [`${r.scope}|${r.scope_code}|${r.attempt_id}`, r.rank]))).toEqual(expected);
    expect(ranked).toHaveLength(TAKERS + 3 * (TAKERS * 3) / 4);
    // Shared ranks happen here: the check above covers full ties.
    expect(new Set(ranked.filter((r) => r.scope === 'nation').map((r) => r.rank)).size).toBeLessThan(TAKERS);
    const { rows: stored } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quiz_ranks WHERE quiz_id = $1', [quizId]);
    expect(stored[0]!.n).toBe(TAKERS);
  });

  test('the attempts and subtest results are updated where they lie', async () => {
    const { rows: after } = await ctx.db.query<{ key: string; ctid: string }>(
      `SELECT id::text AS key, ctid::text FROM quiz_attempts WHERE quiz_id = $1
       UNION ALL SELECT s.attempt_id || '/' || s.subtest_id, s.ctid::text FROM quiz_attempt_subtests s JOIN quiz_attempts a ON a.id = s.attempt_id WHERE a.quiz_id = $1`,
      [quizId],
    );
    const page = (ctid: string) => ctid.slice(1).split(',')[0];
    const moved = after.filter((r) => page(r.ctid) !== page(before.get(r.key)!)).length;
    expect(after).toHaveLength(before.size);
    // A page holding rows that all grew by their final score may lack room for its last one or two.
    expect(moved).toBeLessThan(after.length / 10);
  });

  test('a ranked attempt goes with its user, and all of them with the quiz', async () => {
    const { rows } = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM quiz_attempts WHERE quiz_id = $1 AND attempt_no = 1 LIMIT 1', [quizId]);
    await ctx.db.query('DELETE FROM users WHERE id = $1', [rows[0]!.user_id]);
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quiz_ranks WHERE quiz_id = $1', [quizId])).rows[0]!.n;
    expect(await count()).toBe(TAKERS - 1);
    await ctx.db.query('DELETE FROM quizzes WHERE id = $1', [quizId]);
    expect(await count()).toBe(0);
  });
});
