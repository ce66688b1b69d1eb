import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measure, Row } from '../lib/context.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { LOG_DIR, PORTS } from '../lib/paths.ts';
import { startNode } from '../lib/server.ts';
import { int, median, ms } from '../lib/stats.ts';
import { timedRequest } from '../lib/http.ts';

/**
 * 3. SSR throughput of the public book page on the scale data, against a plain Node server sending
 * the same HTML, alternating runs of both in the same bench run (autocannon, 50 connections);
 * then the product's p99 at 200 connections.
 */
export const ssrMeasure: Measure = {
  name: 'ssr',
  title: 'SSR throughput',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const path = `/book/${ctx.manifest.sampleBookId}`;
    const page = await timedRequest(product.origin, 'GET', path);
    if (page.status !== 200) {
      return [{ figure: 'public book page req/s (50 connections)', goal: '≥ 1,200 req/s, p99 ≤ 50 ms, ≥ 0.7× static', measured: 'not available', pass: false, note: `GET ${path} answered ${page.status}` }];
    }
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
      const run = (origin: string, connections: number) => load({ origin, path, connections, seconds });
      await load({ origin: product.origin, path, connections: 50, seconds: 2 });
      await load({ origin: staticServer.origin, path, connections: 50, seconds: 2 });
      const ours: LoadResult[] = [];
      const base: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 3); r++) {
        ours.push(await run(product.origin, 50));
        base.push(await run(staticServer.origin, 50));
      }
      const wide: LoadResult[] = [];
      for (let r = 0; r < ctx.reps(1, 2); r++) wide.push(await run(product.origin, 200));
      const rps = median(ours.map((x) => x.rps));
      const p50 = median(ours.map((x) => x.p50));
      const p99 = median(ours.map((x) => x.p99));
      const errors = ours.reduce((a, x) => a + x.errors + x.non2xx, 0);
      const baseRps = median(base.map((x) => x.rps));
      const ratio = median(ours.map((x, i) => x.rps / base[i]!.rps));
      const p99Wide = median(wide.map((x) => x.p99));
      const wideErrors = wide.reduce((a, x) => a + x.errors + x.non2xx, 0);
      const rows: Row[] = [
        {
          figure: `public book page, 100k books, 50 connections (${int(page.body.length)} B HTML)`,
          goal: '≥ 1,200 req/s at p99 ≤ 50 ms',
          measured: `${int(rps)} req/s, p50 ${ms(p50)}, p99 ${ms(p99)}, ${errors} errors`,
          pass: rps >= 1200 && p99 <= 50 && errors === 0,
          data: ours,
        },
        {
          figure: 'plain Node static server, same HTML, 50 connections',
          goal: '',
          measured: `${int(baseRps)} req/s, p50 ${ms(median(base.map((x) => x.p50)))}, p99 ${ms(median(base.map((x) => x.p99)))}`,
          pass: null,
          data: base,
        },
        { figure: 'SSR / static throughput ratio', goal: '≥ 0.7×', measured: `${ratio.toFixed(2)}×`, pass: ratio >= 0.7 },
        { figure: 'public book page p99 at 200 connections', goal: '', measured: `p99 ${ms(p99Wide)}, ${int(median(wide.map((x) => x.rps)))} req/s, ${wideErrors} errors`, pass: null, data: wide },
      ];
      return rows;
    } finally {
      await staticServer.stop();
    }
  },
};
