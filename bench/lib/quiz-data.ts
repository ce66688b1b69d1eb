import type { Db } from '../../server/db/client.ts';
import { insertQuiz, writeContent } from '../../server/quizzes/authoring.repository.ts';

/*
 * What the quizzes measure writes straight into the database: schools across the regencies,
 * signed-in students (users with a session each), published linear tryouts of single-choice
 * questions, attempts in progress, and for the scoring row a closed tryout with 100,000 handed-in
 * attempts and their answers, scored on submission as the API scores them (right or wrong per
 * answer, the raw score per subtest). Everything else the rows do goes through the API or the
 * server's own functions.
 */

/** A question of a bench tryout: its subtest (1-based), option ids in order and the right one. */
export interface BenchQuestion {
  id: string;
  subtest: number;
  options: string[];
  right: string;
}

/** A school the bench attempts are recorded at, with its place for the rankings. */
export interface BenchSchool {
  id: string;
  province_code: string;
  regency_code: string;
}

/** The shape of a bench tryout: subtests of `questions` four-option questions, `minutes` each. */
export interface TryoutShape {
  subtests: number;
  questions: number;
  minutes: number;
}

/** `count` schools spread evenly over the regencies (and so the provinces) the database knows. */
export async function writeSchools(db: Db, organizationId: string, count: number): Promise<BenchSchool[]> {
  const { rows } = await db.query<BenchSchool>(
    `WITH r AS (SELECT code, province_code, row_number() OVER (ORDER BY code) - 1 AS i, count(*) OVER () AS c FROM regencies)
     INSERT INTO schools (organization_id, npsn, name, level, status, province_code, regency_code)
     SELECT $1, (98000000 + n)::text, 'SMA Bench ' || n, 'SMA', 'negeri', r.province_code, r.code
       FROM generate_series(0, $2 - 1) n JOIN r ON r.i = n % r.c
     RETURNING id, province_code, regency_code`,
    [organizationId, count],
  );
  if (rows.length !== count) throw new Error(`wrote ${rows.length} of ${count} schools: the database has no regencies`);
  return rows;
}

/** `count` verified students, each signed in (a session row, as a login makes). */
export async function writeStudents(db: Db, organizationId: string, tag: string, count: number): Promise<{ id: string; sessionId: string }[]> {
  const { rows } = await db.query<{ id: string; sessionId: string }>(
    `WITH u AS (
       INSERT INTO users (organization_id, email, name, role_code, verified_at)
       SELECT $1, 'siswa-' || $2 || '-' || n || '@skala.id', 'Siswa ' || n, 303, now() FROM generate_series(0, $3 - 1) n
       RETURNING id)
     INSERT INTO sessions (user_id, user_agent) SELECT id, 'bench' FROM u RETURNING user_id AS id, id AS "sessionId"`,
    [organizationId, tag, count],
  );
  return rows;
}

/** A published linear tryout open over `window`; answers its id and questions in order. */
export async function writeTryout(db: Db, organizationId: string, title: string, shape: TryoutShape, window: { opensAt: Date; closesAt: Date }): Promise<{ quizId: string; questions: BenchQuestion[] }> {
  const quizId = await insertQuiz(db, {
    organization_id: organizationId, kind: 'tryout', title, description: 'Bench', passing_grade: 500, linear: true,
    opens_at: window.opensAt, closes_at: window.closesAt, published_at: window.opensAt,
  });
  const option = (body: string, correct: boolean) => ({ body, correct });
  await writeContent(db, quizId, Array.from({ length: shape.subtests }, (_, s) => ({
    title: `Subtes ${s + 1}`,
    seconds: shape.minutes * 60,
    questions: Array.from({ length: shape.questions }, (_, q) => ({
      type: 'single' as const,
      body: `Soal ${s + 1}.${q + 1}`,
      // The right option moves with the question, so a fixed choice is not always right.
      options: ['A', 'B', 'C', 'D'].map((body, o) => option(body, o === q % 4)),
    })),
  })));
  const { rows } = await db.query<BenchQuestion>(
    `SELECT q.id, s.position AS subtest,
            array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id ORDER BY o.position) AS options,
            (SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  return { quizId, questions: rows };
}

/** An attempt's clock as the engine stores it. */
export interface AttemptClockRow {
  startedAt: Date;
  deadline: Date;
  subtest: number;
  subtestStartedAt: Date;
  subtestDeadline: Date;
}

/** One attempt in progress per student (at the school of its index), as quiz-check writes it; answers the attempt ids in the students' order. */
export async function writeOpenAttempts(db: Db, quizId: string, userIds: string[], schools: BenchSchool[], clock: AttemptClockRow): Promise<string[]> {
  const school = userIds.map((_, i) => schools[i % schools.length]!);
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `INSERT INTO quiz_attempts (quiz_id, user_id, attempt_no, start_key, started_at, deadline_at, current_subtest, subtest_started_at, subtest_deadline_at,
                                school_id, province_code, regency_code)
     SELECT $1::uuid, u.user_id, 1, 'bench-' || $1::uuid || '-' || u.n, $3, $4, $5, $6, $7, u.school_id, u.province_code, u.regency_code
       FROM unnest($2::uuid[], $8::uuid[], $9::text[], $10::text[]) WITH ORDINALITY AS u(user_id, school_id, province_code, regency_code, n)
     RETURNING id, user_id`,
    [quizId, userIds, clock.startedAt, clock.deadline, clock.subtest, clock.subtestStartedAt, clock.subtestDeadline,
      school.map((s) => s.id), school.map((s) => s.province_code), school.map((s) => s.regency_code)],
  );
  const byUser = new Map(rows.map((r) => [r.user_id, r.id]));
  return userIds.map((id) => byUser.get(id)!);
}

/**
 * Saved answers for every attempt of a quiz, as quiz-user-answer leaves them: each question
 * answered with probability 0.9, with the right option with probability 0.6, else the next one.
 */
export async function writeAnswers(db: Db, quizId: string): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO quiz_answers (attempt_id, question_id, option_ids, uncertain, seq, saved_at)
     SELECT a.id, q.id, ARRAY[CASE WHEN random() < 0.6 THEN q.right_id ELSE q.wrong_id END], false, 1, now()
       FROM quiz_attempts a
      CROSS JOIN (SELECT q.id,
                         (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right_id,
                         (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND NOT o.correct ORDER BY o.position LIMIT 1) AS wrong_id
                    FROM quiz_questions q WHERE q.quiz_id = $1) q
      WHERE a.quiz_id = $1 AND random() < 0.9`,
    [quizId],
  );
  return rowCount ?? 0;
}
