import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

const SCRIPT = join(ROOT, 'scripts/with-postgres.sh');

/**
 * The API measures run on PostgreSQL too. The bench then runs itself again under
 * scripts/with-postgres.sh (as `npm run test:pg` does): a throwaway cluster on a free port, its
 * DATABASE_URL exported, stopped and deleted when the bench ends. Returns that URL in the inner
 * run, or why there is none; the outer run never returns (it exits with the inner run's code).
 * A DATABASE_URL the bench did not start itself is never used: the bench wipes what it seeds.
 */
export async function postgresCluster(wanted: boolean): Promise<{ url?: string; missing?: string }> {
  if (process.env.BENCH_POSTGRES === '1') {
    const url = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    delete process.env.BENCH_POSTGRES;
    return url ? { url } : { missing: 'scripts/with-postgres.sh gave no DATABASE_URL' };
  }
  delete process.env.DATABASE_URL;
  if (!wanted) return { missing: 'run without --no-postgres to measure PostgreSQL' };
  const check = spawnSync('bash', [SCRIPT, '--check'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (check.status !== 0) return { missing: `no PostgreSQL server: ${check.stderr.toString().trim().split('\n').slice(-3).join(' ')}` };
  const child = spawn('bash', [SCRIPT, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_POSTGRES: '1' },
  });
  // Ctrl-C reaches the inner run directly (same process group); it stops its servers and the
  // script removes the cluster.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1))));
  process.exit(code);
}
