import type { Measure, Row } from '../lib/context.ts';
import { ACCESS_COOKIE } from '../lib/auth.ts';
import { timedRequest } from '../lib/http.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { int, median, ms } from '../lib/stats.ts';

/** Whole signed-in pages (web server, its API calls, HTML) on PostgreSQL. */
const GOAL = { rps: 500, p99: 100 };
const CONNECTIONS = 50;

/**
 * Signed-in pages on PostgreSQL: the product (web server with the embedded API) on the
 * PostgreSQL scale data, asked for three pages a signed-in student opens all day (a book's page,
 * the book list, the timeline) by 50 keep-alive connections, each request carrying a student's
 * session cookie. Every answer is a whole page: the session check, the page's API calls and the
 * HTML; signed-in pages are never answered from the shared page cache. Each page is measured
 * after a warm-up, the median of several runs.
 */
export const signedInMeasure: Measure = {
  name: 'signed-in',
  title: 'Signed-in pages on PostgreSQL',
  build: true,
  postgres: true,
  async run(ctx) {
    const target = await ctx.postgresScale();
    if (!target) return [{ figure: 'signed-in pages on PostgreSQL', goal: 'measured', measured: 'not available', pass: false, note: ctx.postgresMissing ?? 'no PostgreSQL cluster' }];
    const m = target.manifest;
    const [token] = await target.tokens(1);
    const product = await ctx.productOn(target);
    const headers = { cookie: `${ACCESS_COOKIE}=${token}` };
    const pages = [
      { name: "a book's page", path: `/book/${m.sampleBookId}` },
      { name: 'the book list', path: '/books' },
      { name: 'the timeline', path: '/timeline' },
    ];
    const rows: Row[] = [];
    for (const page of pages) {
      const probe = await timedRequest(product.origin, 'GET', page.path, { headers });
      // A page that sent the caller to sign in, or the visitors' page, would be measuring the wrong
      // thing: only the signed-in shells link the web app manifest.
      if (probe.status !== 200 || !probe.body.includes('rel="manifest"')) {
        rows.push({ figure: `signed-in ${page.name} (${page.path}), ${CONNECTIONS} connections — PostgreSQL`, goal: '', measured: 'not available', pass: false, note: `GET ${page.path} answered ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ''} without the signed-in shell` });
        continue;
      }
      await load({ origin: product.origin, path: page.path, connections: CONNECTIONS, seconds: 2, headers });
      const runs: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 3); r++) runs.push(await load({ origin: product.origin, path: page.path, connections: CONNECTIONS, seconds: ctx.reps(3, 8), headers }));
      const rps = median(runs.map((x) => x.rps));
      const p99 = median(runs.map((x) => x.p99));
      const failures = runs.reduce((a, x) => a + x.errors + x.non2xx, 0);
      rows.push({
        figure: `signed-in ${page.name} (${page.path}), whole page, ${CONNECTIONS} connections — PostgreSQL`,
        goal: `≥ ${int(GOAL.rps)} req/s at p99 ≤ ${GOAL.p99} ms`,
        measured: `${int(rps)} req/s, p50 ${ms(median(runs.map((x) => x.p50)))}, p99 ${ms(p99)}, ${failures} errors (${int(probe.body.length)} B HTML)`,
        pass: rps >= GOAL.rps && p99 <= GOAL.p99 && failures === 0,
        data: runs,
      });
    }
    await ctx.stopServer();
    return rows;
  },
};
