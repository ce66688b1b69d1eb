import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BenchContext, type Measure, type Row } from './lib/context.ts';
import { RESULTS_DIR } from './lib/paths.ts';
import { postgresCluster } from './lib/postgres.ts';
import { seedMeasure } from './measures/seed.ts';
import { pagesMeasure } from './measures/pages.ts';
import { ssrMeasure } from './measures/ssr.ts';
import { apiMeasure } from './measures/api.ts';
import { raceMeasure } from './measures/race.ts';
import { readerMeasure } from './measures/reader.ts';
import { memoryMeasure } from './measures/memory.ts';
import { headersMeasure } from './measures/headers.ts';
import { a11yMeasure } from './measures/a11y.ts';
import { notificationsMeasure } from './measures/notifications.ts';
import { quizzesMeasure } from './measures/quizzes.ts';
import { signedInMeasure } from './measures/signed-in.ts';
import { timelineMeasure } from './measures/timeline.ts';

/*
 * `npm run bench [-- --only <name>[,<name>…]] [--books N] [--quick] [--reseed] [--no-postgres]`
 *
 * Builds the web app into .tmp/dist-bench, seeds (or reuses) the scale database in .tmp/bench-scale,
 * runs each measurement and prints one table (figure, goal, measured, pass/fail), also written as
 * JSON to bench/results/. A full run always seeds afresh; `--only` reuses a recent seed of the same
 * size. The `api` and `race` measures run on PGlite and on a throwaway PostgreSQL cluster the bench
 * starts itself (bench/lib/postgres.ts), seeded with the same scale data each run; `notifications`
 * and `quizzes` on that cluster only.
 * Exit code 0 whatever the figures: a missed goal is a result, not a crash.
 * With BENCH_CPU_PROFILE_DIR=<dir>, every server the bench starts writes a V8 CPU profile there.
 */

// In the order they run: the API alone first (one process per data directory), then the product.
const MEASURES: Measure[] = [seedMeasure, apiMeasure, raceMeasure, notificationsMeasure, quizzesMeasure, signedInMeasure, timelineMeasure, memoryMeasure, pagesMeasure, ssrMeasure, headersMeasure, a11yMeasure, readerMeasure];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    books: { type: 'string', default: '100000' },
    quick: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`usage: npm run bench [-- --only <${MEASURES.map((m) => m.name).join('|')}>[,…]] [--books N] [--quick] [--reseed] [--no-postgres]`);
  process.exit(0);
}

const only = values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : null;
const unknown = only?.filter((name) => !MEASURES.some((m) => m.name === name)) ?? [];
if (unknown.length) {
  console.error(`unknown measure(s): ${unknown.join(', ')}; known: ${MEASURES.map((m) => m.name).join(', ')}`);
  process.exit(2);
}
const selected = MEASURES.filter((m) => !only || only.includes(m.name));
const books = Number(values.books);
const postgres = await postgresCluster(!values['no-postgres'] && selected.some((m) => m.postgres));
const ctx = new BenchContext({ books, quick: values.quick, reseed: values.reseed || !only, postgresUrl: postgres.url });
ctx.postgresMissing = postgres.missing ?? null;

const started = performance.now();
const sections: { name: string; title: string; seconds: number; rows: Row[] }[] = [];

let interrupted = false;
const onSignal = () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('[bench] interrupted: stopping the servers');
  void ctx.close().then(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  for (const measure of selected) {
    const t = performance.now();
    ctx.log(`== ${measure.name}: ${measure.title}`);
    let rows: Row[];
    try {
      if (measure.build) await ctx.build();
      rows = await measure.run(ctx);
    } catch (error) {
      ctx.log(`${measure.name} failed: ${(error as Error).stack ?? error}`);
      rows = [{ figure: measure.title, goal: '', measured: 'error', pass: false, note: String((error as Error).message ?? error).slice(0, 300) }];
    }
    const seconds = (performance.now() - t) / 1000;
    ctx.log(`== ${measure.name} done in ${seconds.toFixed(0)} s`);
    sections.push({ name: measure.name, title: measure.title, seconds, rows });
  }
} finally {
  await ctx.close();
}

const totalSeconds = (performance.now() - started) / 1000;
const machine = `${cpus().length} vCPU, ${Math.round(totalmem() / 2 ** 30)} GiB`;
printTable();
mkdirSync(RESULTS_DIR, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = join(RESULTS_DIR, `bench-${stamp}.json`);
const result = { date: new Date().toISOString(), machine, node: process.version, books, quick: values.quick, only, totalSeconds, sections };
writeFileSync(file, JSON.stringify(result, null, 2));
writeFileSync(join(RESULTS_DIR, 'latest.json'), JSON.stringify(result, null, 2));
console.log(`\n${machine}, ${totalSeconds.toFixed(0)} s in all. JSON: ${file}`);

function printTable(): void {
  const lines: string[][] = [['#', 'figure', 'goal', 'measured', 'result']];
  for (const section of sections) {
    for (const row of section.rows) {
      const verdict = row.pass === null ? '—' : row.pass ? 'pass' : 'FAIL';
      lines.push([section.name, row.figure, row.goal || '—', row.measured, verdict]);
    }
  }
  // A markdown table, so the same text goes into docs/bench.md.
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) => `| ${l.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log('');
  console.log(fmt(lines[0]!));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines.slice(1)) console.log(fmt(line));
  const notes = sections.flatMap((s) => s.rows.filter((r) => r.note).map((r) => `- ${s.name} / ${r.figure}: ${r.note}`));
  if (notes.length) {
    console.log('\nNotes:');
    for (const note of notes) console.log(note);
  }
}
