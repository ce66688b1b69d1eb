import type { Db } from '../../server/db/client.ts';
import { itemWeight, round2, weightedScore } from '../../src/lib/quizzes/rules.ts';
import type { BenchQuestion, BenchSchool, TryoutShape } from './quiz-data.ts';

/*
 * The scoring row's data and its checks. A closed tryout gets `count` handed-in first attempts by
 * as many students across the bench schools, each answering a question with probability 0.9 and
 * rightly with probability (ability + easiness) / 2 (a student's ability and a question's easiness
 * drawn at random), stored as the API stores a submission: each answer marked right or wrong, the
 * raw score per subtest and in all. Written in one transaction with generate_series, the per-row
 * foreign-key checks off (every reference is right by construction), then analysed, as the scale
 * seed does with its tables.
 */

/** Writes the handed-in attempts of a closed tryout; answers how many answers it wrote. */
export async function writeHandedIn(db: Db, input: { quizId: string; organizationId: string; tag: string; count: number; shape: TryoutShape; schools: BenchSchool[]; closesAt: Date }): Promise<number> {
  const { quizId, shape, schools } = input;
  const answers = await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    // Everyone started in the window's first hour and took 30 to 90 minutes (the attempt's time is 90).
    await tx.query(
      `CREATE TEMP TABLE bench_takers ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS user_id, gen_random_uuid() AS attempt_id, random() AS ability,
              $2::timestamptz - interval '3 hours' + random() * interval '1 hour' AS started_at,
              interval '30 minutes' + random() * interval '60 minutes' AS took
         FROM generate_series(0, $1 - 1) n`,
      [input.count, input.closesAt],
    );
    await tx.query(
      `INSERT INTO users (id, organization_id, email, name, role_code, verified_at)
       SELECT user_id, $1, 'peserta-' || $2 || '-' || n || '@skala.id', 'Peserta ' || n, 303, now() FROM bench_takers`,
      [input.organizationId, input.tag],
    );
    await tx.query(
      `INSERT INTO quiz_attempts (id, quiz_id, user_id, attempt_no, start_key, started_at, deadline_at, current_subtest, subtest_started_at, subtest_deadline_at,
                                  submitted_at, submitted_by, school_id, province_code, regency_code)
       SELECT t.attempt_id, $1, t.user_id, 1, 'bench-' || t.n, t.started_at, t.started_at + $6 * interval '1 minute', $5,
              t.started_at + $6 * interval '1 minute' - $7 * interval '1 minute', t.started_at + $6 * interval '1 minute',
              t.started_at + t.took, 'student', s.id, s.province_code, s.regency_code
         FROM bench_takers t JOIN unnest($2::uuid[], $3::text[], $4::text[]) WITH ORDINALITY AS s(id, province_code, regency_code, k) ON s.k = 1 + t.n % cardinality($2::uuid[])`,
      [quizId, schools.map((s) => s.id), schools.map((s) => s.province_code), schools.map((s) => s.regency_code), shape.subtests, shape.subtests * shape.minutes, shape.minutes],
    );
    await tx.query(
      `CREATE TEMP TABLE bench_items ON COMMIT DROP AS
       SELECT q.id, q.subtest_id, 0.3 + 0.6 * random() AS easiness,
              (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right_id,
              (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND NOT o.correct ORDER BY o.position LIMIT 1) AS wrong_id
         FROM quiz_questions q WHERE q.quiz_id = $1`,
      [quizId],
    );
    const { rowCount } = await tx.query(
      `INSERT INTO quiz_answers (attempt_id, question_id, option_ids, uncertain, seq, saved_at, correct, points)
       SELECT attempt_id, id, ARRAY[CASE WHEN r THEN right_id ELSE wrong_id END], false, 1, saved_at, r, CASE WHEN r THEN 1 ELSE 0 END
         FROM (SELECT t.attempt_id, i.id, i.right_id, i.wrong_id, t.started_at + t.took / 2 AS saved_at, random() < (t.ability + i.easiness) / 2 AS r
                 FROM bench_takers t CROSS JOIN bench_items i WHERE random() < 0.9) x`,
    );
    await tx.query(
      `INSERT INTO quiz_attempt_subtests (attempt_id, subtest_id, correct, raw_score)
       SELECT t.attempt_id, s.subtest_id, coalesce(g.c, 0), round(1000.0 * coalesce(g.c, 0) / s.n, 2)
         FROM bench_takers t
        CROSS JOIN (SELECT subtest_id, count(*) AS n FROM bench_items GROUP BY subtest_id) s
         LEFT JOIN (SELECT a.attempt_id, i.subtest_id, count(*) FILTER (WHERE a.correct) AS c
                      FROM quiz_answers a JOIN bench_items i ON i.id = a.question_id GROUP BY 1, 2) g
           ON g.attempt_id = t.attempt_id AND g.subtest_id = s.subtest_id`,
    );
    await tx.query(
      `UPDATE quiz_attempts a SET raw_score = x.raw
         FROM (SELECT s.attempt_id, round(avg(s.raw_score), 2) AS raw FROM quiz_attempt_subtests s JOIN bench_takers t ON t.attempt_id = s.attempt_id GROUP BY 1) x
        WHERE a.id = x.attempt_id`,
    );
    return rowCount ?? 0;
  });
  for (const table of ['users', 'quiz_attempts', 'quiz_answers', 'quiz_attempt_subtests', 'quiz_questions', 'quiz_options']) await db.exec(`ANALYZE ${table}`);
  return answers;
}

