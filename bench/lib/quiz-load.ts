import type { Db } from '../../server/db/client.ts';
import { fixedRate, type FixedRateResult } from './fixed-rate.ts';
import type { BenchQuestion } from './quiz-data.ts';

/*
 * The quizzes measure's load through the real API. Saving: every student sends `quiz-user-answer`
 * for their own attempt over a keep-alive connection of their own, open-loop at a fixed rate, each
 * save with the student's next sequence number; the ledger remembers, per attempt and question,
 * the last answer and sequence number sent, which the database must hold afterwards. Submitting:
 * every student sends `quiz-submit` once, all within the last second before the deadline.
 */

/** A signed-in student with an attempt. */
export interface Taker {
  token: string;
  attemptId: string;
}

/** Per attempt and question, every save sent (sequence number → option) and the highest one answered 200. */
export class AnswerLedger {
  readonly saves = new Map<string, { sent: Map<number, string>; last: number; acknowledged: number }>();
  private readonly counts: number[];

  constructor(takers: number) {
    this.counts = Array.from({ length: takers }, () => 0);
  }

  /**
   * The next save of student `s`: its k-th save goes to question (s + ⌊k / 2⌋) of the open subtest,
   * so each question is saved twice in a row with different options, the second overwriting the first.
   */
  next(s: number, takers: Taker[], questions: BenchQuestion[]): { key: string; attemptId: string; question: BenchQuestion; option: string; seq: number } {
    const k = this.counts[s]!;
    this.counts[s] = k + 1;
    const question = questions[(s + Math.floor(k / 2)) % questions.length]!;
    const option = question.options[(s + k) % question.options.length]!;
    const attemptId = takers[s]!.attemptId;
    const key = `${attemptId}:${question.id}`;
    const entry = this.saves.get(key) ?? { sent: new Map(), last: 0, acknowledged: 0 };
    entry.sent.set(k + 1, option);
    entry.last = k + 1;
    this.saves.set(key, entry);
    return { key, attemptId, question, option, seq: k + 1 };
  }

  /** A save answered 200. */
  acknowledge(key: string, seq: number): void {
    const entry = this.saves.get(key)!;
    entry.acknowledged = Math.max(entry.acknowledged, seq);
  }
}

export interface SaveRun extends FixedRateResult {
  rate: number;
  seconds: number;
  /** Answers other than 200 and network errors. */
  failures: number;
  /** Saves answered 200 but not kept (`applied: false`): none may be, each carries the student's next number. */
  notApplied: number;
  /** How many answers had each status other than 200 ("error" for network errors and timeouts). */
  statuses: Record<string, number>;
}

/** Counts an answer's status other than 200 ("error" for none) into `statuses`; answers whether it was 200. */
function tally(statuses: Record<string, number>, status: number): boolean {
  if (status === 200) return true;
  const key = status === 0 ? 'error' : String(status);
  statuses[key] = (statuses[key] ?? 0) + 1;
  return false;
}

/** The statuses other than 200, as "12 × 503, 3 × error". */
export function statusText(statuses: Record<string, number>): string {
  return Object.entries(statuses).map(([status, n]) => `${n} × ${status}`).join(', ');
}

/** Saves at `rate` per second for `seconds`, student n mod takers sending the n-th, each over its own connection. */
export async function saveAnswers(origin: string, takers: Taker[], questions: BenchQuestion[], ledger: AnswerLedger, rate: number, seconds: number): Promise<SaveRun> {
  let notApplied = 0;
  const statuses: Record<string, number> = {};
  const sent: { key: string; seq: number }[] = [];
  const result = await fixedRate({
    origin,
    rate,
    amount: Math.round(rate * seconds),
    callers: takers.length,
    plan: (n) => {
      const s = n % takers.length;
      const save = ledger.next(s, takers, questions);
      sent[n] = { key: save.key, seq: save.seq };
      const body = JSON.stringify({ attempt_id: save.attemptId, question_id: save.question.id, option_ids: [save.option], value: null, uncertain: false, seq: save.seq });
      return { caller: s, method: 'POST', path: '/webhook/quiz-user-answer', headers: { 'content-type': 'application/json', authorization: `Bearer ${takers[s]!.token}` }, body };
    },
    onAnswer: (n, status, body) => {
      if (!tally(statuses, status)) return;
      ledger.acknowledge(sent[n]!.key, sent[n]!.seq);
      if (!(JSON.parse(body) as { data?: { applied?: boolean } }).data?.applied) notApplied += 1;
    },
  });
  const failures = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { ...result, rate, seconds, failures, notApplied, statuses };
}

/** How the database's saved answers compare with the ledger. */
export interface LedgerCheck {
  /** Attempt-and-question pairs saved. */
  expected: number;
  /** Pairs holding the last save sent, its option and sequence number. */
  last: number;
  /**
   * Pairs holding an older save than the last one answered 200 (or none), or what no save sent:
   * lost. A pair holding a later save whose answer never came (a timeout) is not lost: that save
   * may have been stored after the client gave up.
   */
  lost: number;
  /** Answers stored for pairs never saved. */
  extra: number;
}

