import type { ScaleManifest } from '../../server/seed/scale.ts';
import { BENCH_USERS, POOL_BORROWS_PER_USER } from '../../server/seed/scale.ts';
import { agent, json, timedRequest } from './http.ts';
import { load, type LoadResult } from './load.ts';
import { fixedRate } from './fixed-rate.ts';
import { cpuMsOf } from './server.ts';
import { median } from './stats.ts';

/** Book-detail JSON at 50 connections over 1,000 books: a warm-up, then the median of `runs`. */
export async function bookDetailThroughput(origin: string, m: ScaleManifest, token: string, runs: number, seconds: number, pid?: number): Promise<{ rps: number; p99: number; failures: number; runs: LoadResult[]; cpuMsPerRequest: number }> {
  let i = 0;
  const path = () => `/webhook/book-detail?book_id=${m.spreadBookIds[i++ % m.spreadBookIds.length]}`;
  const headers = { authorization: `Bearer ${token}` };
  await load({ origin, path, connections: 50, seconds: 2, headers });
  const results: LoadResult[] = [];
  // The server's CPU over the counted runs only (the warm-up above is left out).
  const cpuBefore = pid === undefined ? NaN : cpuMsOf(pid);
  for (let r = 0; r < runs; r++) results.push(await load({ origin, path, connections: 50, seconds, headers }));
  const cpuAfter = pid === undefined ? NaN : cpuMsOf(pid);
  const requests = results.reduce((a, x) => a + x.requests, 0);
  return {
    rps: median(results.map((x) => x.rps)),
    p99: median(results.map((x) => x.p99)),
    failures: results.reduce((a, x) => a + x.errors + x.non2xx, 0),
    runs: results,
    cpuMsPerRequest: requests > 0 ? (cpuAfter - cpuBefore) / requests : NaN,
  };
}

/** One fixed-rate step of borrows. */
export interface BorrowStep {
  rate: number;
  /** Borrows answered per second over the step. */
  achieved: number;
  p50: number;
  p99: number;
  /** Answers other than 201, and network errors or timeouts. */
  failures: number;
  sent: number;
  held: boolean;
}

/** The fixed rates tried, in order, until one does not hold. */
export const BORROW_RATES = [50, 100, 200, 300, 400, 500, 600, 800, 1000, 1250, 1500, 2000];
/** The p99 a rate must hold. */
export const BORROW_P99_MS = 100;
/** Distinct borrows the pool allows before its copies run out (5 copies of 1,000 books). */
const POOL_LOANS = BENCH_USERS * POOL_BORROWS_PER_USER * POOL_BORROWS_PER_USER;

/**
 * The n-th borrow of a step: user n mod 200 takes pool book (5·user + round) mod 1,000, round =
 * n div 200. Over 25 rounds each pool book goes to 5 different users, one per copy, so every
 * borrow of a step can succeed; the loans are returned after the step.
 */
function nthBorrow(m: ScaleManifest, n: number): { user: number; book: string } {
  const user = n % BENCH_USERS;
  const round = Math.floor(n / BENCH_USERS);
  return { user, book: m.poolBookIds[(user * POOL_BORROWS_PER_USER + round) % m.poolBookIds.length]! };
}

/** Borrows at a fixed rate, evenly spaced, from 200 callers (bench/lib/fixed-rate.ts), then returns every loan. */
export async function borrowStep(origin: string, m: ScaleManifest, tokens: string[], rate: number, seconds: number): Promise<BorrowStep> {
  const amount = Math.min(POOL_LOANS - BENCH_USERS, Math.round(rate * seconds));
  const loans: { user: number; loan: string | undefined }[] = [];
  const userIndex = new Map(m.benchUsers.map((u, i) => [u.id, i]));
  let notCreated = 0;
  const result = await fixedRate({
    origin,
    rate,
    amount,
    callers: BENCH_USERS,
    plan(n) {
      const { user, book } = nthBorrow(m, n);
      return {
        caller: user,
        method: 'POST',
        path: '/webhook/borrow',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
        body: JSON.stringify({ user_id: m.benchUsers[user]!.id, book_id: book, epustaka_id: m.benchEpustakaId }),
      };
    },
    onAnswer(_n, status, body) {
      if (status !== 201) {
        if (status !== 0) notCreated += 1;
        return;
      }
      const data = json(body)?.data;
      loans.push({ user: userIndex.get(data?.user_id) ?? -1, loan: data?.id });
    },
  });
  await returnLoans(origin, tokens, loans);
  const failures = notCreated + result.errors;
  return {
    rate,
    achieved: result.achieved,
    p50: result.p50,
    p99: result.p99,
    failures,
    sent: result.sent,
    held: failures === 0 && result.p99 <= BORROW_P99_MS && result.achieved >= rate * 0.9,
  };
}

/** Steps the rate up until a step does not hold; the answer is the last rate that held. */
export async function borrowCapacity(origin: string, m: ScaleManifest, tokens: string[], seconds: number, log: (msg: string) => void): Promise<{ best: number; steps: BorrowStep[] }> {
  const steps: BorrowStep[] = [];
  let best = 0;
  // A warm-up step that is not counted: the callers' connections open, the server's code and
  // statements get hot (a first step was up to 150 ms slower at its p99 than the same rate after it).
  const warm = await borrowStep(origin, m, tokens, BORROW_RATES[0]!, 2);
  log(`  borrow warm-up ${warm.rate}/s: p50 ${warm.p50.toFixed(1)} ms, p99 ${warm.p99.toFixed(1)} ms`);
  for (const rate of BORROW_RATES) {
    const step = await borrowStep(origin, m, tokens, rate, seconds);
    steps.push(step);
    log(`  borrow ${rate}/s: ${step.achieved.toFixed(0)}/s, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, ${step.failures} failed${step.held ? '' : ' (does not hold)'}`);
    if (!step.held) break;
    best = rate;
  }
  return { best, steps };
}

/** Returns loans of bench users, 50 at a time. */
export async function returnLoans(origin: string, tokens: string[], loans: { user: number; loan: string | undefined }[]): Promise<void> {
  const pool = agent(50);
  const queue = loans.filter((l) => l.loan && l.user >= 0);
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await timedRequest(origin, 'PUT', '/webhook/book-return', {
          agent: pool,
          headers: { authorization: `Bearer ${tokens[next.user]}` },
          body: { borrow_book_id: next.loan },
        });
      }
    }),
  );
  pool.destroy();
}