/** What the database shows after final scoring: scores, rankings per scope, and what is wrong. */
export interface ScoringCheck {
  attempts: number;
  scored: number;
  subtestsUnscored: number;
  scopes: { scope: string; entries: number; attempts: number; groups: number; groupsWithFirst: number }[];
  /** Ranking rows out of order, ranked in the wrong group, or not the attempt's final score. */
  inconsistent: number;
  /** Sampled attempts whose final score differs from the item model computed here. */
  sampled: number;
  sampleMismatches: number;
}

/** Checks a finally scored tryout against its attempts, and recomputes a sample's final scores with rules.ts. */
export async function checkScoring(db: Db, quizId: string, questions: BenchQuestion[]): Promise<ScoringCheck> {
  const { rows: totals } = await db.query<{ attempts: number; scored: number; subtests_unscored: number }>(
    `SELECT count(*)::int AS attempts, count(*) FILTER (WHERE final_score IS NOT NULL AND passed IS NOT NULL)::int AS scored,
            (SELECT count(*)::int FROM quiz_attempt_subtests s JOIN quiz_attempts a ON a.id = s.attempt_id WHERE a.quiz_id = $1 AND s.final_score IS NULL) AS subtests_unscored
       FROM quiz_attempts WHERE quiz_id = $1`,
    [quizId],
  );
  const { rows: scopes } = await db.query<ScoringCheck['scopes'][number]>(
    `SELECT scope, count(*)::int AS entries, count(DISTINCT attempt_id)::int AS attempts, count(DISTINCT scope_code)::int AS groups,
            count(DISTINCT scope_code) FILTER (WHERE rank = 1)::int AS "groupsWithFirst"
       FROM quiz_rankings WHERE quiz_id = $1 GROUP BY scope ORDER BY array_position(ARRAY['nation', 'province', 'city', 'school'], scope)`,
    [quizId],
  );
  // Competition ranking, checked row by row in rank order: the first of a group is 1; an entry
  // equal to the one before (score, time taken, submission) shares its rank; a worse one is ranked
  // at its position. Every entry is in its attempt's own group, with its final score.
  const { rows: bad } = await db.query<{ n: number }>(
    `WITH r AS (
       SELECT k.scope, k.scope_code, k.rank, k.score, a.final_score, a.submitted_at - a.started_at AS took, a.submitted_at,
              CASE k.scope WHEN 'nation' THEN '' WHEN 'province' THEN a.province_code WHEN 'city' THEN a.regency_code ELSE a.school_id::text END AS own_code,
              row_number() OVER w AS pos, lag(k.rank) OVER w AS prev_rank, lag(k.score) OVER w AS prev_score,
              lag(a.submitted_at - a.started_at) OVER w AS prev_took, lag(a.submitted_at) OVER w AS prev_submitted
         FROM quiz_rankings k JOIN quiz_attempts a ON a.id = k.attempt_id WHERE k.quiz_id = $1
       WINDOW w AS (PARTITION BY k.scope, k.scope_code ORDER BY k.rank, k.attempt_id))
     SELECT count(*)::int AS n FROM r
      WHERE scope_code IS DISTINCT FROM own_code OR score IS DISTINCT FROM final_score
         OR (pos = 1 AND rank <> 1)
         OR (pos > 1 AND NOT (
              (score = prev_score AND took = prev_took AND submitted_at = prev_submitted AND rank = prev_rank)
              OR ((score < prev_score OR (score = prev_score AND (took > prev_took OR (took = prev_took AND submitted_at > prev_submitted)))) AND rank = pos)))`,
    [quizId],
  );
  const sample = await sampleMismatches(db, quizId, questions, 200);
  return {
    attempts: totals[0]!.attempts, scored: totals[0]!.scored, subtestsUnscored: totals[0]!.subtests_unscored, scopes,
    inconsistent: bad[0]!.n, sampled: sample.sampled, sampleMismatches: sample.mismatches,
  };
}

