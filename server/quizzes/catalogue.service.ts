import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notFound } from '../http/errors.ts';
import { quizForCaller } from './access.ts';
import { grantAccess, hasAccess, listTryouts, lockVoucher, participantCount, subtestsOf, useVoucher, type QuizRow, type TryoutFilter } from './quizzes.repository.ts';
import { attemptsOf, type AttemptRow } from './attempts.repository.ts';
import { participantsOf } from './results.repository.ts';

/* Finding tryouts and quizzes: the list, one quiz's page, its participants, and vouchers. */

/** Whether the window is ahead, open or over. */
export function windowState(quiz: Pick<QuizRow, 'opens_at' | 'closes_at'>, now: Date): 'upcoming' | 'open' | 'closed' {
  if (now < quiz.opens_at) return 'upcoming';
  return now < quiz.closes_at ? 'open' : 'closed';
}

function attemptView(a: AttemptRow | undefined) {
  if (!a) return null;
  return {
    id: a.id, attempt_no: a.attempt_no, state: a.submitted_at ? 'submitted' : 'in_progress',
    started_at: a.started_at.toISOString(), deadline_at: a.deadline_at.toISOString(), submitted_at: a.submitted_at?.toISOString() ?? null,
    raw_score: a.raw_score, final_score: a.final_score, passed: a.passed,
  };
}

/** GET tryout-list. */
export async function tryoutList(deps: ApiDeps, caller: UserRow, filter: TryoutFilter) {
  const now = deps.now();
  const { rows, total } = await listTryouts(deps.db, caller.organization_id, filter, now);
  const data = rows.map((q) => ({
    id: q.id, title: q.title, subject_group: q.subject_group, level: q.level, price: q.price, free: q.price === 0,
    opens_at: q.opens_at.toISOString(), closes_at: q.closes_at.toISOString(), window: windowState(q, now),
    question_count: q.question_count, duration_seconds: q.duration_seconds, participant_count: q.participant_count,
  }));
  return { data, meta: { total, limit: filter.limit, offset: filter.offset } };
}

/**
 * GET quiz-detail and tryout-detail: what the quiz is (subtests with their question counts and
 * time, passing grade, window, price), how many took it, and where the caller stands: `access`
 * (free, owned or to buy), the latest attempt and whether a new one may start (`can_start`).
 */
export async function quizDetail(deps: ApiDeps, caller: UserRow, quizId: string) {
  const now = deps.now();
  const { quiz, role } = await quizForCaller(deps.db, caller, quizId);
  const subtests = await subtestsOf(deps.db, quiz.id);
  const attempts = await attemptsOf(deps.db, quiz.id, caller.id);
  const owned = quiz.price === 0 || (await hasAccess(deps.db, quiz.id, caller.id));
  const window = windowState(quiz, now);
  const latest = attempts[0];
  const canStart = role === 'taker' && window === 'open' && owned && (latest ? !latest.submitted_at || attempts.length < quiz.max_attempts : true);
  return {
    data: {
      id: quiz.id, kind: quiz.kind, title: quiz.title, description: quiz.description, subject_group: quiz.subject_group, level: quiz.level,
      price: quiz.price, free: quiz.price === 0, access: quiz.price === 0 ? 'free' : owned ? 'owned' : 'buy',
      passing_grade: quiz.passing_grade, opens_at: quiz.opens_at.toISOString(), closes_at: quiz.closes_at.toISOString(), window,
      linear: quiz.linear, max_attempts: quiz.max_attempts, published: quiz.published_at !== null, scored: quiz.scored_at !== null,
      class_id: quiz.class_id, role,
      subtests: subtests.map((s) => ({ number: s.position, title: s.title, duration_seconds: s.duration_seconds, question_count: s.question_count })),
      question_count: subtests.reduce((n, s) => n + s.question_count, 0),
      duration_seconds: subtests.reduce((n, s) => n + s.duration_seconds, 0),
      participant_count: await participantCount(deps.db, quiz.id),
      attempt: attemptView(latest),
      attempts_used: attempts.length,
      can_start: canStart,
      server_time: now.toISOString(),
    },
  };
}

/**
 * GET quiz-participant-list and tryout-participant-list: who took the quiz, first attempts, by
 * name. A teacher of a class quiz also sees each one's state, score, deadline and whether the
 * student or the clock handed it in (`submitted_by`).
 */
export async function participantList(deps: ApiDeps, caller: UserRow, query: { quiz_id: string; limit: number; offset: number }) {
  const { quiz, role } = await quizForCaller(deps.db, caller, query.quiz_id);
  const { rows, total } = await participantsOf(deps.db, quiz.id, query.limit, query.offset);
  const showScores = role === 'teacher' || quiz.scored_at !== null;
  const data = rows.map((r) => ({
    user_id: r.user_id, name: r.name, avatar_url: r.avatar_url, school_name: r.school_name,
    state: r.submitted_at ? 'submitted' : 'in_progress', submitted_at: r.submitted_at?.toISOString() ?? null,
    ...(showScores ? { final_score: r.final_score, raw_score: r.raw_score, passed: r.passed, deadline_at: r.deadline_at.toISOString() } : {}),
    ...(role === 'teacher' ? { submitted_by: r.submitted_by } : {}),
  }));
  return { data, meta: { total, limit: query.limit, offset: query.offset } };
}

/**
 * POST redeem-voucher: a valid code gives its package. 404 `voucher_invalid` for an unknown code
 * (or one of another organisation), 409 `voucher_used` when its uses are spent, 409
 * `already_owned` when the caller has the package already (the voucher is not used then).
 */
export async function redeemVoucher(deps: ApiDeps, caller: UserRow, code: string) {
  const now = deps.now();
  const quizId = await inTransaction(deps.db, async (tx) => {
    const voucher = await lockVoucher(tx, code);
    if (!voucher || voucher.organization_id !== caller.organization_id) throw notFound('voucher_invalid', 'The voucher code you entered is wrong.');
    if (await hasAccess(tx, voucher.quiz_id, caller.id)) throw conflict('already_owned', 'You already have this package.');
    if (voucher.uses_left <= 0) throw conflict('voucher_used', 'This voucher code has already been used.');
    await useVoucher(tx, voucher.code);
    await grantAccess(tx, voucher.quiz_id, caller.id, 'voucher', now);
    return voucher.quiz_id;
  });
  return { data: { quiz_id: quizId } };
}
