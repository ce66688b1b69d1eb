import { map } from 'nanostores';
import { api } from '../http/browser.ts';
import { getQuestions, postAnswer, postFinishSubtest, postSubmit, redeemVoucher, startQuiz } from './api.ts';
import { addOrderBox } from '../commerce/api.ts';
import { clockOffset, markCounts, markOf, secondsLeft } from './rules.ts';
import type { AttemptClock, QuestionListResponse, SavedAnswer } from './schema.ts';
import type { QuestionMark } from './values.ts';

/*
 * The exam on screen: the questions of the open subtest, the answers, the marks and the clock. The
 * server owns the clock: every answer it gives carries its time, and the page counts down to the
 * server's deadline corrected by the measured offset, so a reload, a slept phone or a changed
 * device clock neither gives nor takes time. An answer is kept in this browser (localStorage)
 * until the server confirms it, so answers given offline are sent when the connection returns.
 */

type Exam = QuestionListResponse['data'];

export interface ExamView {
  exam: Exam | null;
  /** Answers by question id, the local ones included. */
  answers: Record<string, SavedAnswer>;
  /** Which question (index in `exam.questions`) is on screen. */
  current: number;
  /** How far the server's clock is ahead of this browser's (ms). */
  offset: number;
  /** Answers given here and not yet confirmed by the server. */
  pending: number;
  /** True while the last send failed for want of a connection. */
  offline: boolean;
  /** An error code to show, if any. */
  error: string | null;
  /** The attempt was handed in (by the taker or the clock). */
  finished: boolean;
}

export const $exam = map<ExamView>({ exam: null, answers: {}, current: 0, offset: 0, pending: 0, offline: false, error: null, finished: false });

const storageKey = (attemptId: string) => `quiz-pending-${attemptId}`;

function readPending(attemptId: string): Record<string, SavedAnswer> {
  try {
    return JSON.parse(localStorage.getItem(storageKey(attemptId)) ?? '{}') as Record<string, SavedAnswer>;
  } catch {
    return {};
  }
}

function writePending(attemptId: string, pending: Record<string, SavedAnswer>): void {
  try {
    if (Object.keys(pending).length) localStorage.setItem(storageKey(attemptId), JSON.stringify(pending));
    else localStorage.removeItem(storageKey(attemptId));
  } catch {
    // Private mode without storage: answers are still sent, only not kept across a reload.
  }
}

/** Shows the exam the server rendered, merged with the answers this browser has not sent yet. */
export function seedExam(exam: Exam, serverNow: string, sentAt = Date.now()): void {
  const answers: Record<string, SavedAnswer> = {};
  for (const a of exam.answers) answers[a.question_id] = a;
  const pending = typeof localStorage === 'undefined' ? {} : readPending(exam.attempt_id);
  for (const [id, a] of Object.entries(pending)) if (!answers[id] || answers[id]!.seq < a.seq) answers[id] = a;
  const previous = $exam.get();
  const current = previous.exam?.attempt_id === exam.attempt_id ? Math.min(previous.current, exam.questions.length - 1) : 0;
  $exam.set({
    exam, answers, current: Math.max(0, current), offset: clockOffset(Date.parse(serverNow), sentAt, Date.now()),
    pending: Object.keys(pending).length, offline: false, error: null, finished: exam.submitted_at !== null,
  });
}

function applyClock(clock: AttemptClock, sentAt: number): void {
  const view = $exam.get();
  if (!view.exam) return;
  $exam.set({
    ...view,
    offset: clockOffset(Date.parse(clock.server_time), sentAt, Date.now()),
    exam: { ...view.exam, deadline_at: clock.deadline_at, subtest: clock.subtest, subtest_deadline_at: clock.subtest_deadline_at, submitted_at: clock.submitted_at },
    finished: clock.submitted_at !== null,
  });
}

/** Seconds left in the attempt and in its subtest, by the server's clock. */
export function timeLeft(view: ExamView, now = Date.now()): { attempt: number; subtest: number } {
  if (!view.exam) return { attempt: 0, subtest: 0 };
  const serverNow = new Date(now + view.offset);
  return { attempt: secondsLeft(new Date(view.exam.deadline_at), serverNow), subtest: secondsLeft(new Date(view.exam.subtest_deadline_at), serverNow) };
}

/** Each question's mark, in order, and how many of each. */
export function examMarks(view: ExamView): { marks: QuestionMark[]; counts: Record<QuestionMark, number> } {
  const marks = (view.exam?.questions ?? []).map((q) => {
    const a = view.answers[q.id];
    return markOf(a ? { optionIds: a.option_ids, value: a.value, uncertain: a.uncertain } : undefined);
  });
  return { marks, counts: markCounts(marks) };
}

