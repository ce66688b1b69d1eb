import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDiskStore } from './disk.ts';
import { listKeys, type ObjectStore } from './object-store.ts';
import { migrateObjects } from './migrate.ts';
import { createS3Store } from './s3.ts';
import { startTestS3Server, type TestS3Server } from './testing.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;
let server: TestS3Server;
let s3: ObjectStore;

/** Runs the command (not blocking: the S3 server answers from this process). */
function cli(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_')));
  const child = spawn(process.execPath, ['server/storage/migrate-cli.ts'], { cwd: root, env: { ...clean, DATA_DIR: dataDir, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'epustaka-migrate-'));
  const files: Record<string, Buffer> = {
    'books/b1/book.pdf': Buffer.alloc(300_000, 7),
    'books/b1/cover': Buffer.from('cover'),
    'books/b2/epub/OEBPS/ch1.xhtml': Buffer.from('<p>satu</p>'),
    'media/m1/media.webm': Buffer.alloc(50_000, 3),
    'objects/ab/abcd': Buffer.from('png'),
  };
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(join(dataDir, key, '..'), { recursive: true });
    writeFileSync(join(dataDir, key), bytes);
  }
  // Not part of the store: the database, secrets and locks stay where they are.
  mkdirSync(join(dataDir, 'pgdata'));
  writeFileSync(join(dataDir, 'pgdata', 'PG_VERSION'), '17');
  writeFileSync(join(dataDir, 'signing-secret'), 'x');
  server = await startTestS3Server();
  s3 = createS3Store(server.settings);
});
afterAll(async () => {
  s3?.close?.();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run storage:migrate', () => {
  test('refuses to run without S3 settings', async () => {
    const run = await cli({});
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/set S3_BUCKET/);
  });

  test('copies every object of the disk store with matching hashes, and a second run copies nothing', async () => {
    const first = await cli(server.env);
    expect(first.stderr + first.stdout).toMatch(/5 object\(s\) copied .* 0 already there, 0 did not match/);
    expect(first.status).toBe(0);
    const second = await cli(server.env);
    expect(second.stdout).toMatch(/0 object\(s\) copied .* 5 already there, 0 did not match/);
    expect(second.status).toBe(0);
  }, 120_000);

  test('the bucket holds the same keys and bytes, and nothing outside the store areas', async () => {
    const keys = (await listKeys(s3, '')).sort();
    expect(keys).toEqual(['books/b1/book.pdf', 'books/b1/cover', 'books/b2/epub/OEBPS/ch1.xhtml', 'media/m1/media.webm', 'objects/ab/abcd']);
    const disk = createDiskStore(dataDir);
    for (const key of keys) expect(Buffer.compare(await s3.get(key), await disk.get(key))).toBe(0);
  });

  test('an object changed on disk is copied again; a copy that does not match is reported', async () => {
    const disk = createDiskStore(dataDir);
    await disk.put('books/b1/cover', Buffer.from('new cover'));
    const again = await migrateObjects(disk, s3);
    expect(again).toMatchObject({ copied: 1, unchanged: 4, failed: 0 });
    expect((await s3.get('books/b1/cover')).toString()).toBe('new cover');

    // A target that loses the last byte of what it is given.
    const lossy: ObjectStore = {
      ...s3,
      put: async (key, body) => s3.put(key, body instanceof Uint8Array ? body.subarray(0, -1) : Buffer.concat(await Array.fromAsync(body.stream)).subarray(0, -1)),
    };
    await disk.put('objects/ab/abce', Buffer.from('gif'));
    const broken = await migrateObjects(disk, lossy);
    expect(broken).toMatchObject({ copied: 0, failed: 1, failures: ['objects/ab/abce'] });
  });
});