/** Compares every saved answer of the quiz with the ledger. */
export async function checkLedger(db: Db, quizId: string, ledger: AnswerLedger): Promise<LedgerCheck> {
  const { rows } = await db.query<{ attempt_id: string; question_id: string; option_ids: string[]; seq: number }>(
    `SELECT a.attempt_id, a.question_id, a.option_ids::text[] AS option_ids, a.seq::float8 AS seq
       FROM quiz_answers a JOIN quiz_attempts t ON t.id = a.attempt_id WHERE t.quiz_id = $1`,
    [quizId],
  );
  const stored = new Map(rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
  let last = 0;
  let lost = 0;
  for (const [key, entry] of ledger.saves) {
    const row = stored.get(key);
    const matches = row !== undefined && row.option_ids.length === 1 && entry.sent.get(row.seq) === row.option_ids[0];
    if (matches && row.seq === entry.last) last += 1;
    // What no save sent is never right; short of the last save answered 200 is lost (with no save
    // answered 200, any of those sent, or none, may be stored).
    if ((row && !matches) || (entry.acknowledged > 0 && (!row || row.seq < entry.acknowledged))) lost += 1;
  }
  return { expected: ledger.saves.size, last, lost, extra: rows.filter((r) => !ledger.saves.has(`${r.attempt_id}:${r.question_id}`)).length };
}

export interface SubmitRun extends FixedRateResult {
  /** Answers other than 200 and network errors. */
  failures: number;
  statuses: Record<string, number>;
  /** The submission time each 200 answer gave, by attempt. */
  told: Map<string, string>;
  /** Milliseconds from the first submission's planned start to the last answer. */
  allInMs: number;
}

/** Every taker hands in once, evenly spread over the second before `deadline` (epoch ms), each over its own connection. */
export async function submitAll(origin: string, takers: Taker[], deadline: number): Promise<SubmitRun> {
  const told = new Map<string, string>();
  const statuses: Record<string, number> = {};
  let last = 0;
  const wait = deadline - 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const started = performance.now();
  const result = await fixedRate({
    origin,
    rate: takers.length,
    amount: takers.length,
    callers: takers.length,
    plan: (n) => ({
      caller: n, method: 'POST', path: '/webhook/quiz-submit',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${takers[n]!.token}` }, body: JSON.stringify({ attempt_id: takers[n]!.attemptId }),
    }),
    onAnswer: (n, status, body) => {
      last = performance.now();
      if (tally(statuses, status)) told.set(takers[n]!.attemptId, (JSON.parse(body) as { data: { submitted_at: string } }).data.submitted_at);
    },
    timeoutMs: 30_000,
  });
  const failures = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { ...result, failures, statuses, told, allInMs: last - started };
}

/** What the database shows after the submissions: each attempt in once, scored, as its answer said. */
export interface SubmitCheck {
  attempts: number;
  submitted: number;
  byStudent: number;
  byTimeout: number;
  /** Attempts whose stored submission time is not the one their 200 answer gave (handed in a second time). */
  notAsTold: number;
  /** Attempts submitted without a 200 answer to their request: the sweeper's, or a request the client gave up on. */
  withoutAnswer: number;
  /** Submitted attempts without one result row per subtest, with answers not marked, or a raw score other than the one recomputed here. */
  misscored: number;
  lastSubmittedAt: Date | null;
}

/** Checks each attempt of the quiz: submitted, with its stored time as told, every answer marked, the raw score right. */
export async function checkSubmissions(db: Db, quizId: string, told: Map<string, string>): Promise<SubmitCheck> {
  const { rows } = await db.query<{ id: string; submitted_at: Date | null; submitted_by: string | null; ok: boolean }>(
    `WITH k AS (SELECT q.id, q.subtest_id, (SELECT o.id FROM quiz_options o WHERE o.question_id = q.id AND o.correct) AS right_id
                  FROM quiz_questions q WHERE q.quiz_id = $1),
          per AS (SELECT t.id, k.subtest_id, count(a.question_id) FILTER (WHERE a.option_ids = ARRAY[k.right_id]) AS rights, count(*) AS n,
                         count(a.question_id) FILTER (WHERE a.correct IS NULL) AS unmarked
                    FROM quiz_attempts t CROSS JOIN k LEFT JOIN quiz_answers a ON a.attempt_id = t.id AND a.question_id = k.id
                   WHERE t.quiz_id = $1 GROUP BY t.id, k.subtest_id),
          want AS (SELECT id, round(avg(round(1000.0 * rights / n, 2)), 2) AS raw, sum(unmarked) AS unmarked, count(*) AS subtests FROM per GROUP BY id)
     SELECT t.id, t.submitted_at, t.submitted_by,
            (w.unmarked = 0 AND t.raw_score = w.raw AND (SELECT count(*) FROM quiz_attempt_subtests s WHERE s.attempt_id = t.id) = w.subtests) AS ok
       FROM quiz_attempts t JOIN want w ON w.id = t.id WHERE t.quiz_id = $1`,
    [quizId],
  );
  let notAsTold = 0;
  let withoutAnswer = 0;
  let lastSubmittedAt: Date | null = null;
  for (const row of rows) {
    const said = told.get(row.id);
    if (said && new Date(said).getTime() !== row.submitted_at?.getTime()) notAsTold += 1;
    if (!said && row.submitted_at) withoutAnswer += 1;
    if (row.submitted_at && (!lastSubmittedAt || row.submitted_at > lastSubmittedAt)) lastSubmittedAt = row.submitted_at;
  }
  return {
    attempts: rows.length,
    submitted: rows.filter((r) => r.submitted_at).length,
    byStudent: rows.filter((r) => r.submitted_by === 'student').length,
    byTimeout: rows.filter((r) => r.submitted_by === 'timeout').length,
    notAsTold,
    withoutAnswer,
    misscored: rows.filter((r) => r.submitted_at && !r.ok).length,
    lastSubmittedAt,
  };
}
