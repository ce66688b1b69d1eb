import type { ApiDeps } from '../deps.ts';
import type { Queryable } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { isAnswered, isCorrect, pointsFor, quizPercent, round2 } from '../../src/lib/quizzes/rules.ts';
import { SAVE_GRACE_SECONDS, TRYOUT_SCALE } from '../../src/lib/quizzes/values.ts';
import { answerKeysOf, findQuiz, subtestsOf, type QuizRow } from './quizzes.repository.ts';
import { answersOf, dueAttempts, findAttempt, recordSubmission, type AttemptRow } from './attempts.repository.ts';
import { lockUnscored, markScored, quizzesDueForScoring, rebuildRankings, useBulkSettings, writeFinalTryoutScores } from './scoring.repository.ts';

/*
 * Scoring. A class quiz is scored when it is handed in: points per question, a wrong answer
 * costing the quiz's negative-marking share of its points (0 by default), the score in percent and
 * passing judged on it. A tryout gets a provisional raw score when handed in (right answers over
 * questions, 0–1000 per subtest, no negative marks) and its final score once the window closed,
 * from the item model in scoring.repository.ts; passing is judged on the final score. Either kind's
 * rankings are built once, after the window closed and every attempt was in.
 */

/** Scores and closes a locked, open attempt at `submittedAt`; answers the closed attempt. */
export async function submitLocked(tx: Queryable, quiz: QuizRow, attempt: AttemptRow, submittedAt: Date, by: 'student' | 'timeout'): Promise<AttemptRow> {
  const keys = await answerKeysOf(tx, quiz.id);
  const given = new Map((await answersOf(tx, attempt.id)).map((a) => [a.question_id, { optionIds: a.option_ids, value: a.value, uncertain: a.uncertain }]));
  const subtests = await subtestsOf(tx, quiz.id);
  const negative = quiz.kind === 'quiz' ? quiz.negative_marking : 0;
  const answers = [];
  const perSubtest = new Map(subtests.map((s) => [s.id, { correct: 0, count: 0, earned: 0, possible: 0 }]));
  for (const key of keys) {
    const answer = given.get(key.id);
    const tally = perSubtest.get(key.subtest_id)!;
    const correct = isCorrect(key, answer);
    const points = pointsFor(key, answer, negative);
    tally.count += 1;
    tally.possible += key.points;
    tally.earned += points;
    if (correct) tally.correct += 1;
    if (answer && (isAnswered(answer) || answer.uncertain)) answers.push({ question_id: key.id, correct, points });
  }
  const results = subtests.map((s) => {
    const t = perSubtest.get(s.id)!;
    const raw = quiz.kind === 'tryout' ? round2(t.count ? (TRYOUT_SCALE * t.correct) / t.count : 0) : quizPercent(t.earned, t.possible);
    return { subtest_id: s.id, correct: t.correct, raw, final: quiz.kind === 'quiz' ? raw : null };
  });
  let raw: number;
  if (quiz.kind === 'quiz') {
    const earned = [...perSubtest.values()].reduce((s, t) => s + t.earned, 0);
    const possible = [...perSubtest.values()].reduce((s, t) => s + t.possible, 0);
    raw = quizPercent(earned, possible);
  } else {
    raw = round2(results.reduce((s, r) => s + r.raw, 0) / Math.max(1, results.length));
  }
  const final = quiz.kind === 'quiz' ? raw : null;
  const passed = final === null ? null : final >= quiz.passing_grade;
  await recordSubmission(tx, attempt.id, { submittedAt, by, raw, final, passed, answers, subtests: results });
  return { ...attempt, submitted_at: submittedAt, submitted_by: by, raw_score: raw, final_score: final, passed };
}

/**
 * The sweeper's first half: hands in every open attempt whose deadline and grace passed on the
 * clock, with the deadline as its submission time. Answers how many it closed.
 */
export async function submitDueAttempts(deps: ApiDeps, options: { limit?: number } = {}): Promise<number> {
  const now = deps.now();
  const due = await dueAttempts(deps.db, new Date(now.getTime() - SAVE_GRACE_SECONDS * 1000), options.limit ?? 500);
  let closed = 0;
  for (const id of due) {
    await inTransaction(deps.db, async (tx) => {
      const attempt = await findAttempt(tx, id, true);
      // Handed in meanwhile, or given more time by a teacher: nothing to do.
      if (!attempt || attempt.submitted_at || attempt.deadline_at.getTime() + SAVE_GRACE_SECONDS * 1000 >= now.getTime()) return;
      const { rows } = await tx.query<{ organization_id: string }>('SELECT organization_id FROM quizzes WHERE id = $1', [attempt.quiz_id]);
      const quiz = (await findQuiz(tx, attempt.quiz_id, rows[0]!.organization_id))!;
      await submitLocked(tx, quiz, attempt, attempt.deadline_at, 'timeout');
      closed += 1;
    });
  }
  return closed;
}

/** The sweeper's second half: final scores (tryouts) and rankings of quizzes whose window closed. Answers how many it scored. */
export async function scoreClosedQuizzes(deps: ApiDeps, options: { limit?: number } = {}): Promise<number> {
  const now = deps.now();
  const due = await quizzesDueForScoring(deps.db, new Date(now.getTime() - SAVE_GRACE_SECONDS * 1000), options.limit ?? 20);
  let scored = 0;
  for (const id of due) {
    await inTransaction(deps.db, async (tx) => {
      const quiz = await lockUnscored(tx, id);
      if (!quiz) return;
      await useBulkSettings(tx);
      if (quiz.kind === 'tryout') await writeFinalTryoutScores(tx, id, quiz.passing_grade);
      await rebuildRankings(tx, id);
      await markScored(tx, id, now);
      scored += 1;
    });
  }
  return scored;
}

/** One sweep: closes timed-out attempts, then scores closed quizzes. */
export async function sweepQuizzes(deps: ApiDeps): Promise<{ submitted: number; scored: number }> {
  const submitted = await submitDueAttempts(deps);
  const scored = await scoreClosedQuizzes(deps);
  return { submitted, scored };
}
