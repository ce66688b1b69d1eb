import { join } from 'node:path';
import { loadConfig, type ServerConfig } from './config.ts';
import { openPglite, openPostgres, type Db } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { createApi, type Api } from './app.ts';
import { loadSigningSecret } from './auth/secrets.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { seedDemo, isSeeded } from './seed/index.ts';
import { expireDueOrders } from './commerce/expiry.ts';
import { notifyAssignmentsDueSoon } from './schoolday/notifications.ts';
import { sweepQuizzes } from './quizzes/scoring.service.ts';
import type { ApiDeps } from './deps.ts';
import { startOpsSocket } from './ops/ops-socket.ts';
import { startWebPush } from './push/push.service.ts';
import { openObjectStore } from './storage/open.ts';
import { PENDING_GRACE_MS, sweepPendingObjects } from './storage/staging.ts';
import { sweepUnstoredUploads } from './storage/uploads.ts';
import { accountSettings } from './accounts/settings.ts';
import { announceOutbox } from './accounts/outbox-key.ts';
import { FIRST_ADMIN_TOKEN_HOURS, issueFirstAdminLink } from './accounts/first-admin.ts';
import { startSessionCache } from './auth/session-cache.ts';

/** A running reference API with its database. */
export interface ApiInstance {
  app: Api;
  deps: ApiDeps;
  close(): Promise<void>;
}

/**
 * Opens the database (PostgreSQL when `DATABASE_URL` is set, else PGlite under `DATA_DIR`, locked to
 * this process), applies migrations, seeds the demo data on first start when asked (`DEMO_DATA`),
 * prints the link to create the first administrator while there is none, and builds the API.
 */
export async function bootApi(config: ServerConfig = loadConfig(), options: { seed?: boolean; log?: (msg: string) => void } = {}): Promise<ApiInstance> {
  const log = options.log ?? ((msg: string) => console.log(`[api] ${msg}`));
  let release = () => {};
  let closeOps = async () => {};
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
    log('using PostgreSQL from DATABASE_URL');
  } else {
    release = lockDataDir(config.dataDir);
    const pglite = await openPglite(join(config.dataDir, 'pgdata'));
    db = pglite;
    log(`using embedded PGlite in ${config.dataDir}`);
    // `npm run backup` asks the running server for its snapshots (server/ops).
    closeOps = await startOpsSocket(config.dataDir, pglite).catch((error: Error) => {
      log(`backups while running are off: ${error.message}`);
      return async () => {};
    });
  }
  const store = openObjectStore(config);
  log(store.kind === 's3' ? `stored files in the S3 bucket ${config.s3!.bucket}` : `stored files under ${config.dataDir}`);
  try {
    const applied = await migrate(db);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    if (options.seed !== false) {
      // The demo's accounts share a published password: only a start that asks for them gets them.
      if (config.demoData && !(await isSeeded(db))) {
        log('seeding demo data (first start)…');
        await seedDemo(db, config, { log, store });
      }
      const link = await issueFirstAdminLink(db, config, new Date());
      if (link) log(`no administrator yet: create the first one at ${link} (works once, for ${FIRST_ADMIN_TOKEN_HOURS} hours)`);
    }
    // Files a process wrote for a book or an item and then died before the rows: removed now and hourly.
    const swept = (await sweepPendingObjects(db, store, new Date())) + (await sweepUnstoredUploads(db, store, new Date()));
    if (swept) log(`removed the files of ${swept} unfinished upload(s)`);
  } catch (error) {
    store.close?.();
    await closeOps();
    await db.close();
    release();
    throw error;
  }
  // Signed-in requests prove their session from memory; the database announces ended ones.
  const sessionCache = await startSessionCache(db, { log });
  const deps: ApiDeps = {
    db,
    config,
    store,
    sessions: sessionCache.cache,
    signer: createTokenSigner(loadSigningSecret(config.databaseUrl ? undefined : config.dataDir)),
    now: () => new Date(),
    refreshGraceSeconds: 10,
  };
  // Web Push keys live next to the signing secret: the data directory, or the shared database.
  const stopPush = await startWebPush(deps, { keyFile: config.databaseUrl ? undefined : join(config.dataDir, 'vapid-keys.json') });
  const sweep = async () => {
    await sweepPendingObjects(db, store, new Date());
    await sweepUnstoredUploads(db, store, new Date());
  };
  const sweeper = setInterval(() => void sweep().catch((error: Error) => log(`cleaning unfinished uploads failed: ${error.message}`)), PENDING_GRACE_MS);
  sweeper.unref();
  const app = createApi(deps);
  // Orders past their payment deadline are cancelled every minute, even when nobody looks at them.
  const expirer = setInterval(() => void expireDueOrders(deps).catch((error: Error) => log(`expiring unpaid orders failed: ${error.message}`)), 60_000);
  expirer.unref();
  // Students who have not handed in hear of an assignment due within a day, checked every five minutes.
  const dueNotices = setInterval(() => void notifyAssignmentsDueSoon(deps).catch((error: Error) => log(`announcing due assignments failed: ${error.message}`)), 300_000);
  dueNotices.unref();
  // Exams whose time ran out are handed in, and closed tryouts scored and ranked, even with no browser open.
  const quizSweeper = setInterval(() => void sweepQuizzes(deps).catch((error: Error) => log(`handing in timed-out exams failed: ${error.message}`)), 15_000);
  quizSweeper.unref();
  return {
    app,
    deps,
    async close() {
      stopPush();
      await sessionCache.stop();
      clearInterval(sweeper);
      clearInterval(expirer);
      clearInterval(dueNotices);
      clearInterval(quizSweeper);
      store.close?.();
      await closeOps();
      await db.close();
      release();
    },
  };
}

/**
 * For a server that serves the development outbox: prints its link with this start's secret and
 * writes the secret to `DATA_DIR/outbox-key` for local scripts and tests.
 */
export function announceDevOutbox(api: ApiInstance): void {
  const settings = accountSettings(api.deps);
  if (settings.outboxApi) announceOutbox(settings.outboxKey, api.deps.config.dataDir, settings.log);
}
