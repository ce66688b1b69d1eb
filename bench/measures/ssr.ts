import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measure, Row } from '../lib/context.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { LOG_DIR, PORTS } from '../lib/paths.ts';
import { startNode } from '../lib/server.ts';
import { int, median, ms } from '../lib/stats.ts';
import { timedRequest } from '../lib/http.ts';

/** Server-rendering goal: the page rendered for each request, the shared page cache left out. */
const RENDER_GOAL = { rps: 1200, p99: 50, ratio: 0.7 };

/**
 * 3. Throughput of the public book page on the scale data, two ways, each against a plain Node
 * server sending the same HTML (autocannon, 50 connections, runs alternated in the same bench run):
 * - shared page cache hit: every request asks for the same URL, so after the first one the web
 *   server's in-memory shared page cache (server/web/shared-cache.ts) answers without rendering;
 * - server rendering: every request carries a query string no earlier request had (`?render=N`,
 *   which the page ignores). The cache keys an answer by its whole URL, so it never holds the
 *   answer asked for and Astro renders the page, with its API calls and database reads, each time.
 *   Nothing in the product is switched: the bypass is only in the URLs the bench asks for.
 * Then the cache hit's p99 at 200 connections.
 */
export const ssrMeasure: Measure = {
  name: 'throughput',
  title: 'Public page throughput: shared page cache hit and server rendering',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const path = `/book/${ctx.manifest.sampleBookId}`;
    const page = await timedRequest(product.origin, 'GET', path);
    if (page.status !== 200) {
      return [{ figure: 'public book page req/s (50 connections)', goal: '', measured: 'not available', pass: false, note: `GET ${path} answered ${page.status}` }];
    }
    // The cache marks what it answers with an Age header; the rendered answers must not have one.
    let rendered = 0;
    const renderPath = () => `${path}?render=${++rendered}`;
    const repeat = await timedRequest(product.origin, 'GET', path);
    const fresh = await timedRequest(product.origin, 'GET', renderPath());
    const cacheHit = repeat.status === 200 && repeat.headers.age !== undefined;
    const bypassed = fresh.status === 200 && fresh.headers.age === undefined;
    const checkNote = [
      cacheHit ? '' : 'a repeated request was not answered by the shared page cache (no Age header)',
      bypassed ? '' : `a distinct query string was answered ${fresh.status}${fresh.headers.age !== undefined ? ' from the cache' : ''}`,
    ].filter(Boolean).join('; ') || undefined;
    // The baseline sends the product's own bytes and headers.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(page.headers)) {
      if (typeof value === 'string' && !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'set-cookie'].includes(name)) headers[name] = value;
    }
    const file = join(LOG_DIR, 'ssr-page.json');
    writeFileSync(file, JSON.stringify({ body: page.body, headers }));
    const staticServer = await startNode({ kind: 'static', script: 'bench/lib/static-server.ts', args: [file, String(PORTS.static)], port: PORTS.static, env: {}, readyPath: '/' });
    try {
      const seconds = ctx.reps(3, 8);
      const run = (origin: string, connections: number, at: string | (() => string) = path) => load({ origin, path: at, connections, seconds });
      await load({ origin: product.origin, path, connections: 50, seconds: 2 });
      await load({ origin: product.origin, path: renderPath, connections: 50, seconds: 2 });
      await load({ origin: staticServer.origin, path, connections: 50, seconds: 2 });
      const hits: LoadResult[] = [];
      const renders: LoadResult[] = [];
      const base: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 3); r++) {
        hits.push(await run(product.origin, 50));
        renders.push(await run(product.origin, 50, renderPath));
        base.push(await run(staticServer.origin, 50));
      }
      const wide: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 2); r++) wide.push(await run(product.origin, 200));
      const errorsOf = (runs: LoadResult[]) => runs.reduce((a, x) => a + x.errors + x.non2xx, 0);
      const figures = (runs: LoadResult[]) => `${int(median(runs.map((x) => x.rps)))} req/s, p50 ${ms(median(runs.map((x) => x.p50)))}, p99 ${ms(median(runs.map((x) => x.p99)))}`;
      const ratioTo = (runs: LoadResult[]) => median(runs.map((x, i) => x.rps / base[i]!.rps));
      const renderRps = median(renders.map((x) => x.rps));
      const renderP99 = median(renders.map((x) => x.p99));
      const renderRatio = ratioTo(renders);
      const rows: Row[] = [
        {
          figure: `shared page cache hit: public book page, one URL, 100k books, 50 connections (${int(page.body.length)} B HTML)`,
          goal: '',
          measured: `${figures(hits)}, ${errorsOf(hits)} errors`,
          pass: null,
          note: cacheHit ? undefined : checkNote,
          data: hits,
        },
        {
          figure: 'server rendering, cache bypassed (a new query string each request): public book page, 50 connections',
          goal: `≥ ${int(RENDER_GOAL.rps)} req/s at p99 ≤ ${RENDER_GOAL.p99} ms`,
          measured: `${figures(renders)}, ${errorsOf(renders)} errors (${int(rendered)} distinct URLs asked in all)`,
          pass: bypassed && renderRps >= RENDER_GOAL.rps && renderP99 <= RENDER_GOAL.p99 && errorsOf(renders) === 0,
          note: bypassed ? undefined : checkNote,
          data: renders,
        },
        { figure: 'plain Node static server, same HTML, 50 connections', goal: '', measured: figures(base), pass: null, data: base },
        { figure: 'shared page cache hit / static throughput ratio', goal: '', measured: `${ratioTo(hits).toFixed(2)}×`, pass: null },
        { figure: 'server rendering / static throughput ratio', goal: `≥ ${RENDER_GOAL.ratio}×`, measured: `${renderRatio.toFixed(3)}×`, pass: bypassed && renderRatio >= RENDER_GOAL.ratio },
        { figure: 'shared page cache hit p99 at 200 connections', goal: '', measured: `p99 ${ms(median(wide.map((x) => x.p99)))}, ${int(median(wide.map((x) => x.rps)))} req/s, ${errorsOf(wide)} errors`, pass: null, data: wide },
      ];
      return rows;
    } finally {
      await staticServer.stop();
    }
  },
};
