import type { Queryable } from '../db/client.ts';

/*
 * Final scoring of a tryout and the rankings, in SQL so 100,000 attempts score in one pass.
 *
 * The item model (the same as itemWeight and weightedScore in src/lib/quizzes/rules.ts): over the
 * first attempts, p = (right + 0.5) / (takers + 1) per question and its weight is
 * max(0.1, ln((1 − p) / p) + 3); a subtest's final score is 1000 × the weights of the questions
 * answered right over all its weights; the attempt's final score is the mean of its subtests.
 */

/**
 * Fits the item weights on the first attempts and writes every submitted attempt's final scores
 * and pass, in one statement: each subtest result's final score, and the attempt's final score
 * as the mean of the subtest scores just written (read back from the update, not from the table).
 * The answers are read through the quiz's attempts, twice: once for the share right per question,
 * once for what each attempt earned per subtest.
 */
export async function writeFinalTryoutScores(db: Queryable, quizId: string, passingGrade: number): Promise<void> {
  await db.query(
    `WITH takers AS (SELECT count(*)::float8 AS n FROM quiz_attempts WHERE quiz_id = $1 AND attempt_no = 1 AND submitted_at IS NOT NULL),
          rights AS (
            SELECT a.question_id, count(*)::float8 AS n
              FROM quiz_answers a JOIN quiz_attempts f ON f.id = a.attempt_id AND f.quiz_id = $1 AND f.attempt_no = 1 AND f.submitted_at IS NOT NULL
             WHERE a.correct GROUP BY a.question_id),
          item AS (
            SELECT q.id, q.subtest_id, greatest(0.1, ln((1 - pp.p) / pp.p) + 3) AS w
              FROM quiz_questions q CROSS JOIN takers LEFT JOIN rights r ON r.question_id = q.id
             CROSS JOIN LATERAL (SELECT (coalesce(r.n, 0) + 0.5) / (takers.n + 1) AS p) pp
             WHERE q.quiz_id = $1),
          totals AS (SELECT subtest_id, sum(w) AS total FROM item GROUP BY subtest_id),
          earned AS (
            SELECT a.attempt_id, i.subtest_id, sum(i.w) AS got
              FROM quiz_answers a JOIN quiz_attempts t ON t.id = a.attempt_id AND t.quiz_id = $1 JOIN item i ON i.id = a.question_id
             WHERE a.correct GROUP BY a.attempt_id, i.subtest_id),
          subtests AS (
            UPDATE quiz_attempt_subtests s SET final_score = round((1000 * coalesce(e.got, 0) / t.total)::numeric, 2)
              FROM quiz_attempts a CROSS JOIN totals t LEFT JOIN earned e ON e.attempt_id = a.id AND e.subtest_id = t.subtest_id
             WHERE a.quiz_id = $1 AND s.attempt_id = a.id AND s.subtest_id = t.subtest_id
            RETURNING s.attempt_id, s.final_score)
     UPDATE quiz_attempts a SET final_score = x.score, passed = x.score >= $2
       FROM (SELECT attempt_id, round(avg(final_score), 2) AS score FROM subtests GROUP BY attempt_id) x
      WHERE a.id = x.attempt_id`,
    [quizId, passingGrade],
  );
}

/**
 * Rebuilds a quiz's rankings from the first submitted attempts: nation, and the province, city
 * (regency) and school recorded on the attempt; by final score, then the shorter time taken, then
 * the earlier submission; full ties share a rank (1, 2, 2, 4). One row per attempt holds its rank
 * in every scope (none where the attempt recorded no place of that scope); the view
 * `quiz_rankings` shows them a row per attempt and scope.
 */
export async function rebuildRankings(db: Queryable, quizId: string): Promise<void> {
  await db.query('DELETE FROM quiz_ranks WHERE quiz_id = $1', [quizId]);
  await db.query(
    `INSERT INTO quiz_ranks (attempt_id, quiz_id, user_id, score, nation_rank, province_code, province_rank, regency_code, city_rank, school_code, school_rank)
     SELECT a.id, a.quiz_id, a.user_id, a.final_score, rank() OVER nation,
            a.province_code, CASE WHEN a.province_code IS NOT NULL THEN rank() OVER province END,
            a.regency_code, CASE WHEN a.regency_code IS NOT NULL THEN rank() OVER city END,
            a.school_id::text, CASE WHEN a.school_id IS NOT NULL THEN rank() OVER school END
       FROM quiz_attempts a
      WHERE a.quiz_id = $1 AND a.attempt_no = 1 AND a.submitted_at IS NOT NULL AND a.final_score IS NOT NULL
     WINDOW nation AS (ORDER BY a.final_score DESC, (a.submitted_at - a.started_at) ASC, a.submitted_at ASC),
            province AS (PARTITION BY a.province_code ORDER BY a.final_score DESC, (a.submitted_at - a.started_at) ASC, a.submitted_at ASC),
            city AS (PARTITION BY a.regency_code ORDER BY a.final_score DESC, (a.submitted_at - a.started_at) ASC, a.submitted_at ASC),
            school AS (PARTITION BY a.school_id ORDER BY a.final_score DESC, (a.submitted_at - a.started_at) ASC, a.submitted_at ASC)`,
    [quizId],
  );
}

/**
 * Settings for the rest of a final scoring transaction, whose statements each run once over every
 * attempt of a quiz: no JIT compilation (compiling them costs more than it saves on a single run)
 * and up to 64 MB for each sort and hash, so the scores and ranks of 100,000 attempts are sorted
 * and grouped in memory rather than in temporary files.
 */
export async function useBulkSettings(db: Queryable): Promise<void> {
  await db.query("SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)");
}

/** Published quizzes whose window closed before `before`, not yet finally scored, with no attempt still open. */
export async function quizzesDueForScoring(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT q.id FROM quizzes q WHERE q.published_at IS NOT NULL AND q.scored_at IS NULL AND q.closes_at < $1
        AND NOT EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.quiz_id = q.id AND a.submitted_at IS NULL)
      ORDER BY q.closes_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => r.id);
}

/** Marks a quiz finally scored. */
export async function markScored(db: Queryable, quizId: string, now: Date): Promise<void> {
  await db.query('UPDATE quizzes SET scored_at = $2 WHERE id = $1', [quizId, now]);
}

/** Locks a quiz row for its final scoring; undefined when another run scored it meanwhile. */
export async function lockUnscored(db: Queryable, quizId: string): Promise<{ kind: string; passing_grade: number } | undefined> {
  const { rows } = await db.query<{ kind: string; passing_grade: number }>('SELECT kind, passing_grade::float8 AS passing_grade FROM quizzes WHERE id = $1 AND scored_at IS NULL FOR UPDATE', [quizId]);
  return rows[0];
}
