import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { schoolOfUser } from '../schools/membership.repository.ts';
import { attemptDeadline, rollForward, shuffledBy } from '../../src/lib/quizzes/rules.ts';
import { SAVE_GRACE_SECONDS } from '../../src/lib/quizzes/values.ts';
import type { AttemptClock } from '../../src/lib/quizzes/schema.ts';
import { quizForCaller, subtestShown } from './access.ts';
import { hasAccess, questionOfQuiz, questionsOf, subtestsOf, type QuizRow, type SubtestRow } from './quizzes.repository.ts';
import { answersOf, attemptByKey, attemptsOf, findAttempt, insertAttempt, moveAttempt, saveAnswer, type AttemptRow } from './attempts.repository.ts';
import { submitLocked } from './scoring.service.ts';

/*
 * The attempt engine. The server owns the clock: an attempt's deadline is fixed when it starts
 * (the earlier of start + the quizzes' time and the window's close) and every answer tells the page
 * the server's time and the deadlines. A linear tryout runs its subtests one after another, each
 * with its own time; a subtest whose time ran out is over and the next begins at that moment.
 */

const GRACE_MS = SAVE_GRACE_SECONDS * 1000;

/** The clock part of an answer. */
export function clockOf(attempt: AttemptRow, now: Date): AttemptClock {
  return {
    server_time: now.toISOString(),
    deadline_at: attempt.deadline_at.toISOString(),
    subtest: attempt.current_subtest,
    subtest_deadline_at: attempt.subtest_deadline_at.toISOString(),
    submitted_at: attempt.submitted_at?.toISOString() ?? null,
  };
}

/** The caller's own attempt (404 `attempt_not_found`, 403 `not_your_attempt`), locked when asked. */
async function ownAttempt(db: Queryable, caller: UserRow, attemptId: string, lock: boolean): Promise<AttemptRow> {
  const attempt = await findAttempt(db, attemptId, lock);
  if (!attempt) throw notFound('attempt_not_found', 'This attempt could not be found.');
  if (attempt.user_id !== caller.id) throw forbidden('not_your_attempt', 'This attempt belongs to someone else.');
  return attempt;
}

/**
 * Brings a linear attempt's subtest up to the clock (a subtest whose time ran out is over) and
 * stores the move; answers the attempt as it now stands.
 */
async function rollAttempt(db: Queryable, quiz: QuizRow, subtests: SubtestRow[], attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (!quiz.linear || attempt.submitted_at) return attempt;
  const durations = subtests.map((s) => s.duration_seconds);
  const at = rollForward(durations, { subtest: attempt.current_subtest, startedAt: attempt.subtest_started_at, deadline: attempt.subtest_deadline_at }, attempt.deadline_at, now);
  if (at.subtest === attempt.current_subtest) return attempt;
  await moveAttempt(db, attempt.id, { ...at, attemptDeadline: attempt.deadline_at });
  return { ...attempt, current_subtest: at.subtest, subtest_started_at: at.startedAt, subtest_deadline_at: at.deadline };
}

/**
 * POST quiz-check: starts an attempt or answers the open one. The same start key always answers
 * its attempt (a reload after finishing shows the finished one, never a new empty one). Refusals:
 * 409 `quiz_not_open` / `quiz_closed` outside the window, 402 `tryout_not_paid` for a paid package
 * not bought, 409 `attempts_used_up`, 403 `teacher_cannot_take` for the class's teacher.
 */
export async function startAttempt(deps: ApiDeps, caller: UserRow, quizId: string, startKey: string) {
  const now = deps.now();
  const attempt = await inTransaction(deps.db, async (tx) => {
    const { quiz, role } = await quizForCaller(tx, caller, quizId);
    const byKey = await attemptByKey(tx, caller.id, startKey);
    if (byKey && byKey.quiz_id === quiz.id) return byKey;
    if (byKey) throw badRequest('invalid_start_key', 'This start key was used for another quiz.', 'start_key');
    const previous = await attemptsOf(tx, quiz.id, caller.id);
    const open = previous.find((a) => !a.submitted_at);
    if (open) return open;
    if (role === 'teacher') throw forbidden('teacher_cannot_take', 'A teacher of the class cannot take its quiz.');
    if (now < quiz.opens_at) throw conflict('quiz_not_open', 'This quiz has not opened yet.');
    if (now >= quiz.closes_at) throw conflict('quiz_closed', 'This quiz has closed.');
    if (quiz.price > 0 && !(await hasAccess(tx, quiz.id, caller.id))) throw new ApiError(402, 'tryout_not_paid', 'Buy this package or redeem a voucher first.');
    if (previous.length >= quiz.max_attempts) throw conflict('attempts_used_up', 'You have used all your attempts at this quiz.');
    const subtests = await subtestsOf(tx, quiz.id);
    const durations = subtests.map((s) => s.duration_seconds);
    const deadline = attemptDeadline(durations, 1, now, quiz.closes_at);
    const first = quiz.linear ? new Date(Math.min(now.getTime() + durations[0]! * 1000, deadline.getTime())) : deadline;
    const school = await schoolOfUser(tx, caller.id);
    return insertAttempt(tx, {
      quiz_id: quiz.id, user_id: caller.id, attempt_no: previous.length + 1, start_key: startKey, started_at: now, deadline_at: deadline,
      current_subtest: 1, subtest_started_at: now, subtest_deadline_at: first,
      school_id: school?.id ?? null, province_code: school?.province_code ?? null, regency_code: school?.regency_code ?? null,
    });
  });
  return { data: { attempt_id: attempt.id, attempt_no: attempt.attempt_no, ...clockOf(attempt, now) } };
}

