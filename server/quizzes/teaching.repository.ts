import type { Queryable } from '../db/client.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';
import type { QuizRow } from './quizzes.repository.ts';
import type { WrittenQuestion } from '../../src/lib/quizzes/schema.ts';

/* Reads of a teacher's own quizzes: the classes they teach, those classes' quizzes, and a quiz as written with its keys. */

/** A class someone teaches, with its school's name and time zone. */
export interface TaughtClass {
  id: string;
  name: string;
  school_name: string;
  time_zone: SchoolTimeZone;
}

/** The classes someone teaches at a school where they are approved, by school, grade and name. */
export async function classesTaught(db: Queryable, userId: string): Promise<TaughtClass[]> {
  const { rows } = await db.query<TaughtClass>(
    `SELECT c.id, c.name, s.name AS school_name, s.time_zone
       FROM class_members cm JOIN classes c ON c.id = cm.class_id JOIN schools s ON s.id = c.school_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
      WHERE cm.user_id = $1 AND cm.role = 'teacher' ORDER BY s.name, c.grade, c.name`,
    [userId],
  );
  return rows;
}

/** A class quiz in its teacher's list, with its size and how many started and handed it in. */
export interface TaughtQuizRow {
  id: string;
  title: string;
  class_id: string;
  opens_at: Date;
  closes_at: Date;
  published_at: Date | null;
  scored_at: Date | null;
  question_count: number;
  duration_seconds: number;
  participant_count: number;
  submitted_count: number;
}

/** The class quizzes of the given classes in the organisation, the latest window first. */
export async function quizzesOfClasses(db: Queryable, organizationId: string, classIds: string[]): Promise<TaughtQuizRow[]> {
  if (!classIds.length) return [];
  const { rows } = await db.query<TaughtQuizRow>(
    `SELECT q.id, q.title, q.class_id, q.opens_at, q.closes_at, q.published_at, q.scored_at,
            (SELECT count(*)::int FROM quiz_questions x WHERE x.quiz_id = q.id) AS question_count,
            (SELECT coalesce(sum(s.duration_seconds), 0)::int FROM quiz_subtests s WHERE s.quiz_id = q.id) AS duration_seconds,
            (SELECT count(DISTINCT a.user_id)::int FROM quiz_attempts a WHERE a.quiz_id = q.id) AS participant_count,
            (SELECT count(DISTINCT a.user_id)::int FROM quiz_attempts a WHERE a.quiz_id = q.id AND a.submitted_at IS NOT NULL) AS submitted_count
       FROM quizzes q
      WHERE q.organization_id = $1 AND q.kind = 'quiz' AND q.class_id = ANY($2::uuid[])
      ORDER BY q.opens_at DESC, q.title, q.id`,
    [organizationId, classIds],
  );
  return rows;
}


/** A quiz's questions in order as written (keys included): only for a teacher of its class. */
export async function writtenQuestionsOf(db: Queryable, quizId: string): Promise<WrittenQuestion[]> {
  const { rows } = await db.query<WrittenQuestion>(
    `SELECT q.type, q.body, q.image_url, q.explanation, q.points::float8 AS points, q.numeric_answer::float8 AS answer,
            coalesce((SELECT json_agg(json_build_object('body', o.body, 'correct', o.correct) ORDER BY o.position) FROM quiz_options o WHERE o.question_id = q.id), '[]') AS options
       FROM quiz_questions q JOIN quiz_subtests s ON s.id = q.subtest_id WHERE q.quiz_id = $1 ORDER BY s.position, q.position`,
    [quizId],
  );
  return rows;
}

/** A quiz's class with its school's name and zone. */
export async function classOfQuiz(db: Queryable, quiz: Pick<QuizRow, 'class_id'>): Promise<TaughtClass | undefined> {
  const { rows } = await db.query<TaughtClass>(
    'SELECT c.id, c.name, s.name AS school_name, s.time_zone FROM classes c JOIN schools s ON s.id = c.school_id WHERE c.id = $1',
    [quiz.class_id],
  );
  return rows[0];
}
