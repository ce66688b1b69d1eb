import type { BenchContext, DbTarget, Measure, Row } from '../lib/context.ts';
import { timedRequest } from '../lib/http.ts';
import { BORROW_P99_MS, BORROW_RATES, bookDetailThroughput, borrowCapacity, type BorrowStep } from '../lib/borrow-load.ts';
import { int, ms } from '../lib/stats.ts';

/** Goals on PostgreSQL; PGlite's figures are reported beside them. */
const DETAIL_RPS_GOAL = 3000;
const DETAIL_RATIO_GOAL = 0.9;
/** The API's CPU time per book-detail request at most this many times the ceiling's. */
const CPU_RATIO_GOAL = 1.3;
const BORROW_RATE_GOAL = 500;

/**
 * 4. The reference API alone on the scale data, on PGlite and on PostgreSQL, each beside its
 * ceiling (bench/lib/ceiling.ts: the same service calls, so the same SQL, behind a bare node:http
 * server): book-detail JSON throughput (50 connections over 1,000 books), and the highest fixed
 * borrow rate that holds p99 ≤ 100 ms with 200 callers.
 */
export const apiMeasure: Measure = {
  name: 'api',
  title: 'API',
  build: false,
  postgres: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const target of await ctx.targets()) rows.push(...(await measureTarget(ctx, target)));
    if (!ctx.options.postgresUrl) {
      rows.push({ figure: 'API on PostgreSQL', goal: 'measured', measured: 'not available', pass: false, note: ctx.postgresMissing ?? 'no PostgreSQL cluster' });
    }
    return rows;
  },
};

interface Side {
  detail: Awaited<ReturnType<typeof bookDetailThroughput>> | null;
  detailError?: string;
  borrow: { best: number; steps: BorrowStep[] };
}

async function measureSide(ctx: BenchContext, target: DbTarget, server: { origin: string; pid: number }, tokens: string[]): Promise<Side> {
  const origin = server.origin;
  const m = target.manifest;
  const probe = await timedRequest(origin, 'GET', `/webhook/book-detail?book_id=${m.sampleBookId}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const detail = probe.status === 200 ? await bookDetailThroughput(origin, m, tokens[0]!, ctx.reps(1, 3), ctx.reps(5, 8), server.pid) : null;
  const borrow = await borrowCapacity(origin, m, tokens, ctx.reps(2, 4), (msg) => ctx.log(msg));
  return { detail, detailError: detail ? undefined : `book-detail answered ${probe.status}: ${probe.body.slice(0, 160)}`, borrow };
}

async function measureTarget(ctx: BenchContext, target: DbTarget): Promise<Row[]> {
  const tokens = await target.tokens();
  const ours = await measureSide(ctx, target, await ctx.api(target), tokens);
  const ceiling = await measureSide(ctx, target, await ctx.ceiling(target), tokens);
  await ctx.stopServer();
  const onPg = target.kind === 'postgres';
  const rows: Row[] = [];

  if (!ours.detail || !ceiling.detail) {
    rows.push({ figure: `book-detail JSON, 50 connections — ${target.label}`, goal: '', measured: 'not available', pass: false, note: ours.detailError ?? ceiling.detailError });
  } else {
    const ratio = ours.detail.rps / ceiling.detail.rps;
    rows.push({
      figure: `book-detail JSON req/s, 50 connections — ${target.label} (ours; bare node:http ceiling)`,
      goal: onPg ? `≥ ${int(DETAIL_RPS_GOAL)} req/s, ≥ ${DETAIL_RATIO_GOAL}× ceiling` : '—',
      measured: `${int(ours.detail.rps)} req/s, p99 ${ms(ours.detail.p99)}, ${ours.detail.failures} errors; ceiling ${int(ceiling.detail.rps)} req/s, p99 ${ms(ceiling.detail.p99)} = ${ratio.toFixed(2)}×`,
      pass: onPg ? ours.detail.rps >= DETAIL_RPS_GOAL && ratio >= DETAIL_RATIO_GOAL && ours.detail.failures === 0 : null,
      data: { ours: ours.detail.runs, ceiling: ceiling.detail.runs },
    });
    const cpuRatio = ours.detail.cpuMsPerRequest / ceiling.detail.cpuMsPerRequest;
    rows.push({
      figure: `book-detail: server CPU time per request (user + system, /proc/<pid>/stat) — ${target.label} (ours; ceiling)`,
      goal: onPg ? `≤ ${CPU_RATIO_GOAL}× ceiling` : '—',
      measured: `${ours.detail.cpuMsPerRequest.toFixed(3)} ms; ceiling ${ceiling.detail.cpuMsPerRequest.toFixed(3)} ms = ${Number.isFinite(cpuRatio) ? cpuRatio.toFixed(2) : 'n/a'}×`,
      pass: onPg ? Number.isFinite(cpuRatio) && cpuRatio <= CPU_RATIO_GOAL : null,
    });
  }

  const describe = (side: Side) => {
    const held = side.borrow.steps.filter((s) => s.held).at(-1);
    const missed = side.borrow.steps.find((s) => !s.held);
    const heldText = held ? `${int(held.rate)}/s (p99 ${ms(held.p99)})` : `none of ${BORROW_RATES[0]}/s or more`;
    const missedText = missed ? `, ${int(missed.rate)}/s: ${int(missed.achieved)}/s done, p99 ${ms(missed.p99)}${missed.failures ? `, ${missed.failures} not 201` : ''}` : '';
    return heldText + missedText;
  };
  const ratio = ceiling.borrow.best > 0 ? ours.borrow.best / ceiling.borrow.best : NaN;
  rows.push({
    figure: `borrows/s holding p99 ≤ ${BORROW_P99_MS} ms, 200 callers, fixed rate — ${target.label} (ours; ceiling)`,
    goal: onPg ? `≥ ${BORROW_RATE_GOAL}/s` : '—',
    measured: `${describe(ours)}; ceiling ${describe(ceiling)} = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}×`,
    pass: onPg ? ours.borrow.best >= BORROW_RATE_GOAL : null,
    data: { ours: ours.borrow, ceiling: ceiling.borrow },
  });
  return rows;
}
