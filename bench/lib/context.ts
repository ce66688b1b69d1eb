import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { readManifest, type ScaleManifest } from '../../server/seed/scale.ts';
import { loadSigningSecret } from '../../server/auth/secrets.ts';
import { benchTokens } from './auth.ts';
import { launchChromium } from './chromium.ts';
import { LOG_DIR, NODE, OUT_DIR, PG_SCALE_DIR, PORTS, ROOT, SCALE_DIR } from './paths.ts';
import { startApi, startCeiling, startProduct, type Running } from './server.ts';

/** One line of the table. `pass` null: a figure reported without a goal. */
export interface Row {
  figure: string;
  goal: string;
  measured: string;
  pass: boolean | null;
  note?: string;
  /** Raw numbers behind `measured`, for the JSON. */
  data?: unknown;
}

export interface Measure {
  name: string;
  title: string;
  /** Whether the measure needs the built web app. */
  build: boolean;
  /** Whether the measure runs on PostgreSQL too (the bench then starts a throwaway cluster). */
  postgres?: boolean;
  run(ctx: BenchContext): Promise<Row[]>;
}

export interface BenchOptions {
  books: number;
  /** Fewer repetitions and shorter runs, for trying the harness. */
  quick: boolean;
  reseed: boolean;
  /** The bench's own throwaway PostgreSQL cluster (scripts/with-postgres.sh), when it runs under one. */
  postgresUrl?: string;
}

/** One database the API measures run on, with the same scale data. */
export interface DbTarget {
  /** As the rows say it: "PGlite" or "PostgreSQL". */
  label: string;
  kind: 'pglite' | 'postgres';
  /** What a server on it needs: DATA_DIR, and DATABASE_URL with JWT_SECRET on PostgreSQL. */
  env: Record<string, string>;
  manifest: ScaleManifest;
  tokens(count?: number): Promise<string[]>;
}

/** Shared state of one bench run: the scale data, the one server on it, the browser. */
export class BenchContext {
  readonly options: BenchOptions;
  readonly scaleDir = SCALE_DIR;
  manifest!: ScaleManifest;
  seedSeconds: number | null = null;
  seedOutput = '';
  /** RSS of the product a moment after it started on the scale data. */
  productStartRss: number | null = null;
  /** The PostgreSQL scale data, seeded once per run into the throwaway cluster. */
  private pgTarget: DbTarget | null = null;
  pgSeedSeconds: number | null = null;
  /** Why the API measures run on PGlite only, when they do. */
  postgresMissing: string | null = null;
  /** The secret servers on PostgreSQL sign with (a server on DATABASE_URL keeps none on disk). */
  private readonly jwtSecret = randomBytes(32).toString('base64url');
  private current: Running | null = null;
  private browser: Browser | null = null;
  private built = false;

  constructor(options: BenchOptions) {
    this.options = options;
  }

  log(message: string): void {
    const time = new Date().toISOString().slice(11, 19);
    console.error(`[bench ${time}] ${message}`);
  }

  /** `quick ? a : b`. */
  reps<T>(quick: T, full: T): T {
    return this.options.quick ? quick : full;
  }

  async build(): Promise<void> {
    if (this.built) return;
    this.log(`building the web app into ${OUT_DIR}`);
    const { code, output } = await run(join(ROOT, 'node_modules/.bin/astro'), ['build'], { ASTRO_OUT_DIR: OUT_DIR });
    if (code !== 0) throw new Error(`astro build failed:\n${output.slice(-3000)}`);
    this.built = true;
  }

  /** Seeds the scale data directory afresh, timing the whole `seed:scale` command. */
  async seed(): Promise<void> {
    await this.stopServer();
    this.log(`seeding ${this.options.books} books into ${SCALE_DIR}`);
    const started = performance.now();
    const { code, output } = await run(NODE, ['server/seed/scale.ts', '--books', String(this.options.books), '--data-dir', SCALE_DIR], {});
    this.seedSeconds = (performance.now() - started) / 1000;
    this.seedOutput = output;
    if (code !== 0) throw new Error(`seed:scale failed:\n${output.slice(-3000)}`);
    this.manifest = readManifest(SCALE_DIR)!;
  }

  /** Reuses a recent seed of the same size, else seeds. */
  async ensureScale(): Promise<void> {
    if (this.manifest) return;
    const existing = readManifest(SCALE_DIR);
    const fresh = existing && Date.now() - Date.parse(existing.seededAt) < 12 * 3600_000;
    if (!this.options.reseed && existing && fresh && existing.books === this.options.books && existsSync(join(SCALE_DIR, 'pgdata'))) {
      this.manifest = existing;
      this.log(`reusing the scale data of ${existing.seededAt} (${existing.books} books)`);
      return;
    }
    await this.seed();
  }

