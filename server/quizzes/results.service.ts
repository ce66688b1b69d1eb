import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { RankingScope } from '../../src/lib/quizzes/values.ts';
import { quizForCaller, resultsOpen } from './access.ts';
import { questionReference, reviewOf } from './quizzes.repository.ts';
import { answersOf, attemptsOf, type AttemptRow } from './attempts.repository.ts';
import { rankingPage, ranksOf, reportOf, subtestScoresOf } from './results.repository.ts';

/*
 * Results after the fact: the caller's scores and places, the review with keys and explanations,
 * rankings and a quiz's summary. Keys and explanations are shown only once resultsOpen allows
 * (403 `results_not_open` before), so no right answer reaches a browser early.
 */

/** The caller's first attempt, the one that scores and ranks. */
async function firstAttempt(deps: ApiDeps, quizId: string, userId: string): Promise<AttemptRow | undefined> {
  return (await attemptsOf(deps.db, quizId, userId)).find((a) => a.attempt_no === 1);
}

/**
 * GET tryout-achievements: the caller's result. Before final scoring `final` is null and only the
 * provisional raw score is given; afterwards the final scores, passing, the place in each scope and
 * the badges earned (passed; first in school; top 10 % of the nation).
 */
export async function achievements(deps: ApiDeps, caller: UserRow, quizId: string) {
  const { quiz } = await quizForCaller(deps.db, caller, quizId);
  const attempt = await firstAttempt(deps, quiz.id, caller.id);
  if (!attempt?.submitted_at) throw notFound('no_result', 'You have no finished attempt at this quiz.');
  const subtests = await subtestScoresOf(deps.db, attempt.id);
  const ranks = await ranksOf(deps.db, quiz.id, caller.id);
  const badges: string[] = [];
  if (attempt.passed) badges.push('passed');
  if (ranks.some((r) => r.scope === 'school' && r.rank === 1)) badges.push('first_in_school');
  if (ranks.some((r) => r.scope === 'nation' && r.rank <= Math.ceil(r.of / 10))) badges.push('top_ten_percent');
  return {
    data: {
      quiz_id: quiz.id, attempt_id: attempt.id, scored: quiz.kind === 'quiz' || quiz.scored_at !== null,
      raw_score: attempt.raw_score, final_score: attempt.final_score, passed: attempt.passed, passing_grade: quiz.passing_grade,
      submitted_at: attempt.submitted_at.toISOString(), duration_seconds: Math.round((attempt.submitted_at.getTime() - attempt.started_at.getTime()) / 1000),
      subtests, ranks: ranks.map(({ scope, rank, of, score }) => ({ scope, rank, of, score })), badges,
    },
  };
}

/** GET tryout-explanation (and the quiz review): every question with its key, the caller's answer, the explanation and reference material. */
export async function explanation(deps: ApiDeps, caller: UserRow, quizId: string) {
  const { quiz } = await quizForCaller(deps.db, caller, quizId);
  const attempt = (await attemptsOf(deps.db, quiz.id, caller.id)).find((a) => a.submitted_at);
  if (!attempt || !resultsOpen(quiz, true)) throw forbidden('results_not_open', 'The answers are shown once you have finished and the tryout has closed.');
  const mine = new Map((await answersOf(deps.db, attempt.id)).map((a) => [a.question_id, a]));
  const { rows } = await deps.db.query<{ question_id: string; correct: boolean | null }>('SELECT question_id, correct FROM quiz_answers WHERE attempt_id = $1', [attempt.id]);
  const right = new Map(rows.map((r) => [r.question_id, r.correct]));
  const data = (await reviewOf(deps.db, quiz.id)).map((q, i) => ({
    ...q, number: i + 1,
    answer: mine.get(q.id) ? { option_ids: mine.get(q.id)!.option_ids, value: mine.get(q.id)!.value } : null,
    correct: right.get(q.id) ?? false,
  }));
  return { data };
}

/** GET question-reference-materials: a question's explanation and reference material, once its results are open. */
export async function referenceMaterials(deps: ApiDeps, caller: UserRow, questionId: string) {
  const question = await questionReference(deps.db, questionId);
  if (!question) throw notFound('question_not_found', 'This question could not be found.');
  const { quiz } = await quizForCaller(deps.db, caller, question.quiz_id);
  const submitted = (await attemptsOf(deps.db, quiz.id, caller.id)).some((a) => a.submitted_at);
  if (!resultsOpen(quiz, submitted)) throw forbidden('results_not_open', 'The answers are shown once you have finished and the tryout has closed.');
  return { data: { question_id: questionId, explanation: question.explanation, reference: question.reference } };
}

/**
 * GET quiz-rating-list: one page of a scope's ranking. The narrower scopes are the caller's own:
 * the province, city and school on their first attempt (409 `no_scope` without one). Empty with
 * `ready: false` until the ranking is built.
 */
export async function ratingList(deps: ApiDeps, caller: UserRow, query: { quiz_id: string; scope: RankingScope; limit: number; offset: number }) {
  const { quiz } = await quizForCaller(deps.db, caller, query.quiz_id);
  let code = '';
  if (query.scope !== 'nation') {
    const attempt = await firstAttempt(deps, quiz.id, caller.id);
    const codes = { province: attempt?.province_code, city: attempt?.regency_code, school: attempt?.school_id };
    const found = codes[query.scope];
    if (!found) throw conflict('no_scope', 'You have no school recorded on this quiz, so there is no such ranking for you.');
    code = found;
  }
  const { rows, total } = await rankingPage(deps.db, quiz.id, query.scope, code, query.limit, query.offset);
  return { data: rows, meta: { total, limit: query.limit, offset: query.offset, ready: quiz.scored_at !== null, scope: query.scope } };
}

/** GET quiz-rating-detail: the caller's place in every scope. */
export async function ratingDetail(deps: ApiDeps, caller: UserRow, quizId: string) {
  const { quiz } = await quizForCaller(deps.db, caller, quizId);
  const ranks = await ranksOf(deps.db, quiz.id, caller.id);
  return { data: { quiz_id: quiz.id, ready: quiz.scored_at !== null, ranks: ranks.map(({ scope, rank, of, score }) => ({ scope, rank, of, score })) } };
}

/** GET quiz-rating-report: the quiz's summary; for a teacher of the class at any time, for takers once results are ranked. */
export async function ratingReport(deps: ApiDeps, caller: UserRow, quizId: string) {
  const { quiz, role } = await quizForCaller(deps.db, caller, quizId);
  if (role !== 'teacher' && quiz.scored_at === null) throw forbidden('results_not_open', 'The summary is shown once the quiz has closed and been scored.');
  return { data: { quiz_id: quiz.id, passing_grade: quiz.passing_grade, ...(await reportOf(deps.db, quiz.id)) } };
}