/** GET quiz-question-list: the clock, the subtests, the questions open to the taker (never a key) and the saved answers. */
export async function questionList(deps: ApiDeps, caller: UserRow, attemptId: string) {
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    let attempt = await ownAttempt(tx, caller, attemptId, true);
    const { quiz } = await quizForCaller(tx, caller, attempt.quiz_id);
    const subtests = await subtestsOf(tx, quiz.id);
    attempt = await rollAttempt(tx, quiz, subtests, attempt, now);
    const isOpen = (position: number) => subtestShown(quiz, attempt, position);
    const all = await questionsOf(tx, quiz.id);
    const shown = all.filter((q) => isOpen(q.subtest));
    const ordered = quiz.shuffle ? subtests.flatMap((s) => shuffledBy(shown.filter((q) => q.subtest === s.position), attempt.id)) : shown;
    const questions = ordered.map((q, i) => ({
      id: q.id, subtest: q.subtest, number: i + 1, type: q.type, body: q.body, image_url: q.image_url,
      options: quiz.shuffle && q.type !== 'true_false' ? shuffledBy(q.options, attempt.id) : q.options,
    }));
    const answers = (await answersOf(tx, attempt.id)).filter((a) => questions.some((q) => q.id === a.question_id));
    return {
      data: {
        attempt_id: attempt.id, quiz_id: quiz.id, linear: quiz.linear, ...clockOf(attempt, now),
        subtests: subtests.map((s) => ({ number: s.position, title: s.title, duration_seconds: s.duration_seconds, question_count: s.question_count, open: isOpen(s.position) })),
        questions, answers,
      },
    };
  });
}

/** The refusal of a save on a closed attempt (a 409 body), with the attempt's final clock as `data`. */
export interface ClosedAttempt {
  closed: true;
  body: { errors: { code: 'attempt_closed'; message: string }[]; data: AttemptClock & { attempt_id: string } };
}

function closedAnswer(attempt: AttemptRow, now: Date): ClosedAttempt {
  return { closed: true, body: { errors: [{ code: 'attempt_closed', message: 'Time is up: this attempt has been submitted.' }], data: { attempt_id: attempt.id, ...clockOf(attempt, now) } } };
}

/**
 * POST quiz-user-answer. Refusals, each changing nothing: 404/403 for an unknown or another
 * user's attempt, 404 `question_not_in_quiz`, 409 `subtest_closed` / `subtest_not_open` for a
 * question of a finished or later subtest of a linear tryout, 400 `option_not_of_question`,
 * 400 `too_many_options`, 400 `invalid_value`, 409 `attempt_closed` (with `state`) once the attempt
 * was submitted or its deadline and the grace passed — then the attempt is submitted on the spot
 * and the answer is a ClosedAttempt for the route to send.
 */
