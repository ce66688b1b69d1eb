import type { Queryable } from '../db/client.ts';
import type { RankingScope } from '../../src/lib/quizzes/values.ts';

/* Reads of results: participants, subtest scores, rankings and a quiz's summary. */

/** A participant's first attempt with their name and school. */
export interface ParticipantRow {
  user_id: string;
  name: string;
  avatar_url: string | null;
  school_name: string | null;
  submitted_at: Date | null;
  submitted_by: 'student' | 'timeout' | null;
  deadline_at: Date;
  raw_score: number | null;
  final_score: number | null;
  passed: boolean | null;
}

/** The first attempts of a quiz, earliest start first. */
export async function participantsOf(db: Queryable, quizId: string, limit: number, offset: number): Promise<{ rows: ParticipantRow[]; total: number }> {
  const { rows } = await db.query<ParticipantRow & { total: number }>(
    `SELECT a.user_id, u.name, u.avatar_url, s.name AS school_name, a.submitted_at, a.submitted_by, a.deadline_at,
            a.raw_score::float8 AS raw_score, a.final_score::float8 AS final_score, a.passed, count(*) OVER ()::int AS total
       FROM quiz_attempts a JOIN users u ON u.id = a.user_id LEFT JOIN schools s ON s.id = a.school_id
      WHERE a.quiz_id = $1 AND a.attempt_no = 1 ORDER BY a.started_at, a.id LIMIT $2 OFFSET $3`,
    [quizId, limit, offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** An attempt's scores per subtest, in subtest order. */
export async function subtestScoresOf(db: Queryable, attemptId: string) {
  const { rows } = await db.query<{ number: number; title: string; correct: number; question_count: number; raw_score: number; final_score: number | null }>(
    `SELECT s.position AS number, s.title, x.correct, (SELECT count(*)::int FROM quiz_questions q WHERE q.subtest_id = s.id) AS question_count,
            x.raw_score::float8 AS raw_score, x.final_score::float8 AS final_score
       FROM quiz_attempt_subtests x JOIN quiz_subtests s ON s.id = x.subtest_id WHERE x.attempt_id = $1 ORDER BY s.position`,
    [attemptId],
  );
  return rows;
}

/** The caller's place in each scope of a quiz (what their first attempt ranked), with the number ranked there. */
export async function ranksOf(db: Queryable, quizId: string, userId: string) {
  const { rows } = await db.query<{ scope: RankingScope; scope_code: string; rank: number; of: number; score: number }>(
    `SELECT r.scope, r.scope_code, r.rank, r.score::float8 AS score,
            (SELECT count(*)::int FROM quiz_rankings o WHERE o.quiz_id = r.quiz_id AND o.scope = r.scope AND o.scope_code = r.scope_code) AS of
       FROM quiz_rankings r
      WHERE r.quiz_id = $1 AND r.attempt_id = (SELECT a.id FROM quiz_attempts a WHERE a.quiz_id = $1 AND a.user_id = $2 AND a.attempt_no = 1)`,
    [quizId, userId],
  );
  return rows;
}

/** Where each scope's rank and the code of its group are kept in `quiz_ranks` (the nation has one group). */
const SCOPE_COLUMNS: Record<RankingScope, { rank: string; code: string | null }> = {
  nation: { rank: 'nation_rank', code: null },
  province: { rank: 'province_rank', code: 'province_code' },
  city: { rank: 'city_rank', code: 'regency_code' },
  school: { rank: 'school_rank', code: 'school_code' },
};

/**
 * One page of a scope's ranking, by rank, then earlier hand-in, and the group's size. Read from
 * `quiz_ranks` through the scope's own index: the page walks the index in rank order and stops at
 * its last row, and the size is counted from the index alone, so a page of the nation's ranking
 * costs the same at 100 participants as at 100,000.
 */
export async function rankingPage(db: Queryable, quizId: string, scope: RankingScope, code: string, limit: number, offset: number) {
  const column = SCOPE_COLUMNS[scope];
  const inGroup = column.code ? `r.${column.code} = $2` : '$2::text = \'\'';
  const { rows } = await db.query<{ rank: number; user_id: string; name: string; avatar_url: string | null; school_name: string | null; score: number }>(
    `SELECT r.${column.rank} AS rank, r.user_id, u.name, u.avatar_url, s.name AS school_name, r.score::float8 AS score
       FROM quiz_ranks r JOIN users u ON u.id = r.user_id JOIN quiz_attempts a ON a.id = r.attempt_id LEFT JOIN schools s ON s.id = a.school_id
      WHERE r.quiz_id = $1 AND ${inGroup} AND r.${column.rank} IS NOT NULL
      ORDER BY r.${column.rank}, a.submitted_at, r.user_id LIMIT $3 OFFSET $4`,
    [quizId, code, limit, offset],
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM quiz_ranks r WHERE r.quiz_id = $1 AND ${inGroup} AND r.${column.rank} IS NOT NULL`,
    [quizId, code],
  );
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

/** A quiz's summary over first submitted attempts: how many, mean, highest, lowest, passed; and per subtest means. */
export async function reportOf(db: Queryable, quizId: string) {
  const { rows } = await db.query<{ participants: number; submitted: number; mean: number | null; highest: number | null; lowest: number | null; passed: number }>(
    `SELECT count(*)::int AS participants, count(submitted_at)::int AS submitted,
            round(avg(coalesce(final_score, raw_score)), 2)::float8 AS mean, max(coalesce(final_score, raw_score))::float8 AS highest,
            min(coalesce(final_score, raw_score))::float8 AS lowest, count(*) FILTER (WHERE passed)::int AS passed
       FROM quiz_attempts WHERE quiz_id = $1 AND attempt_no = 1`,
    [quizId],
  );
  const subtests = await db.query<{ number: number; title: string; mean: number | null }>(
    `SELECT s.position AS number, s.title, round(avg(coalesce(x.final_score, x.raw_score)), 2)::float8 AS mean
       FROM quiz_subtests s LEFT JOIN quiz_attempt_subtests x ON x.subtest_id = s.id
       LEFT JOIN quiz_attempts a ON a.id = x.attempt_id AND a.attempt_no = 1
      WHERE s.quiz_id = $1 GROUP BY s.id ORDER BY s.position`,
    [quizId],
  );
  return { ...rows[0]!, subtests: subtests.rows };
}
