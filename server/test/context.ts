import { randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openTestDatabase } from './database.ts';
import { createApi } from '../app.ts';
import { createTokenSigner } from '../auth/tokens.ts';
import { hashPassword } from '../auth/password.ts';
import type { ApiDeps } from '../deps.ts';
import { createDiskStore } from '../storage/disk.ts';
import { createS3Store } from '../storage/s3.ts';
import { startTestS3Server } from '../storage/testing.ts';

/** A freshly migrated database with the API on top, for one test file. */
export interface TestContext {
  db: Db;
  /** The PostgreSQL database's own URL, for another process; absent for in-memory PGlite. */
  databaseUrl?: string;
  deps: ApiDeps;
  config: ServerConfig;
  /** Moves the API's clock; real time when unset. */
  setNow(date: Date | null): void;
  request(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  createUser(options?: Partial<{ email: string; password: string; verified: boolean; organizationId: string; name: string; role: number }>): Promise<{ id: string; email: string; password: string }>;
  close(): Promise<void>;
}

const TEST_PASSWORD = 'rahasia-123';
/** The hash of TEST_PASSWORD per hash cost, made once per file. */
const testHashes = new Map<number, Promise<string>>();

/**
 * In-memory PGlite by default; with `DATABASE_URL` a new PostgreSQL database per context, dropped on close.
 * Either is a copy of a migrated template database holding only the organisation, so a test file
 * pays neither a new cluster nor the migrations; passwords are hashed at the configured
 * `PASSWORD_HASH_COST`, which the test suite sets low (vitest.config.ts).
 */
export async function createTestContext(overrides: Partial<ServerConfig> = {}, options: { storage?: 'disk' | 's3' } = {}): Promise<TestContext> {
  const config: ServerConfig = { ...loadConfig({ ...process.env, DATA_DIR: '.tmp/unused' }), ...overrides };
  // Files go to the data directory, or with `storage: 's3'` (or TEST_STORAGE=s3) to a bucket of an S3 server of their own.
  const s3 = (options.storage ?? process.env.TEST_STORAGE) === 's3' ? await startTestS3Server() : null;
  if (s3) config.s3 = s3.settings;
  const store = s3 ? createS3Store(s3.settings) : createDiskStore(config.dataDir);
  // A copy of the migrated template (see database.ts), much cheaper than migrating anew.
  const { db, url: databaseUrl, drop } = await openTestDatabase();
  await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [config.organizationId, 'Test']);
  let now: Date | null = null;
  const deps: ApiDeps = {
    db,
    config,
    store,
    signer: createTokenSigner(randomBytes(32)),
    now: () => now ?? new Date(),
    refreshGraceSeconds: 10,
  };
  const app = createApi(deps);
  let userCount = 0;

  return {
    db,
    databaseUrl,
    deps,
    config,
    setNow(date) {
      now = date;
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await app.request(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    },
    async createUser(options = {}) {
      userCount += 1;
      const email = options.email ?? `user${userCount}.${randomBytes(3).toString('hex')}@test.id`;
      const password = options.password ?? TEST_PASSWORD;
      const cost = config.passwordHashCost;
      if (password === TEST_PASSWORD && !testHashes.has(cost)) testHashes.set(cost, hashPassword(TEST_PASSWORD, cost));
      const hash = password === TEST_PASSWORD ? await testHashes.get(cost)! : await hashPassword(password, cost);
      const org = options.organizationId ?? config.organizationId;
      if (org !== config.organizationId) {
        await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [org, 'Other']);
      }
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (organization_id, email, password_hash, name, role_code, verified_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [org, email, hash, options.name ?? `Pengguna ${userCount}`, options.role ?? 303, options.verified === false ? null : new Date().toISOString()],
      );
      return { id: rows[0]!.id, email, password };
    },
    async close() {
      await drop();
      store.close?.();
      await s3?.close();
    },
  };
}
