import type { Queryable } from '../db/client.ts';
import { findUserById } from '../auth/repository.ts';
import { ApiError } from '../http/errors.ts';
import { pictureUrl } from '../../src/lib/quizzes/rules.ts';
import { quizForCaller, resultsOpen, subtestShown } from './access.ts';
import { attemptsOf } from './attempts.repository.ts';
import { subtestsShowingPicture } from './quizzes.repository.ts';

/**
 * Whether someone may see a picture of a quiz's questions: exactly when they may see a question
 * that shows it, by the rules that show the questions themselves (quizForCaller, subtestShown,
 * resultsOpen). A teacher of the quiz's class always; a taker while one of their attempts shows
 * the question (a linear tryout's later subtests not before they start), or after handing in once
 * the review is open to them (a tryout's after it was scored). A paid tryout is taken, and so its
 * pictures seen, only by those entitled to it. A visitor never.
 */
export async function quizPictureVisible(db: Queryable, quizId: string, objectId: string, viewerId: string | null): Promise<boolean> {
  if (viewerId === null) return false;
  const viewer = await findUserById(db, viewerId);
  if (!viewer) return false;
  let access: Awaited<ReturnType<typeof quizForCaller>>;
  try {
    access = await quizForCaller(db, viewer, quizId);
  } catch (error) {
    // Someone who may not see the quiz may not see its pictures.
    if (error instanceof ApiError) return false;
    throw error;
  }
  const { quiz, role } = access;
  if (role === 'teacher') return true;
  const subtests = await subtestsShowingPicture(db, quiz.id, pictureUrl(objectId));
  if (!subtests.length) return false;
  const attempts = await attemptsOf(db, quiz.id, viewer.id);
  if (attempts.some((a) => subtests.some((position) => subtestShown(quiz, a, position)))) return true;
  return attempts.some((a) => a.submitted_at) && resultsOpen(quiz, true);
}
