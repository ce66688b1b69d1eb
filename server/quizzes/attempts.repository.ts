import type { Queryable } from '../db/client.ts';

/* Attempts and their saved answers. */

/** An attempt as the engine keeps it. */
export interface AttemptRow {
  id: string;
  quiz_id: string;
  user_id: string;
  attempt_no: number;
  start_key: string;
  started_at: Date;
  deadline_at: Date;
  current_subtest: number;
  subtest_started_at: Date;
  subtest_deadline_at: Date;
  submitted_at: Date | null;
  submitted_by: 'student' | 'timeout' | null;
  school_id: string | null;
  province_code: string | null;
  regency_code: string | null;
  raw_score: number | null;
  final_score: number | null;
  passed: boolean | null;
}

const ATTEMPT_COLUMNS = `id, quiz_id, user_id, attempt_no, start_key, started_at, deadline_at, current_subtest, subtest_started_at,
  subtest_deadline_at, submitted_at, submitted_by, school_id, province_code, regency_code,
  raw_score::float8 AS raw_score, final_score::float8 AS final_score, passed`;

/** One attempt; `lock` takes it for update (saves and submission of one attempt run one at a time). */
export async function findAttempt(db: Queryable, id: string, lock = false): Promise<AttemptRow | undefined> {
  const { rows } = await db.query<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM quiz_attempts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** The caller's attempts of a quiz, newest first. */
export async function attemptsOf(db: Queryable, quizId: string, userId: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM quiz_attempts WHERE quiz_id = $1 AND user_id = $2 ORDER BY attempt_no DESC`, [quizId, userId]);
  return rows;
}

/** The attempt a start key made, if any. */
export async function attemptByKey(db: Queryable, userId: string, startKey: string): Promise<AttemptRow | undefined> {
  const { rows } = await db.query<AttemptRow>(`SELECT ${ATTEMPT_COLUMNS} FROM quiz_attempts WHERE user_id = $1 AND start_key = $2`, [userId, startKey]);
  return rows[0];
}

/** A new attempt. */
export async function insertAttempt(db: Queryable, a: Omit<AttemptRow, 'id' | 'submitted_at' | 'submitted_by' | 'raw_score' | 'final_score' | 'passed'>): Promise<AttemptRow> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO quiz_attempts (quiz_id, user_id, attempt_no, start_key, started_at, deadline_at, current_subtest, subtest_started_at, subtest_deadline_at, school_id, province_code, regency_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [a.quiz_id, a.user_id, a.attempt_no, a.start_key, a.started_at, a.deadline_at, a.current_subtest, a.subtest_started_at, a.subtest_deadline_at, a.school_id, a.province_code, a.regency_code],
  );
  return (await findAttempt(db, rows[0]!.id))!;
}

/** Moves a linear attempt to a subtest and sets the deadlines. */
export async function moveAttempt(db: Queryable, id: string, at: { subtest: number; startedAt: Date; deadline: Date; attemptDeadline: Date }): Promise<void> {
  await db.query('UPDATE quiz_attempts SET current_subtest = $2, subtest_started_at = $3, subtest_deadline_at = $4, deadline_at = $5 WHERE id = $1', [id, at.subtest, at.startedAt, at.deadline, at.attemptDeadline]);
}

/** A saved answer. */
export interface AnswerRow {
  question_id: string;
  option_ids: string[];
  value: number | null;
  uncertain: boolean;
  seq: number;
}

/** The saved answers of an attempt. */
export async function answersOf(db: Queryable, attemptId: string): Promise<AnswerRow[]> {
  const { rows } = await db.query<AnswerRow>(
    `SELECT question_id, option_ids::text[] AS option_ids, numeric_value::float8 AS value, uncertain, seq::float8 AS seq FROM quiz_answers WHERE attempt_id = $1`,
    [attemptId],
  );
  return rows;
}

/**
 * Saves one answer unless a save with the same or a higher sequence number is already stored;
 * answers the sequence number now stored and whether this save was the one kept.
 */
export async function saveAnswer(db: Queryable, attemptId: string, answer: AnswerRow, now: Date): Promise<{ applied: boolean; seq: number }> {
  const { rows } = await db.query<{ seq: number }>(
    `INSERT INTO quiz_answers (attempt_id, question_id, option_ids, numeric_value, uncertain, seq, saved_at) VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7)
     ON CONFLICT (attempt_id, question_id) DO UPDATE SET option_ids = EXCLUDED.option_ids, numeric_value = EXCLUDED.numeric_value,
       uncertain = EXCLUDED.uncertain, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
     WHERE quiz_answers.seq < EXCLUDED.seq RETURNING seq::float8 AS seq`,
    [attemptId, answer.question_id, answer.option_ids, answer.value, answer.uncertain, answer.seq, now],
  );
  if (rows[0]) return { applied: true, seq: rows[0].seq };
  const stored = await db.query<{ seq: number }>('SELECT seq::float8 AS seq FROM quiz_answers WHERE attempt_id = $1 AND question_id = $2', [attemptId, answer.question_id]);
  return { applied: false, seq: stored.rows[0]!.seq };
}

/** Records what each answer earned and the attempt's results per subtest, and closes the attempt. */
export async function recordSubmission(
  db: Queryable,
  attemptId: string,
  result: {
    submittedAt: Date; by: 'student' | 'timeout'; raw: number; final: number | null; passed: boolean | null;
    answers: { question_id: string; correct: boolean; points: number }[];
    subtests: { subtest_id: string; correct: number; raw: number; final: number | null }[];
  },
): Promise<void> {
  if (result.answers.length) {
    await db.query(
      `UPDATE quiz_answers a SET correct = x.correct, points = x.points FROM unnest($2::uuid[], $3::boolean[], $4::numeric[]) AS x(question_id, correct, points)
        WHERE a.attempt_id = $1 AND a.question_id = x.question_id`,
      [attemptId, result.answers.map((a) => a.question_id), result.answers.map((a) => a.correct), result.answers.map((a) => a.points)],
    );
  }
  await db.query(
    `INSERT INTO quiz_attempt_subtests (attempt_id, subtest_id, correct, raw_score, final_score)
     SELECT $1, * FROM unnest($2::uuid[], $3::int[], $4::numeric[], $5::numeric[]) ON CONFLICT DO NOTHING`,
    [attemptId, result.subtests.map((s) => s.subtest_id), result.subtests.map((s) => s.correct), result.subtests.map((s) => s.raw), result.subtests.map((s) => s.final)],
  );
  await db.query('UPDATE quiz_attempts SET submitted_at = $2, submitted_by = $3, raw_score = $4, final_score = $5, passed = $6 WHERE id = $1', [
    attemptId, result.submittedAt, result.by, result.raw, result.final, result.passed,
  ]);
}

/** Ids of open attempts whose deadline passed before `before`, oldest first. */
export async function dueAttempts(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM quiz_attempts WHERE submitted_at IS NULL AND deadline_at < $1 ORDER BY deadline_at LIMIT $2', [before, limit]);
  return rows.map((r) => r.id);
}

/** Adds seconds to the open attempts of a quiz (of one user, or all), for the attempt and its current subtest. */
export async function extendAttempts(db: Queryable, quizId: string, seconds: number, userId?: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE quiz_attempts SET deadline_at = deadline_at + make_interval(secs => $2), subtest_deadline_at = subtest_deadline_at + make_interval(secs => $2)
      WHERE quiz_id = $1 AND submitted_at IS NULL AND ($3::uuid IS NULL OR user_id = $3)`,
    [quizId, seconds, userId ?? null],
  );
  return rowCount ?? 0;
}
