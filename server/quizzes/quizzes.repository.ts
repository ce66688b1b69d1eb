import type { Queryable } from '../db/client.ts';
import type { QuestionType, QuizKind } from '../../src/lib/quizzes/values.ts';
import type { AnswerKey } from '../../src/lib/quizzes/rules.ts';

/* Quizzes, tryouts, their subtests, questions and options, and who may take a paid package. */

/** A quiz or tryout row, numbers as numbers. */
export interface QuizRow {
  id: string;
  organization_id: string;
  kind: QuizKind;
  title: string;
  description: string;
  subject_group: string;
  level: string;
  price: number;
  passing_grade: number;
  opens_at: Date;
  closes_at: Date;
  linear: boolean;
  shuffle: boolean;
  negative_marking: number;
  max_attempts: number;
  school_id: string | null;
  class_id: string | null;
  created_by: string | null;
  published_at: Date | null;
  scored_at: Date | null;
}

const QUIZ_COLUMNS = `q.id, q.organization_id, q.kind, q.title, q.description, q.subject_group, q.level, q.price,
  q.passing_grade::float8 AS passing_grade, q.opens_at, q.closes_at, q.linear, q.shuffle,
  q.negative_marking::float8 AS negative_marking, q.max_attempts, q.school_id, q.class_id, q.created_by, q.published_at, q.scored_at`;

/** One quiz of the organisation, or undefined. */
export async function findQuiz(db: Queryable, id: string, organizationId: string, lock = false): Promise<QuizRow | undefined> {
  const { rows } = await db.query<QuizRow>(`SELECT ${QUIZ_COLUMNS} FROM quizzes q WHERE q.id = $1 AND q.organization_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, organizationId]);
  return rows[0];
}

/** A subtest with its question count. */
export interface SubtestRow {
  id: string;
  position: number;
  title: string;
  duration_seconds: number;
  question_count: number;
}

/** The subtests of a quiz in order. */
export async function subtestsOf(db: Queryable, quizId: string): Promise<SubtestRow[]> {
  const { rows } = await db.query<SubtestRow>(
    `SELECT s.id, s.position, s.title, s.duration_seconds, (SELECT count(*)::int FROM quiz_questions q WHERE q.subtest_id = s.id) AS question_count
       FROM quiz_subtests s WHERE s.quiz_id = $1 ORDER BY s.position`,
    [quizId],
  );
  return rows;
}

/** Filters of the tryout list. */
export interface TryoutFilter {
  limit: number;
  offset: number;
  subject_group?: string;
  level?: string;
  price?: 'free' | 'paid';
}

/** A tryout in a list, with its size and how many took it. */
export interface TryoutListRow extends QuizRow {
  question_count: number;
  duration_seconds: number;
  participant_count: number;
}

/** Published tryouts of the organisation: those not closed at `now` first, then the latest window first. */
export async function listTryouts(db: Queryable, organizationId: string, filter: TryoutFilter, now: Date): Promise<{ rows: TryoutListRow[]; total: number }> {
  const where = [`q.organization_id = $1`, `q.kind = 'tryout'`, `q.published_at IS NOT NULL`];
  const params: unknown[] = [organizationId, now];
  if (filter.subject_group) where.push(`q.subject_group = $${params.push(filter.subject_group)}`);
  if (filter.level) where.push(`q.level = $${params.push(filter.level)}`);
  if (filter.price === 'free') where.push('q.price = 0');
  if (filter.price === 'paid') where.push('q.price > 0');
  const { rows } = await db.query<TryoutListRow & { total: number }>(
    `SELECT ${QUIZ_COLUMNS}, count(*) OVER ()::int AS total,
            (SELECT count(*)::int FROM quiz_questions x WHERE x.quiz_id = q.id) AS question_count,
            (SELECT coalesce(sum(s.duration_seconds), 0)::int FROM quiz_subtests s WHERE s.quiz_id = q.id) AS duration_seconds,
            (SELECT count(DISTINCT a.user_id)::int FROM quiz_attempts a WHERE a.quiz_id = q.id) AS participant_count
       FROM quizzes q WHERE ${where.join(' AND ')}
      ORDER BY (q.closes_at <= $2) ASC, q.opens_at DESC, q.id LIMIT $${params.push(filter.limit)} OFFSET $${params.push(filter.offset)}`,
    params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** How many people started a quiz. */
export async function participantCount(db: Queryable, quizId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(DISTINCT user_id)::int AS n FROM quiz_attempts WHERE quiz_id = $1', [quizId]);
  return rows[0]!.n;
}

/** A question as the taker sees it (no key), with its subtest's position. */
export interface QuestionRow {
  id: string;
  subtest: number;
  position: number;
  type: QuestionType;
  body: string;
  image_url: string | null;
  options: { id: string; body: string }[];
}

/** The questions of a quiz in order, with their options in order, without any key. */
export async function questionsOf(db: Queryable, quizId: string): Promise<QuestionRow[]> {
  const { rows } = await db.query<QuestionRow>(
    `SELECT q.id, s.position AS subtest, q.position, q.type, q.body, q.image_url,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'body', o.body) ORDER BY o.position) FROM quiz_options o WHERE o.question_id = q.id), '[]') AS options
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id
      WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  return rows;
}

