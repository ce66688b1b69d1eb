import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as tar from 'tar';
import { openPglite, type Db } from '../db/client.ts';
import { DataDirInUseError, lockDataDir } from '../db/lock.ts';
import { requestDump } from './ops-socket.ts';

/*
 * Backups of the embedded database and the file store (books, covers, avatars, secrets), taken
 * while the server runs or not, and restored into a stopped server's data directory.
 *
 * A backup is one gzip'd tar: `pgdata.tar` (a snapshot of the database, made by the running server
 * between two transactions, or by this process when no server holds the directory), `files/` (the
 * data directory's other files) and `manifest.json` (the row count of every table in the snapshot
 * and the SHA-256 of every file). The database is snapshotted first: files are written before the
 * rows that name them, so every file the snapshot names is already there when the files are copied.
 * A restore checks every hash and every row count before it touches the data directory.
 */

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Rows per table in the snapshot. */
  rows: Record<string, number>;
  /** Each file of the store, by its path in the data directory. */
  files: Record<string, { sha256: string; size: number }>;
}

/** Entries of a data directory that are not part of the file store. */
const NOT_FILES = new Set(['pgdata', 'server.lock', 'ops.sock']);

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file under `dir`, as paths relative to `root`, skipping `skip` at the top level. */
function walk(root: string, dir = root, skip: ReadonlySet<string> = new Set()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (dir === root && skip.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(root, path, skip);
    return entry.isFile() ? [relative(root, path)] : [];
  });
}

/** The number of rows of every table of the public schema. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}"`);
    counts[name] = rows[0]!.n;
  }
  return counts;
}

/** Row counts of a database snapshot, opened in memory. */
async function snapshotRows(snapshot: string): Promise<Record<string, number>> {
  const db = await openPglite(undefined, { from: new Blob([readFileSync(snapshot)]) });
  try {
    return await countRows(db);
  } finally {
    await db.close();
  }
}

/** Writes a snapshot of the database in `dataDir` to `target`: through the running server, or directly. */
async function snapshotDatabase(dataDir: string, target: string): Promise<void> {
  if (!existsSync(join(dataDir, 'pgdata'))) throw new Error(`${dataDir} holds no embedded database (pgdata).`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    await requestDump(dataDir, target);
    return;
  }
  try {
    const db = await openPglite(join(dataDir, 'pgdata'));
    try {
      writeFileSync(target, new Uint8Array(await (await db.dumpDataDir()).arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/** Backs up `dataDir` into the file `output`; returns what it holds. */
export async function createBackup(dataDir: string, output: string, log: (line: string) => void = () => {}): Promise<BackupManifest> {
  const target = resolve(output);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), '.backup-'));
  try {
    log('snapshot of the database…');
    await snapshotDatabase(dataDir, join(staging, 'pgdata.tar'));
    const rows = await snapshotRows(join(staging, 'pgdata.tar'));
    log('copying the file store…');
    const files: BackupManifest['files'] = {};
    for (const path of walk(dataDir, dataDir, NOT_FILES)) {
      const copy = join(staging, 'files', path);
      mkdirSync(dirname(copy), { recursive: true });
      copyFileSync(join(dataDir, path), copy);
      files[path.split(sep).join('/')] = { sha256: sha256(copy), size: statSync(copy).size };
    }
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), rows, files };
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1));
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'pgdata.tar', ...(Object.keys(files).length ? ['files'] : [])]);
    // The backup holds the signing and ingest secrets: only the server's user may read it.
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    log(`${Object.keys(rows).length} tables, ${Object.values(rows).reduce((a, b) => a + b, 0)} rows, ${Object.keys(files).length} files → ${target}`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Thrown when a backup does not match its manifest; nothing was changed. */
export class BackupCheckError extends Error {}

/**
 * Restores the backup `input` into `dataDir`, which no server may be using. A data directory that
 * already holds something is kept beside it as `<dataDir>.before-restore-<time>` when `force` is
 * set, and refused otherwise. Returns the checked manifest.
 */
export async function restoreBackup(input: string, dataDir: string, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const home = resolve(dataDir);
  const hadData = existsSync(home) && readdirSync(home).some((name) => name !== 'server.lock');
  if (hadData && !options.force) throw new Error(`${home} is not empty: restore with --force to keep it aside and restore in its place.`);
  const release = lockDataDir(home);
  const staging = mkdtempSync(join(dirname(home), '.restore-'));
  try {
    await tar.extract({ file: resolve(input), cwd: staging, strict: true });
    const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new BackupCheckError(`Unknown backup format ${String(manifest.format)}.`);
    const filesDir = join(staging, 'files');
    const present = existsSync(filesDir) ? walk(filesDir).map((path) => path.split(sep).join('/')) : [];
    const expected = Object.keys(manifest.files);
    const missing = expected.filter((path) => !present.includes(path));
    const extra = present.filter((path) => !(path in manifest.files));
    if (missing.length || extra.length) throw new BackupCheckError(`The backup's files do not match its manifest (missing: ${missing.join(', ') || 'none'}; not listed: ${extra.join(', ') || 'none'}).`);
    for (const path of expected) {
      if (sha256(join(filesDir, path)) !== manifest.files[path]!.sha256) throw new BackupCheckError(`${path} does not match its hash in the backup.`);
    }
    log(`${expected.length} files match their hashes`);
    const restored = join(staging, 'data');
    mkdirSync(restored, { recursive: true });
    const db = await openPglite(join(restored, 'pgdata'), { from: new Blob([readFileSync(join(staging, 'pgdata.tar'))]) });
    try {
      const rows = await countRows(db);
      if (JSON.stringify(rows) !== JSON.stringify(manifest.rows)) throw new BackupCheckError('The database in the backup does not have the rows its manifest lists.');
    } finally {
      await db.close();
    }
    log(`${Object.keys(manifest.rows).length} tables have the rows the manifest lists`);
    for (const path of expected) {
      const to = join(restored, path);
      mkdirSync(dirname(to), { recursive: true });
      renameSync(join(filesDir, path), to);
    }
    release();
    if (hadData) {
      const aside = `${home}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(home, aside);
      log(`the data directory before the restore is kept in ${aside}`);
    } else {
      rmSync(home, { recursive: true, force: true });
    }
    renameSync(restored, home);
    return manifest;
  } finally {
    release();
    rmSync(staging, { recursive: true, force: true });
  }
}
