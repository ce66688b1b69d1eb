import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const TMP = resolve(ROOT, '.tmp');
/** The bench's own build, data and logs, apart from other engineers' builds. */
export const OUT_DIR = '.tmp/dist-bench';
export const SCALE_DIR = resolve(TMP, 'bench-scale');
/** The files of the PostgreSQL scale data (its rows are in the bench's throwaway cluster). */
export const PG_SCALE_DIR = resolve(TMP, 'bench-scale-pg');
export const DEMO_DIR = resolve(TMP, 'bench-demo');
export const LOG_DIR = resolve(TMP, 'bench-logs');
export const RESULTS_DIR = resolve(ROOT, 'bench/results');
export const FIXTURES = process.env.BOOK_FIXTURES_DIR || resolve(ROOT, '../shared/fixtures/books');
/** The pinned Node 24 (npm scripts put it first on PATH; the system node may be older). */
export const NODE = resolve(ROOT, 'node_modules/.bin/node');

/** Ports of this harness (4410-4420), apart from other suites on the machine. */
export const PORTS = {
  product: 4410,
  api: 4411,
  static: 4412,
  stock: 4413,
  demo: 4414,
  chromeDebug: 4415,
  ceiling: 4416,
  /** The stand-in payment gateway of the notifications measure. */
  gateway: 4417,
} as const;