  tokens(count?: number): Promise<string[]> {
    return benchTokens(loadSigningSecret(SCALE_DIR), this.manifest, count);
  }

  /** PGlite, then PostgreSQL when the bench runs under its throwaway cluster. */
  async targets(): Promise<DbTarget[]> {
    await this.ensureScale();
    const pglite: DbTarget = { label: 'PGlite', kind: 'pglite', env: { DATA_DIR: SCALE_DIR }, manifest: this.manifest, tokens: (count) => this.tokens(count) };
    const postgres = await this.postgresScale();
    return postgres ? [pglite, postgres] : [pglite];
  }

  /** Seeds the scale data into a new database of the throwaway cluster (files in PG_SCALE_DIR). */
  async postgresScale(): Promise<DbTarget | null> {
    const url = this.options.postgresUrl;
    if (!url || this.pgTarget) return this.pgTarget;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS epustaka_scale');
    await admin.query('CREATE DATABASE epustaka_scale');
    await admin.end();
    const target = new URL(url);
    target.pathname = '/epustaka_scale';
    const databaseUrl = target.toString();
    this.log(`seeding ${this.options.books} books into PostgreSQL (${databaseUrl})`);
    const started = performance.now();
    const args = ['server/seed/scale.ts', '--books', String(this.options.books), '--data-dir', PG_SCALE_DIR, '--database-url', databaseUrl];
    const { code, output } = await run(NODE, args, {});
    this.pgSeedSeconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`seed:scale on PostgreSQL failed:\n${output.slice(-3000)}`);
    const manifest = readManifest(PG_SCALE_DIR)!;
    const secret = new TextEncoder().encode(this.jwtSecret);
    this.pgTarget = {
      label: 'PostgreSQL',
      kind: 'postgres',
      env: { DATA_DIR: PG_SCALE_DIR, DATABASE_URL: databaseUrl, JWT_SECRET: this.jwtSecret },
      manifest,
      tokens: (count) => benchTokens(secret, manifest, count),
    };
    return this.pgTarget;
  }

  /** The product on the scale data (stopping the lone API first: one process per data dir). */
  async product(): Promise<Running> {
    await this.ensureScale();
    await this.build();
    if (this.current?.kind === 'product') return this.current;
    await this.stopServer();
    this.log('starting the product on the scale data');
    this.current = await startProduct(SCALE_DIR, PORTS.product);
    await new Promise((r) => setTimeout(r, 2000));
    this.productStartRss ??= this.current.rss();
    return this.current;
  }

  /** The product on a target's scale data: PGlite's is `product()`; PostgreSQL's adds its URL and secret. */
  async productOn(target: DbTarget): Promise<Running> {
    if (target.kind === 'pglite') return this.product();
    await this.build();
    const kind = 'product-postgres';
    if (this.current?.kind === kind) return this.current;
    await this.stopServer();
    this.log('starting the product on the PostgreSQL scale data');
    this.current = await startProduct(target.env.DATA_DIR!, PORTS.product, kind, target.env);
    return this.current;
  }

  /** The reference API alone on a target's scale data (PGlite's by default). */
  async api(target?: DbTarget): Promise<Running> {
    target ??= (await this.targets())[0]!;
    const kind = `api-${target.kind}`;
    if (this.current?.kind === kind) return this.current;
    await this.stopServer();
    this.log(`starting the API alone on the ${target.label} scale data`);
    this.current = await startApi(target.env, PORTS.api, kind);
    return this.current;
  }

  /** The bare node:http ceiling on a target's scale data (bench/lib/ceiling.ts). */
  async ceiling(target: DbTarget): Promise<Running> {
    const kind = `ceiling-${target.kind}`;
    if (this.current?.kind === kind) return this.current;
    await this.stopServer();
    this.log(`starting the ceiling on the ${target.label} scale data`);
    this.current = await startCeiling(target.env, PORTS.ceiling, kind);
    return this.current;
  }

  async stopServer(): Promise<void> {
    const running = this.current;
    this.current = null;
    if (running) await running.stop();
  }

  async chromium(): Promise<Browser> {
    this.browser ??= await launchChromium();
    return this.browser;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => {});
    this.browser = null;
    await this.stopServer();
  }
}

/** Runs a command in the repository, capturing its output. */
export function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 600_000): Promise<{ code: number; output: string }> {
  mkdirSync(LOG_DIR, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Removes and recreates a directory of the bench. */
export function freshDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
