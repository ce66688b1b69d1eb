import type { Measure, Row } from '../lib/context.ts';
import { agent, json, timedRequest } from '../lib/http.ts';
import { load } from '../lib/load.ts';
import { int, median, ms, percentile } from '../lib/stats.ts';
import { POOL_BORROWS_PER_USER } from '../../server/seed/scale.ts';

/**
 * 4. The reference API alone on the scale data: book-detail JSON throughput (50 connections,
 * requests spread over 1,000 books) and borrow latency with 200 concurrent callers.
 */
export const apiMeasure: Measure = {
  name: 'api',
  title: 'API',
  build: false,
  async run(ctx) {
    const api = await ctx.api();
    const m = ctx.manifest;
    const tokens = await ctx.tokens();
    const rows: Row[] = [];

    // Book detail: check the route, warm up, then median of several runs.
    const probe = await timedRequest(api.origin, 'GET', `/webhook/book-detail?book_id=${m.sampleBookId}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (probe.status !== 200) {
      rows.push({ figure: 'book-detail JSON req/s (50 connections)', goal: '≥ 5,000 req/s', measured: 'not available', pass: false, note: `GET /webhook/book-detail answered ${probe.status}: ${probe.body.slice(0, 160)}` });
    } else {
      let i = 0;
      const path = () => `/webhook/book-detail?book_id=${m.spreadBookIds[i++ % m.spreadBookIds.length]}`;
      const headers = { authorization: `Bearer ${tokens[0]}` };
      await load({ origin: api.origin, path, connections: 50, seconds: 2, headers });
      const runs = [];
      for (let r = 0; r < ctx.reps(1, 3); r++) runs.push(await load({ origin: api.origin, path, connections: 50, seconds: ctx.reps(3, 8), headers }));
      const rps = median(runs.map((x) => x.rps));
      const p99 = median(runs.map((x) => x.p99));
      const failures = runs.reduce((a, x) => a + x.errors + x.non2xx, 0);
      rows.push({
        figure: 'book-detail JSON req/s (50 connections)',
        goal: '≥ 5,000 req/s',
        measured: `${int(rps)} req/s, p99 ${ms(p99)}, ${failures} errors`,
        pass: rps >= 5000 && failures === 0,
        data: runs,
      });
    }

    // Borrow: 200 callers at once, each borrowing its own pool books one after the other.
    const pool = agent(200);
    const first = await timedRequest(api.origin, 'POST', '/webhook/borrow', {
      agent: pool,
      headers: { authorization: `Bearer ${tokens[0]}` },
      body: { user_id: m.benchUsers[0]!.id, book_id: m.poolBookIds[0], epustaka_id: m.benchEpustakaId },
    });
    if (first.status === 404 && !json(first.body)?.errors?.[0]?.code?.startsWith('book')) {
      rows.push({ figure: 'borrow p99, 200 concurrent callers', goal: '≤ 5 ms', measured: 'not available', pass: false, note: `POST /webhook/borrow answered ${first.status}` });
      return rows;
    }
    await returnLoans(api.origin, pool, tokens, [{ user: 0, loan: json(first.body)?.data?.id }]);
    const p99s: number[] = [];
    const p50s: number[] = [];
    let failures = 0;
    let samples = 0;
    for (let round = 0; round < ctx.reps(1, 3); round++) {
      const latencies: number[] = [];
      const loans: { user: number; loan: string }[] = [];
      await Promise.all(
        m.benchUsers.map(async (user, u) => {
          for (let k = 0; k < POOL_BORROWS_PER_USER; k++) {
            const res = await timedRequest(api.origin, 'POST', '/webhook/borrow', {
              agent: pool,
              headers: { authorization: `Bearer ${tokens[u]}` },
              body: { user_id: user.id, book_id: m.poolBookIds[u * POOL_BORROWS_PER_USER + k], epustaka_id: m.benchEpustakaId },
            });
            latencies.push(res.ms);
            if (res.status === 201) loans.push({ user: u, loan: json(res.body).data.id });
            else failures += 1;
          }
        }),
      );
      samples += latencies.length;
      p99s.push(percentile(latencies, 99));
      p50s.push(percentile(latencies, 50));
      // Give every copy back, so the next round (and the next bench run) starts the same.
      await returnLoans(api.origin, pool, tokens, loans);
    }
    pool.destroy();
    const p99 = median(p99s);
    rows.push({
      figure: 'borrow p99, 200 concurrent callers',
      goal: '≤ 5 ms',
      measured: `p99 ${ms(p99)}, p50 ${ms(median(p50s))} (${samples} borrows, ${failures} not 201)`,
      pass: p99 <= 5 && failures === 0,
      data: { p99s, p50s, failures, samples },
    });
    return rows;
  },
};

/** Returns loans of bench users, 20 at a time. */
export async function returnLoans(origin: string, pool: ReturnType<typeof agent>, tokens: string[], loans: { user: number; loan: string | undefined }[]): Promise<void> {
  const queue = loans.filter((l) => l.loan);
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await timedRequest(origin, 'PUT', '/webhook/book-return', {
          agent: pool,
          headers: { authorization: `Bearer ${tokens[next.user]}` },
          body: { borrow_book_id: next.loan },
        });
      }
    }),
  );
}
