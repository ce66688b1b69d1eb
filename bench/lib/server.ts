import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_DIR, NODE, OUT_DIR, ROOT } from './paths.ts';

/** A server process started by the bench. */
export interface Running {
  kind: string;
  pid: number;
  origin: string;
  /** Resident set size of the process now, in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/** Resident set size of a process from /proc, in bytes (NaN when unreadable). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time a process has used so far (user + system, its threads included), in milliseconds,
 * from /proc/<pid>/stat (NaN when unreadable). The kernel counts in clock ticks of 10 ms.
 */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers (any status below 500), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, child: ChildProcess | null, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts a Node script of the repository with the pinned Node, its output in .tmp/bench-logs,
 * and waits for `readyPath` to answer.
 */
export async function startNode(options: {
  kind: string;
  script: string;
  args?: string[];
  port: number;
  env: Record<string, string>;
  readyPath: string;
  timeoutMs?: number;
}): Promise<Running> {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(join(LOG_DIR, `${options.kind}.log`), { flags: 'a' });
  // The bench decides which database the server uses.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.API_URL;
  Object.assign(env, options.env);
  // BENCH_CPU_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(NODE, [...profile, options.script, ...(options.args ?? [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const origin = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHttp(origin + options.readyPath, child, options.timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${options.kind}: ${(error as Error).message} (log: ${join(LOG_DIR, options.kind + '.log')})`);
  }
  return {
    kind: options.kind,
    pid: child.pid!,
    origin,
    rss: () => rssOf(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The product as deployed: `node server/main.ts` with the embedded API on `dataDir`; an empty
 * directory (the memory measure's) gets the demo data. `env` adds DATABASE_URL and JWT_SECRET
 * for PostgreSQL.
 */
export function startProduct(dataDir: string, port: number, kind = 'product', env: Record<string, string> = {}): Promise<Running> {
  return startNode({
    kind,
    script: 'server/main.ts',
    port,
    readyPath: '/login',
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ASTRO_OUT_DIR: OUT_DIR, NODE_ENV: 'production', DEMO_DATA: 'true' },
  });
}

/** The reference API alone (`npm run api`) on a database: `env` holds DATA_DIR (and DATABASE_URL, JWT_SECRET). */
export function startApi(env: Record<string, string>, port: number, kind = 'api'): Promise<Running> {
  return startNode({
    kind,
    script: 'server/api-main.ts',
    port,
    readyPath: '/webhook/does-not-exist',
    env: { ...env, API_PORT: String(port), API_HOST: '127.0.0.1', NODE_ENV: 'production' },
  });
}

/** The bare `node:http` ceiling (bench/lib/ceiling.ts) on the same database as `startApi`. */
export function startCeiling(env: Record<string, string>, port: number, kind = 'ceiling'): Promise<Running> {
  return startNode({
    kind,
    script: 'bench/lib/ceiling.ts',
    port,
    readyPath: '/webhook/does-not-exist',
    env: { ...env, CEILING_PORT: String(port), NODE_ENV: 'production' },
  });
}