/** Final scores of `size` random attempts recomputed with itemWeight and weightedScore (rules.ts), from the options chosen. */
async function sampleMismatches(db: Db, quizId: string, questions: BenchQuestion[], size: number): Promise<{ sampled: number; mismatches: number }> {
  const right = new Map(questions.map((q) => [q.id, q.right]));
  const { rows: counts } = await db.query<{ question_id: string; option: string; n: number }>(
    `SELECT a.question_id, a.option_ids[1]::text AS option, count(*)::int AS n
       FROM quiz_answers a JOIN quiz_attempts t ON t.id = a.attempt_id
      WHERE t.quiz_id = $1 AND t.attempt_no = 1 AND t.submitted_at IS NOT NULL GROUP BY 1, 2`,
    [quizId],
  );
  const { rows: takers } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM quiz_attempts WHERE quiz_id = $1 AND attempt_no = 1 AND submitted_at IS NOT NULL', [quizId]);
  const rights = new Map<string, number>();
  for (const c of counts) if (right.get(c.question_id) === c.option) rights.set(c.question_id, c.n);
  const weight = new Map(questions.map((q) => [q.id, itemWeight(rights.get(q.id) ?? 0, takers[0]!.n)]));
  const { rows: picked } = await db.query<{ id: string; final_score: number }>(
    'SELECT id, final_score::float8 AS final_score FROM quiz_attempts WHERE quiz_id = $1 ORDER BY random() LIMIT $2',
    [quizId, size],
  );
  const { rows: given } = await db.query<{ attempt_id: string; question_id: string; option: string }>(
    'SELECT attempt_id, question_id, option_ids[1]::text AS option FROM quiz_answers WHERE attempt_id = ANY($1::uuid[])',
    [picked.map((p) => p.id)],
  );
  const chosen = new Map(given.map((g) => [`${g.attempt_id}:${g.question_id}`, g.option]));
  const subtests = [...new Set(questions.map((q) => q.subtest))];
  let mismatches = 0;
  for (const attempt of picked) {
    const scores = subtests.map((s) => {
      const items = questions.filter((q) => q.subtest === s);
      return weightedScore(items.map((q) => weight.get(q.id)!), items.map((q) => chosen.get(`${attempt.id}:${q.id}`) === q.right));
    });
    const expected = round2(scores.reduce((a, b) => a + b, 0) / scores.length);
    if (Math.abs(expected - attempt.final_score) > 0.011) mismatches += 1;
  }
  return { sampled: picked.length, mismatches };
}
