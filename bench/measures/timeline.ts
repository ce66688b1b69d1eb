import type { Measure, Row } from '../lib/context.ts';
import { timedRequest } from '../lib/http.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { int, median, ms } from '../lib/stats.ts';
import { TIMELINE_FOLLOWS } from '../../server/seed/scale-timeline.ts';

const P99_GOAL_MS = 50;
const CONNECTIONS = 20;

/**
 * The timeline at scale, at the API: bench user 0 follows TIMELINE_FOLLOWS readers of the scale
 * data, whose posts are 100,000 feed items in all at 100,000 books (server/seed/scale-timeline.ts).
 * Its first page (`GET /webhook/feeds`, the page size the app asks for, with the total) is asked
 * by 20 keep-alive connections, on PGlite and on PostgreSQL, after a warm-up; the median of
 * several runs. The goal is judged on PostgreSQL.
 */
export const timelineMeasure: Measure = {
  name: 'timeline',
  title: 'Timeline at scale (API)',
  build: false,
  postgres: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const target of await ctx.targets()) {
      const [token] = await target.tokens(1);
      const api = await ctx.api(target);
      const headers = { authorization: `Bearer ${token}` };
      const path = '/webhook/feeds?limit=10&offset=0';
      const probe = await timedRequest(api.origin, 'GET', path, { headers });
      const total = probe.status === 200 ? (JSON.parse(probe.body) as { meta: { total: number } }).meta.total : NaN;
      const onPg = target.kind === 'postgres';
      const figure = `timeline first page (GET /webhook/feeds, 10 items and the total), following ${TIMELINE_FOLLOWS} of the readers, ${CONNECTIONS} connections — ${target.label}`;
      if (probe.status !== 200) {
        rows.push({ figure, goal: '', measured: 'not available', pass: false, note: `answered ${probe.status}: ${probe.body.slice(0, 160)}` });
        continue;
      }
      await load({ origin: api.origin, path, connections: CONNECTIONS, seconds: 2, headers });
      const runs: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 3); r++) runs.push(await load({ origin: api.origin, path, connections: CONNECTIONS, seconds: ctx.reps(3, 8), headers }));
      const p99 = median(runs.map((x) => x.p99));
      const failures = runs.reduce((a, x) => a + x.errors + x.non2xx, 0);
      rows.push({
        figure,
        goal: onPg ? `p99 ≤ ${P99_GOAL_MS} ms` : '—',
        measured: `p99 ${ms(p99)}, p50 ${ms(median(runs.map((x) => x.p50)))}, ${int(median(runs.map((x) => x.rps)))} req/s, ${failures} errors; ${int(total)} items visible to the reader`,
        pass: onPg ? p99 <= P99_GOAL_MS && failures === 0 : null,
        data: runs,
      });
    }
    await ctx.stopServer();
    if (!ctx.options.postgresUrl) rows.push({ figure: 'timeline on PostgreSQL', goal: 'measured', measured: 'not available', pass: false, note: ctx.postgresMissing ?? 'no PostgreSQL cluster' });
    return rows;
  },
};
