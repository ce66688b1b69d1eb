import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { openPglite } from '../db/client.ts';
import { bookFixturesDir } from './fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'epustaka-ingest-cli-'));
const fixture = (name: string) => join(bookFixturesDir(), name);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server/reader/ingest-cli.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function countBooks(title: string): Promise<number> {
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM books WHERE catalog_title = $1', [title])).rows[0]!.n;
  } finally {
    await db.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Both cases are about the embedded database's single-process lock, so they run on PGlite.
describe('npm run ingest', () => {
  test('on a fresh data directory it creates and migrates the database and adds the book', async () => {
    const ok = await run([fixture('wasteland.epub'), '--open', '--title', 'Tanah Tandus CLI', '--json']);
    expect(ok.stderr).toContain('applied migrations');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ title: 'Tanah Tandus CLI', kind: 'epub', using_drm: false });
    expect(await countBooks('Tanah Tandus CLI')).toBe(1);

    const broken = await run([fixture('tracemonkey_TRUNCATED-first-400000-bytes.pdf'), '--title', 'Rusak CLI']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/ingest: The PDF is damaged or incomplete/);
    expect(await countBooks('Rusak CLI')).toBe(0);
    // The first run migrates and seeds the demo data, which takes a while on a busy machine.
  }, 120_000);

  test('while a server holds the data directory it hands the file to that server', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['server/api-main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, API_PORT: String(port), API_HOST: '127.0.0.1' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk) => {
          output += chunk;
          if (output.includes('listening')) resolve();
        });
        server.on('exit', (code) => reject(new Error(`the server stopped (${code}): ${output}`)));
      });
      const url = `http://127.0.0.1:${port}`;
      // Held by a public ePustaka, so its cover is for anyone (server/access).
      const ok = await run([fixture('password-abc_issue6010_1.pdf'), '--password', 'abc', '--title', 'Lewat Server', '--copies', '2', '--epustaka', 'Perpustakaan Digital Nusantara', '--server', url, '--json']);
      expect(ok.stderr).not.toContain('applied migrations');
      expect(ok.code).toBe(0);
      const added = JSON.parse(ok.stdout);
      expect(added).toMatchObject({ title: 'Lewat Server', kind: 'pdf', pages: 1, using_drm: true, copies: 2 });
      expect((await fetch(`${url}/storage/books/${added.book_id}/cover`)).status).toBe(200);

      const refused = await run([fixture('corrupt_bug1020226.pdf'), '--title', 'Rusak Lewat Server', '--server', url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/ingest: The PDF is damaged or incomplete/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(await countBooks('Lewat Server')).toBe(1);
    expect(await countBooks('Rusak Lewat Server')).toBe(0);
  }, 120_000);
});
