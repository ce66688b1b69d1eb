import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations/index.ts';

/*
 * Databases for the API tests. A new PGlite cluster (its initdb) and the migrations cost about
 * 1.5 s on an idle machine and many times that on a busy one, so they are paid once per version
 * of the migrations instead of once per test file: the migrated database is kept as a template
 * and every test file gets its own copy of it.
 *
 * - PGlite: the template is a dump of the migrated data directory in `.tmp/test-db/`, loaded into
 *   a new in-memory PGlite (about 0.4 s).
 * - PostgreSQL (`DATABASE_URL`): the template is a migrated database that `CREATE DATABASE …
 *   TEMPLATE` copies.
 *
 * A template's name carries a fingerprint of every migration (and of PGlite's version), so a new or
 * changed migration builds a new template. The API project's global setup (`global-setup.ts`)
 * builds the templates before any file runs; a caller that finds none builds it itself. Older
 * dumps are deleted when a new one is saved; on a long-lived PostgreSQL server, templates of older
 * migrations (`tpl_epustaka_*`) stay until dropped by hand.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const dumpDir = join(root, '.tmp', 'test-db');

/** A database of one test file; `drop` closes it and throws it away. */
export interface TestDatabase {
  db: Db;
  /** The PostgreSQL database's own URL, for another process; absent for in-memory PGlite. */
  url?: string;
  drop(): Promise<void>;
}

function pgliteVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

let fingerprints: { empty: string; migrated: string } | undefined;

/** Names of the two templates: an empty cluster, and one with every migration applied. */
function templateFingerprints(): { empty: string; migrated: string } {
  if (!fingerprints) {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
    const empty = digest(`pglite ${pgliteVersion()}`);
    fingerprints = { empty, migrated: digest(`${empty}\n${JSON.stringify(migrations)}`) };
  }
  return fingerprints;
}

// ---- PGlite ---------------------------------------------------------------------------------

const dumpPath = (kind: 'empty' | 'migrated') => join(dumpDir, `pglite-${kind}-${templateFingerprints()[kind]}.tar`);
const dumps = new Map<string, Promise<Blob>>();

/** The dump of an empty or a migrated PGlite cluster, built and saved when missing. */
function pgliteDump(kind: 'empty' | 'migrated'): Promise<Blob> {
  const path = dumpPath(kind);
  let dump = dumps.get(path);
  if (!dump) {
    dump = (async () => {
      if (!existsSync(path)) {
        const db = kind === 'empty' ? await openPglite() : await openPglite(undefined, { from: await pgliteDump('empty') });
        try {
          if (kind === 'migrated') await migrate(db);
          const bytes = new Uint8Array(await (await db.dumpDataDir()).arrayBuffer());
          mkdirSync(dumpDir, { recursive: true });
          // Written aside and renamed: a file running alongside never reads half a dump.
          const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
          writeFileSync(partial, bytes);
          renameSync(partial, path);
        } finally {
          await db.close();
        }
        // Dumps of older migrations are of no more use.
        const prefix = `pglite-${kind}-`;
        for (const name of readdirSync(dumpDir)) {
          if (name.startsWith(prefix) && name.endsWith('.tar') && join(dumpDir, name) !== path) rmSync(join(dumpDir, name), { force: true });
        }
      }
      // Read at once rather than as a file-backed Blob, which fails if another run replaces the file.
      return new Blob([readFileSync(path)]);
    })();
    dump.catch(() => dumps.delete(path));
    dumps.set(path, dump);
  }
  return dump;
}

// ---- PostgreSQL -----------------------------------------------------------------------------

const templateName = (kind: 'empty' | 'migrated') => `tpl_epustaka_${templateFingerprints()[kind]}`;
const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Waits until nobody is connected to `name`: a closed pool resolves before its connections are gone. */
async function waitForNoConnections(admin: Db, name: string): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const templates = new Map<string, Promise<void>>();

/** Creates the migrated template database on the server of `adminUrl` unless it is there. */
function postgresTemplate(adminUrl: string): Promise<void> {
  const name = templateName('migrated');
  let ready = templates.get(name);
  if (!ready) {
    ready = (async () => {
      const admin = await openPostgres(adminUrl, 1);
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount > 0) return;
        // Built under a name of its own and renamed when complete, so that two runs building at
        // once both succeed and nobody copies a half-migrated template.
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.exec(`CREATE DATABASE ${building}`);
        const db = await openPostgres(databaseUrl(adminUrl, building), 1);
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
        await waitForNoConnections(admin, building);
        try {
          await admin.exec(`ALTER DATABASE ${building} RENAME TO ${name}`);
        } catch (error) {
          await admin.exec(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
          // Another run finished first (duplicate_database); its template is as good.
          if ((error as { code?: string }).code !== '42P04') throw error;
        }
      } finally {
        await admin.close();
      }
    })();
    ready.catch(() => templates.delete(name));
    templates.set(name, ready);
  }
  return ready;
}

// ---- For the tests ----------------------------------------------------------------------------

/**
 * A database of its own for a test file: with every migration applied (the default) or, with
 * `migrated: false`, empty. In-memory PGlite, or a new PostgreSQL database on the server of
 * `DATABASE_URL` (`poolSize` connections), dropped by `drop`.
 */
export async function openTestDatabase(options: { migrated?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite(undefined, { from: await pgliteDump(migrated ? 'migrated' : 'empty') });
    return { db, drop: () => db.close() };
  }
  if (migrated) await postgresTemplate(adminUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.exec(migrated ? `CREATE DATABASE ${name} TEMPLATE ${templateName('migrated')}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const db = await openPostgres(url, options.poolSize ?? 20);
  return {
    db,
    url,
    async drop() {
      await db.close();
      // Forcing the drop while the pool's connections close would fail them with an uncaught
      // "terminating connection" error.
      await waitForNoConnections(admin, name);
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** Builds the templates the test files copy (the API project's global setup calls this once). */
export async function prepareTestDatabases(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) await postgresTemplate(adminUrl);
  else await Promise.all([pgliteDump('empty'), pgliteDump('migrated')]);
}
