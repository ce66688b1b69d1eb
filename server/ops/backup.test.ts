import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApi, type ApiInstance } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { BackupCheckError, countRows, createBackup, restoreBackup, type BackupManifest } from './backup.ts';

/*
 * A backup taken while the server runs, restored into a new data directory: the same rows in every
 * table as at the moment of the snapshot, and the same bytes in every file. The embedded database
 * only: PostgreSQL is backed up with its own tools.
 */
describe.skipIf(!!process.env.DATABASE_URL)('backup and restore of the embedded database and the file store', () => {
  const root = mkdtempSync(join(tmpdir(), 'epustaka-backup-'));
  const dataDir = join(root, 'data');
  const archive = join(root, 'backups', 'first.tar.gz');
  let api: ApiInstance;
  let manifest: BackupManifest;
  let organizationsAtSnapshot = 0;
  const files = new Map<string, Buffer>();

  const addOrganizations = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => api.deps.db.query(`INSERT INTO organizations (name) VALUES ($1)`, [`Sekolah ${i}`])));

  beforeAll(async () => {
    api = await bootApi({ ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: undefined }, { seed: false, log: () => {} });
    await addOrganizations(3);
    for (const [path, size] of [['objects/ab/cover.webp', 2048], ['books/b1/chunk-0', 70_000], ['objects/cd/avatar.png', 10]] as const) {
      const bytes = randomBytes(size);
      mkdirSync(join(dataDir, path, '..'), { recursive: true });
      writeFileSync(join(dataDir, path), bytes);
      files.set(path, bytes);
    }
    organizationsAtSnapshot = await organizations();
    // Taken while the server holds the directory: the snapshot comes through the server.
    manifest = await createBackup(dataDir, archive);
    // What happens after the snapshot is not in it.
    await addOrganizations(2);
  });

  afterAll(async () => {
    await api?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the rows of every table at the snapshot and every file with its hash', async () => {
    expect(manifest.rows.organizations).toBe(organizationsAtSnapshot);
    expect(await organizations()).toBe(organizationsAtSnapshot + 2);
    expect(Object.keys(manifest.files).sort()).toEqual(expect.arrayContaining([...files.keys()].sort()));
    expect(manifest.files['signing-secret']).toBeDefined();
    expect(Object.keys(manifest.rows)).toContain('users');
  });

  it('cannot restore over a directory a running server holds', async () => {
    await expect(restoreBackup(archive, dataDir, { force: true })).rejects.toBeInstanceOf(DataDirInUseError);
  });

  it('restores the same rows and the same bytes into a new data directory', async () => {
    const target = join(root, 'restored');
    const checked = await restoreBackup(archive, target);
    expect(checked.rows).toEqual(manifest.rows);
    for (const [path, bytes] of files) expect(readFileSync(join(target, path)).equals(bytes), path).toBe(true);
    expect(readFileSync(join(target, 'signing-secret')).equals(readFileSync(join(dataDir, 'signing-secret')))).toBe(true);
    const db = await openPglite(join(target, 'pgdata'));
    try {
      expect(await countRows(db)).toEqual(manifest.rows);
    } finally {
      await db.close();
    }
    expect(existsSync(join(target, 'server.lock'))).toBe(false);
  });

  it('refuses a directory that holds data unless told to keep it aside', async () => {
    const target = join(root, 'busy');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'note.txt'), 'lama');
    await expect(restoreBackup(archive, target)).rejects.toThrow(/not empty/);
    await restoreBackup(archive, target, { force: true });
    const aside = readdirSync(root).find((name) => name.startsWith('busy.before-restore-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(root, aside!, 'note.txt'), 'utf8')).toBe('lama');
    expect(existsSync(join(target, 'note.txt'))).toBe(false);
  });

  it('refuses a backup whose file no longer matches its hash, and changes nothing', async () => {
    const unpacked = join(root, 'tampered-src');
    mkdirSync(unpacked, { recursive: true });
    await tar.extract({ file: archive, cwd: unpacked });
    writeFileSync(join(unpacked, 'files', 'objects', 'cd', 'avatar.png'), 'not the avatar');
    const tampered = join(root, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked));
    const target = join(root, 'untouched');
    await expect(restoreBackup(tampered, target)).rejects.toBeInstanceOf(BackupCheckError);
    expect(existsSync(join(target, 'pgdata'))).toBe(false);
  });

  async function organizations(): Promise<number> {
    const { rows } = await api.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations`);
    return rows[0]!.n;
  }
});
