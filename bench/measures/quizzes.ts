import { cpus, loadavg } from 'node:os';
import { openPostgres, type Db } from '../../server/db/client.ts';
import type { ApiDeps } from '../../server/deps.ts';
import { scoreClosedQuizzes } from '../../server/quizzes/scoring.service.ts';
import { quizzesDueForScoring } from '../../server/quizzes/scoring.repository.ts';
import { SAVE_GRACE_SECONDS } from '../../src/lib/quizzes/values.ts';
import { signTokens } from '../lib/auth.ts';
import type { BenchContext, DbTarget, Measure, Row } from '../lib/context.ts';
import { PORTS } from '../lib/paths.ts';
import { startApi, startCeiling, type Running } from '../lib/server.ts';
import { writeAnswers, writeOpenAttempts, writeSchools, writeStudents, writeTryout, type BenchSchool, type TryoutShape } from '../lib/quiz-data.ts';
import { AnswerLedger, checkLedger, checkSubmissions, saveAnswers, statusText, submitAll, type LedgerCheck, type SaveRun, type Taker } from '../lib/quiz-load.ts';
import { checkScoring, writeHandedIn } from '../lib/quiz-scoring.ts';
import { int, ms, sec } from '../lib/stats.ts';

/*
 * The quiz engine on PostgreSQL (the scale data in the bench's throwaway cluster): 2,000 students
 * saving answers in one tryout, 2,000 handing in within the last second before the deadline, and
 * the final scoring and ranking of 100,000 attempts. docs/bench.md, "Quizzes", says what each row
 * does.
 */

const STUDENTS = 2000;
/** One save per student every 10 s. */
const SAVE_RATE = STUDENTS / 10;
const SAVE_P99_MS = 100;
const SCORING_GOAL_S = 30;
const SCHOOLS = 2000;
const EXAM: TryoutShape = { subtests: 3, questions: 20, minutes: 30 };
const SCORED: TryoutShape = { subtests: 3, questions: 10, minutes: 30 };

