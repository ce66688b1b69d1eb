import type { Queryable } from '../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { classRoleOf, schoolOfUser } from '../schools/membership.repository.ts';
import { findQuiz, type QuizRow } from './quizzes.repository.ts';
import type { AttemptRow } from './attempts.repository.ts';

/*
 * Who may see and take a quiz. A tryout is open to everyone of the organisation once published; a
 * class quiz only to the class (its teachers also before publishing). Someone of another school is
 * told so (403 `quiz_of_another_school`), a classmate of another class is not a member
 * (403 `not_class_member`); an unknown or unpublished quiz is a 404 `quiz_not_found`.
 */

/** How the caller stands to a quiz. */
export type QuizRole = 'teacher' | 'taker';

/** The quiz and the caller's role, or a coded 403/404. */
export async function quizForCaller(db: Queryable, caller: UserRow, quizId: string, options: { lock?: boolean } = {}): Promise<{ quiz: QuizRow; role: QuizRole }> {
  const quiz = await findQuiz(db, quizId, caller.organization_id, options.lock);
  if (!quiz) throw notFound('quiz_not_found', 'This quiz could not be found.');
  if (quiz.kind === 'tryout') {
    if (!quiz.published_at) throw notFound('quiz_not_found', 'This quiz could not be found.');
    return { quiz, role: 'taker' };
  }
  const role = await classRoleOf(db, quiz.class_id!, caller.id);
  if (role === 'teacher') return { quiz, role: 'teacher' };
  if (role === 'student' && quiz.published_at) return { quiz, role: 'taker' };
  if (role === 'student') throw notFound('quiz_not_found', 'This quiz could not be found.');
  const school = await schoolOfUser(db, caller.id);
  if (school?.id !== quiz.school_id) throw forbidden('quiz_of_another_school', 'This quiz belongs to another school.');
  throw forbidden('not_class_member', 'Only the teachers and students of this class may see it.');
}

/** Like quizForCaller, but only a teacher of the quiz's class passes (403 `not_class_teacher`). */
export async function quizForTeacher(db: Queryable, caller: UserRow, quizId: string, options: { lock?: boolean } = {}): Promise<QuizRow> {
  const { quiz, role } = await quizForCaller(db, caller, quizId, options);
  if (role !== 'teacher') throw forbidden('not_class_teacher', 'Only a teacher of this class may do this.');
  return quiz;
}

/**
 * Whether the results (keys, explanations, rankings) of a quiz may be shown to its takers: a
 * class quiz after the taker submitted; a tryout only once its window closed and it was scored.
 */
export function resultsOpen(quiz: QuizRow, submitted: boolean): boolean {
  if (!submitted) return false;
  return quiz.kind === 'quiz' || quiz.scored_at !== null;
}

/**
 * Whether an attempt shows the questions of a subtest (by position) while it runs: every subtest
 * of a quiz taken freely, only the current one of a linear tryout; nothing once handed in (then
 * only the review shows them, when resultsOpen allows).
 */
export function subtestShown(quiz: Pick<QuizRow, 'linear'>, attempt: Pick<AttemptRow, 'submitted_at' | 'current_subtest'>, position: number): boolean {
  return !attempt.submitted_at && (!quiz.linear || position === attempt.current_subtest);
}