export async function saveAnswerFor(deps: ApiDeps, caller: UserRow, input: { attempt_id: string; question_id: string; option_ids: string[]; value: number | null; uncertain: boolean; seq: number }) {
  const now = deps.now();
  type Outcome = { closed: AttemptRow } | { closed?: undefined; saved: { applied: boolean; seq: number }; attempt: AttemptRow };
  const outcome = await inTransaction(deps.db, async (tx): Promise<Outcome> => {
    let attempt = await ownAttempt(tx, caller, input.attempt_id, true);
    if (attempt.submitted_at) return { closed: attempt };
    const { quiz } = await quizForCaller(tx, caller, attempt.quiz_id);
    if (now.getTime() > attempt.deadline_at.getTime() + GRACE_MS) return { closed: await submitLocked(tx, quiz, attempt, attempt.deadline_at, 'timeout') };
    const question = await questionOfQuiz(tx, quiz.id, input.question_id);
    if (!question) throw notFound('question_not_in_quiz', 'This question is not part of this quiz.');
    if (quiz.linear) {
      const subtests = await subtestsOf(tx, quiz.id);
      const durations = subtests.map((s) => s.duration_seconds);
      const stored = { subtest: attempt.current_subtest, startedAt: attempt.subtest_started_at, deadline: attempt.subtest_deadline_at };
      // A save sent just before a subtest's time ran out still counts: it is judged at now − grace too.
      const graced = rollForward(durations, stored, attempt.deadline_at, new Date(now.getTime() - GRACE_MS));
      attempt = await rollAttempt(tx, quiz, subtests, attempt, now);
      if (question.subtest !== attempt.current_subtest && question.subtest !== graced.subtest) {
        if (question.subtest < attempt.current_subtest) throw conflict('subtest_closed', 'This subtest is finished and cannot be reopened.');
        throw conflict('subtest_not_open', 'This subtest has not started yet.');
      }
    }
    const options = new Set(question.option_ids);
    if (input.option_ids.some((id) => !options.has(id))) throw badRequest('option_not_of_question', 'An option does not belong to this question.', 'option_ids');
    if (new Set(input.option_ids).size !== input.option_ids.length) throw badRequest('option_not_of_question', 'An option is given twice.', 'option_ids');
    if (question.type === 'numeric' ? input.option_ids.length > 0 : input.value !== null) throw badRequest('invalid_value', 'This answer does not fit the question type.', 'value');
    if ((question.type === 'single' || question.type === 'true_false') && input.option_ids.length > 1) throw badRequest('too_many_options', 'This question takes one option.', 'option_ids');
    const saved = await saveAnswer(tx, attempt.id, { question_id: question.id, option_ids: input.option_ids, value: input.value, uncertain: input.uncertain, seq: input.seq }, now);
    return { saved, attempt };
  });
  if (outcome.closed) return closedAnswer(outcome.closed, now);
  return { data: { question_id: input.question_id, applied: outcome.saved.applied, seq: outcome.saved.seq, ...clockOf(outcome.attempt, now) } };
}

/** POST quiz-subtest-finish: leaves the current subtest of a linear tryout early; the next starts now. 409 `subtest_closed` for another subtest. */
export async function finishSubtest(deps: ApiDeps, caller: UserRow, attemptId: string, subtest: number) {
  const now = deps.now();
  const attempt = await inTransaction(deps.db, async (tx): Promise<AttemptRow> => {
    let attempt = await ownAttempt(tx, caller, attemptId, true);
    if (attempt.submitted_at) return attempt;
    const { quiz } = await quizForCaller(tx, caller, attempt.quiz_id);
    if (now.getTime() > attempt.deadline_at.getTime() + GRACE_MS) return submitLocked(tx, quiz, attempt, attempt.deadline_at, 'timeout');
    if (!quiz.linear) throw badRequest('not_linear', 'This quiz has no subtests to finish one by one.');
    const subtests = await subtestsOf(tx, quiz.id);
    attempt = await rollAttempt(tx, quiz, subtests, attempt, now);
    if (subtest !== attempt.current_subtest) throw conflict('subtest_closed', 'This subtest is not the current one.');
    if (subtest >= subtests.length) return submitLocked(tx, quiz, attempt, now, 'student');
    const durations = subtests.map((s) => s.duration_seconds);
    const close = quiz.closes_at > attempt.deadline_at ? quiz.closes_at : attempt.deadline_at;
    const attemptEnd = attemptDeadline(durations, subtest + 1, now, close);
    const next = { subtest: subtest + 1, startedAt: now, deadline: new Date(Math.min(now.getTime() + durations[subtest]! * 1000, attemptEnd.getTime())), attemptDeadline: attemptEnd };
    await moveAttempt(tx, attempt.id, next);
    return { ...attempt, current_subtest: next.subtest, subtest_started_at: now, subtest_deadline_at: next.deadline, deadline_at: attemptEnd };
  });
  return { data: { attempt_id: attempt.id, ...clockOf(attempt, now) } };
}

/** POST quiz-submit: the taker hands in; submitting again answers the same result. After the deadline the submission time is the deadline. */
export async function submitAttempt(deps: ApiDeps, caller: UserRow, attemptId: string) {
  const now = deps.now();
  const attempt = await inTransaction(deps.db, async (tx) => {
    const attempt = await ownAttempt(tx, caller, attemptId, true);
    if (attempt.submitted_at) return attempt;
    const { quiz } = await quizForCaller(tx, caller, attempt.quiz_id);
    const late = now > attempt.deadline_at;
    return submitLocked(tx, quiz, attempt, late ? attempt.deadline_at : now, late ? 'timeout' : 'student');
  });
  return { data: { attempt_id: attempt.id, ...clockOf(attempt, now) } };
}