/** Shows question `index`. */
export function goTo(index: number): void {
  const view = $exam.get();
  if (!view.exam) return;
  $exam.setKey('current', Math.max(0, Math.min(index, view.exam.questions.length - 1)));
}

let lastSeq = 0;
let flushing: Promise<void> | null = null;

/** Records an answer here at once and sends it; kept until the server confirms it. */
export function answer(questionId: string, change: { option_ids?: string[]; value?: number | null; uncertain?: boolean }): void {
  const view = $exam.get();
  if (!view.exam || view.finished) return;
  const before = view.answers[questionId] ?? { question_id: questionId, option_ids: [], value: null, uncertain: false, seq: 0 };
  lastSeq = Math.max(lastSeq + 1, Date.now(), before.seq + 1);
  const next: SavedAnswer = { ...before, ...change, question_id: questionId, seq: lastSeq };
  const pending = { ...readPending(view.exam.attempt_id), [questionId]: next };
  writePending(view.exam.attempt_id, pending);
  $exam.set({ ...view, answers: { ...view.answers, [questionId]: next }, pending: Object.keys(pending).length });
  void flush();
}

/** Sends every answer waiting in this browser, oldest first; stops at the first failure and tries again later. */
export function flush(): Promise<void> {
  // The promise is kept until it settles (`finally` runs after the assignment even when nothing waits).
  flushing ??= sendWaiting().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(): Promise<void> {
      for (;;) {
        const view = $exam.get();
        if (!view.exam) return;
        const attemptId = view.exam.attempt_id;
        const waiting = Object.values(readPending(attemptId)).sort((a, b) => a.seq - b.seq);
        const next = waiting[0];
        if (!next) return;
        const sentAt = Date.now();
        try {
          const clock = await postAnswer(api, { attempt_id: attemptId, question_id: next.question_id, option_ids: next.option_ids, value: next.value, uncertain: next.uncertain, seq: next.seq });
          applyClock(clock, sentAt);
        } catch (error) {
          const e = error as { status?: number; code?: string };
          if (!e.status) {
            $exam.setKey('offline', true);
            return;
          }
          // Refused for good (time over, a closed subtest): the server's answer stands.
          $exam.setKey('error', e.code ?? 'unknown');
          if (e.code === 'attempt_closed') $exam.setKey('finished', true);
        }
        const left = readPending(attemptId);
        if (left[next.question_id]?.seq === next.seq) delete left[next.question_id];
        writePending(attemptId, left);
        $exam.set({ ...$exam.get(), pending: Object.keys(left).length, offline: false });
      }
}

let reloading: Promise<void> | null = null;

/** Asks the server for the attempt as it stands (after a subtest's time ran out, or on return); one ask at a time. */
export function reloadExam(): Promise<void> {
  reloading ??= askExam().finally(() => {
    reloading = null;
  });
  return reloading;
}

async function askExam(): Promise<void> {
  const view = $exam.get();
  if (!view.exam) return;
  const sentAt = Date.now();
  try {
    const exam = await getQuestions(api, view.exam.attempt_id);
    seedExam(exam, exam.server_time, sentAt);
  } catch (error) {
    if (!(error as { status?: number }).status) $exam.setKey('offline', true);
  }
}

/** Leaves the current subtest of a linear tryout (after sending what waits) and opens the next. */
export async function nextSubtest(): Promise<void> {
  const view = $exam.get();
  if (!view.exam) return;
  await flush();
  try {
    await postFinishSubtest(api, view.exam.attempt_id, view.exam.subtest);
  } catch (error) {
    $exam.setKey('error', (error as { code?: string }).code ?? 'unknown');
  }
  // An ask already under way began before the subtest was left: a fresh one follows it.
  await reloading;
  await reloadExam();
}

/** Hands the attempt in (after sending what waits); true once the server has it. */
export async function submitExam(): Promise<boolean> {
  const view = $exam.get();
  if (!view.exam) return false;
  await flush();
  try {
    const clock = await postSubmit(api, view.exam.attempt_id);
    $exam.set({ ...$exam.get(), finished: clock.submitted_at !== null });
    return true;
  } catch (error) {
    $exam.setKey('error', (error as { code?: string }).code ?? 'unknown');
    return false;
  }
}

/** Starts the quiz or answers the caller's open attempt; the same key always answers the same attempt. */
export const beginQuiz = (quizId: string, startKey: string) => startQuiz(api, quizId, startKey);
/** Puts a paid tryout package in a new order box (TRYOUT category), once per key. */
export const buyTryout = (quizId: string, key: string) =>
  addOrderBox(api, { order_type: 'TRYOUT', order_type_id: quizId, number_of_copy: 1, category: 'TRYOUT' }, key);
/** Redeems a voucher code: the package it opens becomes the caller's. */
export const redeemCode = (code: string) => redeemVoucher(api, code);
