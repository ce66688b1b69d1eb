import type { PGlite, Results } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { preparedStatements } from './pglite-prepared.ts';
import type { Pool, PoolClient } from 'pg';

/** Result of one statement; `rowCount` is the number of rows affected or returned. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL with `$1`-style parameters: the database or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A database handle; the same SQL runs on embedded PGlite and on PostgreSQL. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Hears `channel`'s notifications (PostgreSQL's LISTEN/NOTIFY; on PGlite those of this one
   * process). `onLost` is called once if the listening connection drops: nothing more is heard
   * then, and the caller listens again when it wants to.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listening>;
  close(): Promise<void>;
}

/** A channel being listened to. */
export interface Listening {
  close(): Promise<void>;
}

/** The application name of the connections that listen for notifications (to tell them apart in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'epustaka-listener';

/** An embedded PGlite database, which can also be saved whole (the test suites copy a migrated one). */
export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  /**
   * The whole data directory as an uncompressed tar, for `openPglite(undefined, { from })`. Taken
   * between transactions: no other transaction is open while it is made.
   */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens embedded PGlite: in memory when `dataDir` is undefined, else persisted in that folder.
 * `from` starts it as a copy of a dumped data directory instead of an empty new cluster.
 * The caller owns the directory lock (see `lock.ts`).
 */
export async function openPglite(dataDir?: string, options: { from?: Blob } = {}): Promise<PgliteDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg: PGlite = await PGlite.create({ dataDir, loadDataDir: options.from, extensions: { pg_trgm } });
  const prepared = process.env.DB_PREPARED_STATEMENTS === 'off' ? null : preparedStatements(pg);
  const wrap = (run: (sql: string, params: unknown[]) => Promise<Results<any>>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await run(sql, params);
      return { rows: result.rows as T[], rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(prepared?.query ?? ((sql, params) => pg.query(sql, params))),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(prepared?.inTransaction ?? ((sql, params) => tx.query(sql, params))))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: async (channel, onMessage) => {
      const unlisten = await pg.listen(channel, onMessage);
      return { close: () => unlisten() };
    },
    close: () => pg.close(),
    // Inside a transaction of its own, the dump waits for any open transaction to end and keeps
    // new ones out until it is done; single statements wait for it too.
    dumpDataDir: () => pg.transaction(() => pg.dumpDataDir('none')),
  };
}

/** Opens a PostgreSQL pool for `url`. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const { default: pg } = await import('pg');
  // Dates stay ISO strings and bigints numbers, matching what PGlite returns.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool: Pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection the server ends (a restart, a dropped database) makes the
  // pool emit 'error'; unheard, that event would bring the whole process down. The pool drops
  // the client and the next query connects afresh.
  pool.on('error', (error) => {
    console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`);
  });
  // Parameterised statements are named (by their text's hash), so each connection parses and
  // plans them once; a bounded number of texts, the rest stay unnamed.
  const named = new Set<string>();
  const nameOf = (sql: string, params: unknown[] | undefined): string | undefined => {
    if (!params?.length || process.env.DB_PREPARED_STATEMENTS === 'off') return undefined;
    const name = 'ep_' + createHash('sha1').update(sql).digest('base64url');
    if (!named.has(name) && named.size >= 500) return undefined;
    named.add(name);
    return name;
  };
  const wrap = (q: Pool | PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query({ text: sql, values: params as unknown[], name: nameOf(sql, params) });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(wrap(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: (channel, onMessage, onLost) => listenPostgres(pg, url, channel, onMessage, onLost),
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
async function listenPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Listening> {
  const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
  let done = false;
  const lost = (error: Error) => {
    if (done) return;
    done = true;
    void client.end().catch(() => {});
    onLost(error);
  };
  client.on('notification', (message) => {
    if (!done && message.channel === channel) onMessage(message.payload ?? '');
  });
  client.on('error', lost);
  client.on('end', () => lost(new Error('the listening connection ended')));
  await client.connect();
  try {
    await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  } catch (error) {
    done = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    async close() {
      done = true;
      await client.end().catch(() => {});
    },
  };
}
