import type { Queryable } from '../db/client.ts';
import type { QuestionType, QuizKind } from '../../src/lib/quizzes/values.ts';

/* Writing quizzes: the quiz row, its subtests and its questions with options, in batches. */

/** A quiz's settings as written. */
export interface QuizFields {
  organization_id: string;
  kind: QuizKind;
  title: string;
  description: string;
  subject_group?: string;
  level?: string;
  price?: number;
  passing_grade: number;
  opens_at: Date;
  closes_at: Date;
  linear?: boolean;
  shuffle?: boolean;
  negative_marking?: number;
  max_attempts?: number;
  school_id?: string | null;
  class_id?: string | null;
  created_by?: string | null;
  published_at?: Date | null;
}

/** A question as written, with its options. */
export interface QuestionFields {
  type: QuestionType;
  body: string;
  image_url?: string | null;
  explanation?: string;
  reference?: string;
  points?: number;
  answer?: number | null;
  options: { body: string; correct: boolean }[];
}

/** Inserts a quiz and answers its id. */
export async function insertQuiz(db: Queryable, q: QuizFields): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO quizzes (organization_id, kind, title, description, subject_group, level, price, passing_grade, opens_at, closes_at, linear, shuffle,
                          negative_marking, max_attempts, school_id, class_id, created_by, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
    [q.organization_id, q.kind, q.title, q.description, q.subject_group ?? 'umum', q.level ?? 'SMA', q.price ?? 0, q.passing_grade, q.opens_at, q.closes_at,
      q.linear ?? false, q.shuffle ?? false, q.negative_marking ?? 0, q.max_attempts ?? 1, q.school_id ?? null, q.class_id ?? null, q.created_by ?? null, q.published_at ?? null],
  );
  return rows[0]!.id;
}

/** Changes a quiz's written settings. */
export async function updateQuiz(db: Queryable, id: string, q: Pick<QuizFields, 'title' | 'description' | 'passing_grade' | 'opens_at' | 'closes_at' | 'shuffle' | 'negative_marking' | 'max_attempts'>): Promise<void> {
  await db.query(
    `UPDATE quizzes SET title = $2, description = $3, passing_grade = $4, opens_at = $5, closes_at = $6, shuffle = $7, negative_marking = $8, max_attempts = $9 WHERE id = $1`,
    [id, q.title, q.description, q.passing_grade, q.opens_at, q.closes_at, q.shuffle ?? false, q.negative_marking ?? 0, q.max_attempts ?? 1],
  );
}

/** Replaces a quiz's subtests and questions: each subtest with its title, seconds and questions, in order. */
export async function writeContent(db: Queryable, quizId: string, subtests: { title: string; seconds: number; questions: QuestionFields[] }[]): Promise<void> {
  await db.query('DELETE FROM quiz_subtests WHERE quiz_id = $1', [quizId]);
  const { rows: ids } = await db.query<{ id: string; position: number }>(
    'INSERT INTO quiz_subtests (quiz_id, position, title, duration_seconds) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::int[]) RETURNING id, position',
    [quizId, subtests.map((_, i) => i + 1), subtests.map((s) => s.title), subtests.map((s) => s.seconds)],
  );
  const subtestId = new Map(ids.map((r) => [r.position, r.id]));
  const questions = subtests.flatMap((s, si) => s.questions.map((q, qi) => ({ ...q, subtest: subtestId.get(si + 1)!, position: qi + 1 })));
  if (!questions.length) return;
  const { rows: qids } = await db.query<{ id: string; subtest_id: string; position: number }>(
    `INSERT INTO quiz_questions (quiz_id, subtest_id, position, type, body, image_url, explanation, reference, points, numeric_answer)
     SELECT $1, * FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::numeric[])
     RETURNING id, subtest_id, position`,
    [quizId, questions.map((q) => q.subtest), questions.map((q) => q.position), questions.map((q) => q.type), questions.map((q) => q.body),
      questions.map((q) => q.image_url ?? null), questions.map((q) => q.explanation ?? ''), questions.map((q) => q.reference ?? ''),
      questions.map((q) => q.points ?? 1), questions.map((q) => q.answer ?? null)],
  );
  const questionId = new Map(qids.map((r) => [`${r.subtest_id}:${r.position}`, r.id]));
  const options = questions.flatMap((q) => q.options.map((o, oi) => ({ question: questionId.get(`${q.subtest}:${q.position}`)!, position: oi + 1, ...o })));
  if (!options.length) return;
  await db.query(
    'INSERT INTO quiz_options (question_id, position, body, correct) SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::boolean[])',
    [options.map((o) => o.question), options.map((o) => o.position), options.map((o) => o.body), options.map((o) => o.correct)],
  );
}

/** Publishes a quiz (takers can see and start it). */
export async function publish(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE quizzes SET published_at = $2 WHERE id = $1 AND published_at IS NULL', [id, now]);
}

/** Moves a quiz's close later by some seconds. */
export async function extendClose(db: Queryable, id: string, seconds: number): Promise<void> {
  await db.query('UPDATE quizzes SET closes_at = closes_at + make_interval(secs => $2) WHERE id = $1', [id, seconds]);
}
