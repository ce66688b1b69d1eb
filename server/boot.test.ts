import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { bootApi } from './boot.ts';
import { loadConfig } from './config.ts';
import { ROLE } from '../src/lib/auth/schema.ts';

/*
 * The demo's accounts share a password the README prints, administrator included: a start gets
 * them only when it asks (DEMO_DATA, `--demo`). Any other first start creates no account and
 * prints a one-time link to create the first administrator. The embedded database on disk, as a
 * server opens it; the same code runs on PostgreSQL.
 */
describe.skipIf(!!process.env.DATABASE_URL)('the first start of a server', () => {
  const root = mkdtempSync(join(tmpdir(), 'epustaka-boot-'));
  // The demo's readable books are not needed here: an empty folder skips them.
  const noBooks = mkdtempSync(join(tmpdir(), 'epustaka-boot-books-'));
  const before = process.env.BOOK_FIXTURES_DIR;
  process.env.BOOK_FIXTURES_DIR = noBooks;
  afterAll(() => {
    if (before === undefined) delete process.env.BOOK_FIXTURES_DIR;
    else process.env.BOOK_FIXTURES_DIR = before;
    rmSync(root, { recursive: true, force: true });
    rmSync(noBooks, { recursive: true, force: true });
  });

  async function start(dir: string, env: Record<string, string>) {
    const lines: string[] = [];
    const api = await bootApi({ ...loadConfig({ ...env, DATA_DIR: join(root, dir) }), databaseUrl: undefined }, { log: (line) => lines.push(line) });
    const count = async (sql: string, params: unknown[] = []) => (await api.deps.db.query<{ n: number }>(sql, params)).rows[0]!.n;
    const users = await count('SELECT count(*)::int AS n FROM users');
    const admins = await count('SELECT count(*)::int AS n FROM users WHERE role_code = $1', [ROLE.admin]);
    await api.close();
    return { lines, users, admins, link: lines.map((line) => /https?:\S+\/first-admin\?token=\S+/.exec(line)?.[0]).find(Boolean) };
  }

  test('without asking for the demo: no account, and a one-time link to create the first administrator', async () => {
    const first = await start('plain', { NODE_ENV: 'production' });
    expect(first.users).toBe(0);
    expect(first.lines.join('\n')).not.toContain('seeding demo data');
    expect(first.link).toMatch(/^http:\/\/localhost:4321\/first-admin\?token=[\w-]{43}$/);
    // Each start while there is none prints a new link.
    const second = await start('plain', { NODE_ENV: 'production' });
    expect(second.users).toBe(0);
    expect(second.link).toBeDefined();
    expect(second.link).not.toBe(first.link);
  }, 180_000);

  test('asking for the demo (DEMO_DATA=true, what `--demo` sets) seeds it, administrator included, and prints no link', async () => {
    const demo = await start('demo', { NODE_ENV: 'production', DEMO_DATA: 'true' });
    expect(demo.lines.join('\n')).toContain('seeding demo data');
    expect(demo.users).toBeGreaterThan(0);
    expect(demo.admins).toBeGreaterThan(0);
    expect(demo.link).toBeUndefined();
  }, 300_000);

  test('DEMO_DATA is off unless set', () => {
    expect(loadConfig({}).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
  });
});
