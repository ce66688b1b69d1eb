import type { TestContext } from '../test/context.ts';
import { insertQuiz, writeContent, type QuestionFields, type QuizFields } from './authoring.repository.ts';

/* Shared steps of the quiz tests: schools with a class, enrolled people, and tryouts with known keys. */

let schoolCount = 0;

/** A school in the `n`-th regency (by code) with one class; answers their ids and place. */
export async function makeSchool(ctx: TestContext, n = 0): Promise<{ schoolId: string; classId: string; regency: string; province: string }> {
  schoolCount += 1;
  const { rows } = await ctx.db.query<{ code: string; province_code: string }>('SELECT code, province_code FROM regencies ORDER BY code OFFSET $1 LIMIT 1', [n]);
  const place = rows[0]!;
  const npsn = String(30000000 + schoolCount + Math.floor(Math.random() * 1_000_000) * 10).slice(0, 8);
  const school = await ctx.db.query<{ id: string }>(
    `INSERT INTO schools (organization_id, npsn, name, level, status, province_code, regency_code) VALUES ($1, $2, $3, 'SMA', 'negeri', $4, $5) RETURNING id`,
    [ctx.config.organizationId, npsn, `SMA Uji ${schoolCount}`, place.province_code, place.code],
  );
  const schoolId = school.rows[0]!.id;
  const year = await ctx.db.query<{ id: string }>('INSERT INTO school_years (school_id, start_year, end_year) VALUES ($1, 2026, 2027) RETURNING id', [schoolId]);
  const cls = await ctx.db.query<{ id: string }>(`INSERT INTO classes (school_id, school_year_id, name, grade) VALUES ($1, $2, 'XI IPA 1', 11) RETURNING id`, [schoolId, year.rows[0]!.id]);
  return { schoolId, classId: cls.rows[0]!.id, regency: place.code, province: place.province_code };
}

/** Makes someone an approved member of the school and of its class. */
export async function enrol(ctx: TestContext, school: { schoolId: string; classId: string }, userId: string, role: 'teacher' | 'student'): Promise<void> {
  await ctx.db.query(`INSERT INTO school_members (school_id, user_id, role, status, full_name, decided_at) VALUES ($1, $2, $3, 1, 'Uji', now())`, [school.schoolId, userId, role]);
  await ctx.db.query('INSERT INTO class_members (class_id, user_id, role) VALUES ($1, $2, $3)', [school.classId, userId, role]);
}

/** A single-choice question whose right option is the first of four. */
export function choice(body: string): QuestionFields {
  return { type: 'single', body, explanation: `Pembahasan ${body}`, reference: `Materi ${body}`, options: [{ body: 'A', correct: true }, { body: 'B', correct: false }, { body: 'C', correct: false }, { body: 'D', correct: false }] };
}

/** A published quiz with subtests of `counts[i]` single-choice questions of `minutes[i]` minutes, open from an hour ago for `hours`. */
export async function makeTryout(ctx: TestContext, options: Partial<QuizFields> & { counts?: number[]; minutes?: number[]; questions?: QuestionFields[][]; hours?: number } = {}): Promise<string> {
  const now = ctx.deps.now();
  const id = await insertQuiz(ctx.db, {
    organization_id: ctx.config.organizationId, kind: 'tryout', title: 'Tryout Uji', description: '', passing_grade: 500,
    opens_at: new Date(now.getTime() - 3_600_000), closes_at: new Date(now.getTime() + (options.hours ?? 2) * 3_600_000), published_at: now, ...options,
  });
  const content = options.questions ?? (options.counts ?? [3]).map((n, s) => Array.from({ length: n }, (_, i) => choice(`S${s + 1}Q${i + 1}`)));
  await writeContent(ctx.db, id, content.map((questions, i) => ({ title: `Subtes ${i + 1}`, seconds: (options.minutes?.[i] ?? 30) * 60, questions })));
  return id;
}

/** The ids of a quiz's questions in order and, per question, the ids of its options with the right ones. */
export async function keysOf(ctx: TestContext, quizId: string): Promise<{ id: string; subtest: number; options: string[]; right: string[] }[]> {
  const { rows } = await ctx.db.query<{ id: string; subtest: number; options: string[]; right: string[] }>(
    `SELECT q.id, s.position AS subtest,
            array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id ORDER BY o.position) AS options,
            array(SELECT o.id::text FROM quiz_options o WHERE o.question_id = q.id AND o.correct ORDER BY o.position) AS right
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  return rows;
}