/** The positions of the subtests whose questions show a picture (by its address); empty when none does. */
export async function subtestsShowingPicture(db: Queryable, quizId: string, imageUrl: string): Promise<number[]> {
  const { rows } = await db.query<{ position: number }>(
    'SELECT DISTINCT s.position FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 AND q.image_url = $2',
    [quizId, imageUrl],
  );
  return rows.map((r) => r.position);
}

/** One question of a quiz with where it sits and its option ids; undefined when it is not of that quiz. */
export async function questionOfQuiz(db: Queryable, quizId: string, questionId: string): Promise<{ id: string; type: QuestionType; subtest: number; option_ids: string[] } | undefined> {
  const { rows } = await db.query<{ id: string; type: QuestionType; subtest: number; option_ids: string[] }>(
    `SELECT q.id, q.type, s.position AS subtest, coalesce(array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id), '{}') AS option_ids
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.id = $1 AND q.quiz_id = $2`,
    [questionId, quizId],
  );
  return rows[0];
}

/** Every question's key with its subtest: only for scoring and for review after the results are open. */
export async function answerKeysOf(db: Queryable, quizId: string): Promise<(AnswerKey & { id: string; subtest_id: string })[]> {
  const { rows } = await db.query<{ id: string; subtest_id: string; type: QuestionType; points: number; numeric_answer: number | null; correct: string[] }>(
    `SELECT q.id, q.subtest_id, q.type, q.points::float8 AS points, q.numeric_answer::float8 AS numeric_answer,
            coalesce(array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id AND o.correct), '{}') AS correct
       FROM quiz_questions q WHERE q.quiz_id = $1`,
    [quizId],
  );
  return rows.map((r) => ({ id: r.id, subtest_id: r.subtest_id, type: r.type, points: r.points, numericAnswer: r.numeric_answer, correctOptionIds: r.correct }));
}

/** Questions with their keys, explanations and reference material, for the review after results open. */
export async function reviewOf(db: Queryable, quizId: string) {
  const { rows } = await db.query<{
    id: string; subtest: number; position: number; type: QuestionType; body: string; image_url: string | null;
    explanation: string; reference: string; numeric_answer: number | null; options: { id: string; body: string; correct: boolean }[];
  }>(
    `SELECT q.id, s.position AS subtest, q.position, q.type, q.body, q.image_url, q.explanation, q.reference, q.numeric_answer::float8 AS numeric_answer,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'body', o.body, 'correct', o.correct) ORDER BY o.position) FROM quiz_options o WHERE o.question_id = q.id), '[]') AS options
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  return rows;
}

/** A question's quiz and reference material. */
export async function questionReference(db: Queryable, questionId: string): Promise<{ quiz_id: string; reference: string; explanation: string } | undefined> {
  const { rows } = await db.query<{ quiz_id: string; reference: string; explanation: string }>('SELECT quiz_id, reference, explanation FROM quiz_questions WHERE id = $1', [questionId]);
  return rows[0];
}

/** Whether someone may start a paid package (bought or redeemed). */
export async function hasAccess(db: Queryable, quizId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM quiz_access WHERE quiz_id = $1 AND user_id = $2', [quizId, userId]);
  return rows.length > 0;
}

/** Gives someone a paid package; a second grant keeps the first. */
export async function grantAccess(db: Queryable, quizId: string, userId: string, source: 'order' | 'voucher', now: Date): Promise<void> {
  await db.query('INSERT INTO quiz_access (quiz_id, user_id, source, granted_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [quizId, userId, source, now]);
}

/** A voucher, locked for its redemption. */
export async function lockVoucher(db: Queryable, code: string): Promise<{ code: string; quiz_id: string; uses_left: number; organization_id: string } | undefined> {
  const { rows } = await db.query<{ code: string; quiz_id: string; uses_left: number; organization_id: string }>(
    'SELECT v.code, v.quiz_id, v.uses_left, q.organization_id FROM quiz_vouchers v JOIN quizzes q ON q.id = v.quiz_id WHERE v.code = $1 FOR UPDATE OF v',
    [code],
  );
  return rows[0];
}

/** Uses a voucher once. */
export async function useVoucher(db: Queryable, code: string): Promise<void> {
  await db.query('UPDATE quiz_vouchers SET uses_left = uses_left - 1 WHERE code = $1', [code]);
}

/** Titles of tryout packages, by id, for order lines. */
export async function quizTitles(db: Queryable, ids: string[]): Promise<{ id: string; title: string; price: number }[]> {
  const { rows } = await db.query<{ id: string; title: string; price: number }>('SELECT id, title, price FROM quizzes WHERE id = ANY($1::uuid[])', [ids]);
  return rows;
}
