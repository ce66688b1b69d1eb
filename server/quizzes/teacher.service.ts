import type { z } from 'zod';
import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { requireClassTeacher } from '../schools/membership.repository.ts';
import type { quizInputSchema } from '../../src/lib/quizzes/schema.ts';
import { quizForTeacher } from './access.ts';
import { extendClose, insertQuiz, publish, updateQuiz, writeContent } from './authoring.repository.ts';
import { extendAttempts } from './attempts.repository.ts';
import { attachQuestionPictures } from './pictures.service.ts';
import { deleteObjectBytes } from '../storage/uploads.ts';

/*
 * A teacher's quizzes: written for one class of their school, as one timed part, changed freely
 * until published, then published; after an outage the teacher gives more minutes to one
 * student's attempt or to everyone (then the window's close moves by as much too).
 */

type QuizInput = z.output<typeof quizInputSchema>;

function content(input: QuizInput) {
  return [{
    title: input.title,
    seconds: input.duration_minutes * 60,
    questions: input.questions.map((q) => ({ ...q, options: q.type === 'numeric' ? [] : q.options })),
  }];
}

/**
 * POST quiz-create: a new unpublished quiz for a class the caller teaches (403 `not_class_teacher`),
 * its questions' pictures attached to it (attachQuestionPictures; a refused picture saves nothing).
 */
export async function createQuiz(deps: ApiDeps, caller: UserRow, input: QuizInput) {
  const id = await inTransaction(deps.db, async (tx) => {
    await requireClassTeacher(tx, input.class_id, caller.id);
    const { rows } = await tx.query<{ school_id: string }>('SELECT school_id FROM classes WHERE id = $1', [input.class_id]);
    const quizId = await insertQuiz(tx, {
      organization_id: caller.organization_id, kind: 'quiz', title: input.title, description: input.description, passing_grade: input.passing_grade,
      opens_at: new Date(input.opens_at), closes_at: new Date(input.closes_at), shuffle: input.shuffle, negative_marking: input.negative_marking,
      max_attempts: input.max_attempts, school_id: rows[0]!.school_id, class_id: input.class_id, created_by: caller.id,
    });
    await writeContent(tx, quizId, content(input));
    await attachQuestionPictures(tx, deps.store, caller.id, quizId, input.questions);
    return quizId;
  });
  return { data: { quiz_id: id } };
}

/**
 * POST quiz-update: rewrites an unpublished quiz (409 `quiz_published` once published; the class
 * cannot change). New pictures are attached as on creation; those no longer shown are deleted.
 */
export async function editQuiz(deps: ApiDeps, caller: UserRow, quizId: string, input: QuizInput) {
  const dropped = await inTransaction(deps.db, async (tx) => {
    const quiz = await quizForTeacher(tx, caller, quizId, { lock: true });
    if (quiz.published_at) throw conflict('quiz_published', 'A published quiz can no longer be changed.');
    if (quiz.class_id !== input.class_id) throw badRequest('invalid_class_id', 'A quiz stays with its class.', 'class_id');
    await updateQuiz(tx, quiz.id, { ...input, opens_at: new Date(input.opens_at), closes_at: new Date(input.closes_at) });
    await writeContent(tx, quiz.id, content(input));
    return attachQuestionPictures(tx, deps.store, caller.id, quiz.id, input.questions);
  });
  await deleteObjectBytes(deps.store, dropped);
  return { data: { quiz_id: quizId } };
}

/** POST quiz-publish: the class can see and take it; publishing twice changes nothing. */
export async function publishQuiz(deps: ApiDeps, caller: UserRow, quizId: string) {
  await inTransaction(deps.db, async (tx) => {
    await quizForTeacher(tx, caller, quizId, { lock: true });
    await publish(tx, quizId, deps.now());
  });
  return { data: { quiz_id: quizId, published: true } };
}

/**
 * POST quiz-extend-time: adds minutes to the open attempt of one student (`user_id`) or to every
 * open attempt, and for everyone also to the window's close. 409 `quiz_scored` once results were built.
 */
export async function extendTime(deps: ApiDeps, caller: UserRow, input: { quiz_id: string; user_id?: string; minutes: number }) {
  const extended = await inTransaction(deps.db, async (tx) => {
    const quiz = await quizForTeacher(tx, caller, input.quiz_id, { lock: true });
    if (quiz.scored_at) throw conflict('quiz_scored', 'This quiz has been scored; its time can no longer change.');
    const seconds = input.minutes * 60;
    if (!input.user_id) await extendClose(tx, quiz.id, seconds);
    return extendAttempts(tx, quiz.id, seconds, input.user_id);
  });
  return { data: { quiz_id: input.quiz_id, attempts_extended: extended } };
}
