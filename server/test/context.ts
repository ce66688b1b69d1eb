import { randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openPglite, openPostgres, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createApi } from '../app.ts';
import { createTokenSigner } from '../auth/tokens.ts';
import { hashPassword } from '../auth/password.ts';
import type { ApiDeps } from '../deps.ts';

/** A freshly migrated database with the API on top, for one test file. */
export interface TestContext {
  db: Db;
  deps: ApiDeps;
  config: ServerConfig;
  /** Moves the API's clock; real time when unset. */
  setNow(date: Date | null): void;
  request(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  createUser(options?: Partial<{ email: string; password: string; verified: boolean; organizationId: string; name: string; role: number }>): Promise<{ id: string; email: string; password: string }>;
  close(): Promise<void>;
}

const TEST_PASSWORD = 'rahasia-123';
let testHash: Promise<string> | undefined;

/**
 * In-memory PGlite by default; with `DATABASE_URL` a new PostgreSQL database per context, dropped on close.
 */
export async function createTestContext(overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const config: ServerConfig = { ...loadConfig({ ...process.env, DATA_DIR: '.tmp/unused' }), ...overrides };
  let db: Db;
  let drop = async () => {};
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(adminUrl, 1);
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = await openPostgres(url.toString(), 20);
    drop = async () => {
      // A closed pool resolves before its connections are gone; forcing the drop while they
      // close would fail them with an uncaught "terminating connection" error.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    db = await openPglite();
  }
  await migrate(db);
  await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [config.organizationId, 'Test']);
  let now: Date | null = null;
  const deps: ApiDeps = {
    db,
    config,
    signer: createTokenSigner(randomBytes(32)),
    now: () => now ?? new Date(),
    refreshGraceSeconds: 10,
  };
  const app = createApi(deps);
  let userCount = 0;

  return {
    db,
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
      const hash = password === TEST_PASSWORD ? await (testHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
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
      await db.close();
      await drop();
    },
  };
}