export const quizzesMeasure: Measure = {
  name: 'quizzes',
  title: 'Quizzes: answering, handing in at the deadline, final scoring',
  build: false,
  postgres: true,
  async run(ctx) {
    const target = await ctx.postgresScale();
    if (!target) return [{ figure: 'quizzes on PostgreSQL', goal: '', measured: 'not available', pass: false, note: ctx.postgresMissing ?? 'no PostgreSQL cluster' }];
    const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the start`;
    const db = await openPostgres(target.env.DATABASE_URL!, 4);
    const org = target.manifest.organizationId;
    try {
      await ctx.stopServer();
      const schools = await writeSchools(db, org, SCHOOLS);
      const students = await writeStudents(db, org, 'kuis', STUDENTS);
      const tokens = await signTokens(new TextEncoder().encode(target.env.JWT_SECRET!), org, students);
      // A row that fails says so without taking the others with it.
      const failed = (figure: string, error: unknown): Row => {
        ctx.log(`quizzes: ${figure} failed: ${(error as Error).stack ?? error}`);
        return { figure, goal: '', measured: 'error', pass: false, note: String((error as Error).message ?? error).slice(0, 300) };
      };
      const exam = await answering(ctx, target, db, org, schools, students.map((s) => s.id), tokens).catch((error: unknown) => {
        const row = failed('students answering and handing in', error);
        return { row, deadline: row };
      });
      const rows = exam.row === exam.deadline ? [exam.row] : [exam.row, exam.deadline];
      rows.push(await scoring(ctx, db, org, schools).catch((error: unknown) => failed('final scoring and ranking', error)));
      for (const row of rows) row.note = row.note ? `${load}; ${row.note}` : load;
      return rows;
    } finally {
      await ctx.stopServer();
      await db.close();
    }
  },
};

/** Rows 1 and 2 (and the ceiling beside row 1): the saves, then the hand-in at the deadline, through the API. */
async function answering(ctx: BenchContext, target: DbTarget, db: Db, org: string, schools: BenchSchool[], userIds: string[], tokens: string[]): Promise<{ row: Row; deadline: Row }> {
  const now = Date.now();
  const open = await writeTryout(db, org, 'Tryout Bench: menjawab', EXAM, { opensAt: new Date(now - 600_000), closesAt: new Date(now + 3 * 3600_000) });
  const started = new Date(now - 60_000);
  const attempts = await writeOpenAttempts(db, open.quizId, userIds, schools, {
    startedAt: started, deadline: new Date(started.getTime() + EXAM.subtests * EXAM.minutes * 60_000),
    subtest: 1, subtestStartedAt: started, subtestDeadline: new Date(started.getTime() + EXAM.minutes * 60_000),
  });
  const takers: Taker[] = attempts.map((attemptId, i) => ({ attemptId, token: tokens[i]! }));
  const firstSubtest = open.questions.filter((q) => q.subtest === 1);
  const ledger = new AnswerLedger(takers.length);
  const seconds = ctx.reps(15, 60);
  const warm = ctx.reps(3, 5);

  const api = await startApi(target.env, PORTS.api, 'api-quizzes');
  let ours: SaveRun;
  let deadline: Row;
  try {
    await saveAnswers(api.origin, takers, firstSubtest, ledger, SAVE_RATE, warm);
    ours = await saveAnswers(api.origin, takers, firstSubtest, ledger, SAVE_RATE, seconds);
    ctx.log(`quiz saves ${SAVE_RATE}/s: ${int(ours.achieved)}/s done, p99 ${ms(ours.p99)}, ${ours.failures} not 200`);
    deadline = await handIn(ctx, api, db, org, schools, userIds, tokens);
  } finally {
    await api.stop();
  }
  const oursHeld = await checkLedger(db, open.quizId, ledger);
  const ceiling = await startCeiling(target.env, PORTS.ceiling, 'ceiling-quizzes');
  let bare: SaveRun;
  try {
    await saveAnswers(ceiling.origin, takers, firstSubtest, ledger, SAVE_RATE, warm);
    bare = await saveAnswers(ceiling.origin, takers, firstSubtest, ledger, SAVE_RATE, seconds);
  } finally {
    await ceiling.stop();
  }
  const bareHeld = await checkLedger(db, open.quizId, ledger);
  const run = (r: SaveRun) => `p99 ${ms(r.p99)} (p50 ${ms(r.p50)}), ${int(r.achieved)}/s done, ${int(r.sent)} saves, ${r.failures ? `not 200: ${statusText(r.statuses)}` : 'all 200'}${r.notApplied ? `, ${int(r.notApplied)} not applied` : ''}`;
  const kept = (h: LedgerCheck) =>
    `${int(h.last)}/${int(h.expected)} answers the last sent, ${int(h.lost)} lost${h.expected - h.last - h.lost ? ` (${int(h.expected - h.last - h.lost)} where the saves after the one held got no answer)` : ''}${h.extra ? `, ${int(h.extra)} never sent` : ''}`;
  return {
    row: {
      figure: `${int(STUDENTS)} students in one tryout, each saving an answer every 10 s (quiz-user-answer at ${SAVE_RATE}/s, fixed rate, ${seconds} s, a connection each) — PostgreSQL (ours; ceiling)`,
      goal: `p99 ≤ ${SAVE_P99_MS} ms, all 200, no save lost`,
      measured: `${run(ours)}; database: ${kept(oursHeld)}; ceiling ${run(bare)}, then ${kept(bareHeld)}`,
      pass: ours.p99 <= SAVE_P99_MS && ours.failures === 0 && ours.notApplied === 0 && oursHeld.lost === 0 && oursHeld.extra === 0,
      data: { ours, oursHeld, ceiling: bare, ceilingHeld: bareHeld },
    },
    deadline,
  };
}

/** Row 2: every student hands in a tryout whose window closes at the deadline, all within its last second. */
async function handIn(ctx: BenchContext, api: Running, db: Db, org: string, schools: BenchSchool[], userIds: string[], tokens: string[]): Promise<Row> {
  const now = Date.now();
  const quiz = await writeTryout(db, org, 'Tryout Bench: batas waktu', EXAM, { opensAt: new Date(now - 2 * 3600_000), closesAt: new Date(now + 3600_000) });
  const started = new Date(now - 85 * 60_000);
  const attempts = await writeOpenAttempts(db, quiz.quizId, userIds, schools, {
    startedAt: started, deadline: new Date(now + 3600_000), subtest: EXAM.subtests,
    subtestStartedAt: new Date(now - 25 * 60_000), subtestDeadline: new Date(now + 3600_000),
  });
  const answers = await writeAnswers(db, quiz.quizId);
  // The window closes at the deadline, a few seconds from now: every attempt ends then.
  const deadline = Date.now() + 3000;
  await db.query('UPDATE quizzes SET closes_at = $2 WHERE id = $1', [quiz.quizId, new Date(deadline)]);
  await db.query('UPDATE quiz_attempts SET deadline_at = $2, subtest_deadline_at = $2 WHERE quiz_id = $1', [quiz.quizId, new Date(deadline)]);
  const takers: Taker[] = attempts.map((attemptId, i) => ({ attemptId, token: tokens[i]! }));
  const run = await submitAll(api.origin, takers, deadline);
  ctx.log(`hand-in of ${takers.length}: p99 ${ms(run.p99)}, ${run.failures} not 200, all answered ${sec(run.allInMs)} after the first was due`);
  // Any attempt not handed in by its request is the sweeper's (every 15 s, once the deadline and the grace passed): wait for one more sweep.
  const giveUp = Math.max(deadline + SAVE_GRACE_SECONDS * 1000, Date.now()) + 20_000;
  while (Date.now() < giveUp) {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM quiz_attempts WHERE quiz_id = $1 AND submitted_at IS NULL', [quiz.quizId]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const check = await checkSubmissions(db, quiz.quizId, run.told);
  const lastIn = check.lastSubmittedAt ? `, the last stored ${sec(check.lastSubmittedAt.getTime() - deadline)} after the deadline` : '';
  return {
    figure: `${int(STUDENTS)} quiz-submit within the last second before the deadline (${int(answers)} saved answers, a connection each; the sweeper running) — PostgreSQL`,
    goal: 'every attempt submitted once, its answers scored; 0 errors',
    measured: `${int(check.submitted)}/${int(check.attempts)} submitted (${int(check.byStudent)} before the deadline, ${int(check.byTimeout)} taken up after it and handed in at it`
      + `${check.withoutAnswer ? `; ${int(check.withoutAnswer)} of them without a 200 answer, by the sweeper or a request given up on` : ''}), `
      + `${check.misscored ? `${int(check.misscored)} scored wrong` : 'all scored right'}, ${check.notAsTold ? `${int(check.notAsTold)} stored at another time than answered` : 'each once, as answered'}; `
      + `${run.failures ? `not 200: ${statusText(run.statuses)}` : 'all 200'}, p99 ${ms(run.p99)} (p50 ${ms(run.p50)}); all in ${sec(run.allInMs)} after the first was sent${lastIn}`,
    pass: check.submitted === check.attempts && check.attempts === takers.length && check.misscored === 0 && check.notAsTold === 0 && run.failures === 0,
    data: { ...run, told: undefined, check },
  };
}

/** Row 3: the sweeper's final scoring and ranking of a closed tryout's attempts, timed in this process on the same database. */
async function scoring(ctx: BenchContext, db: Db, org: string, schools: BenchSchool[]): Promise<Row> {
  const count = ctx.reps(10_000, 100_000);
  // scoreClosedQuizzes reads only the database and the clock of its dependencies.
  const deps = { db, now: () => new Date() } as unknown as ApiDeps;
  // Anything else already due (the hand-in row's tryout) is scored first, so the timing is this tryout's alone.
  while ((await scoreClosedQuizzes(deps)) > 0);
  const now = Date.now();
  const closesAt = new Date(now - 3600_000);
  const quiz = await writeTryout(db, org, 'Tryout Bench: penilaian akhir', SCORED, { opensAt: new Date(now - 5 * 3600_000), closesAt });
  const t = performance.now();
  const answers = await writeHandedIn(db, { quizId: quiz.quizId, organizationId: org, tag: 'akhir', count, shape: SCORED, schools, closesAt });
  ctx.log(`wrote ${int(count)} handed-in attempts with ${int(answers)} answers in ${sec(performance.now() - t)}`);
  const due = await quizzesDueForScoring(db, new Date(Date.now() - SAVE_GRACE_SECONDS * 1000), 20);
  if (due.length !== 1 || due[0] !== quiz.quizId) throw new Error(`expected only the bench tryout to be due for scoring, found ${due.length}`);
  const started = performance.now();
  const scored = await scoreClosedQuizzes(deps);
  const elapsed = (performance.now() - started) / 1000;
  ctx.log(`final scoring of ${int(count)} attempts: ${elapsed.toFixed(1)} s`);
  const check = await checkScoring(db, quiz.quizId, quiz.questions);
  const complete = check.scopes.length === 4 && check.scopes.every((s) => s.entries === count && s.attempts === count && s.groupsWithFirst === s.groups);
  const scopes = check.scopes.map((s) => `${s.scope} ${int(s.entries)} in ${int(s.groups)}`).join(', ');
  return {
    figure: `final scoring and ranking of ${int(count)} handed-in attempts (${SCORED.subtests} subtests × ${SCORED.questions} questions, ${int(answers)} answers, ${int(SCHOOLS)} schools), scoreClosedQuizzes — PostgreSQL`,
    goal: `≤ ${SCORING_GOAL_S} s; every attempt scored and ranked in 4 scopes`,
    measured: `${elapsed.toFixed(1)} s; ${int(check.scored)}/${int(check.attempts)} final scores${check.subtestsUnscored ? `, ${int(check.subtestsUnscored)} subtests without` : ''}, `
      + `${check.sampled - check.sampleMismatches}/${check.sampled} sampled as recomputed; ranks ${scopes}, ${complete ? 'every attempt once in each, rank 1 in every group' : 'NOT every attempt ranked in each scope from 1'}, ${check.inconsistent ? `${int(check.inconsistent)} out of order` : 'all in order'}`,
    pass: scored === 1 && elapsed <= SCORING_GOAL_S && check.scored === count && check.attempts === count && check.subtestsUnscored === 0 && complete && check.inconsistent === 0 && check.sampleMismatches === 0,
    data: { seconds: elapsed, answers, check },
  };
}
