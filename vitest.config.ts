import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { READY_CEILING_MS } from './server/test/limits.ts';

// Browser tests run under Playwright (tests/e2e), never under Vitest.
const exclude = [...configDefaults.exclude, '**/dist/**', 'tests/e2e/**', '.tmp/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude,
          environment: 'node',
          // Builds the migrated template database that each file's database is copied from.
          globalSetup: ['server/test/global-setup.ts'],
          env: {
            // The same setting as production, at 2^10 (1 MiB) instead of 2^17 (128 MiB) per hash:
            // the suite signs in hundreds of times. password.test.ts checks the production cost.
            PASSWORD_HASH_COST: '10',
            // Commands the tests start (the ingest command, the API server) load a few hundred
            // TypeScript modules; Node keeps their compiled code here, a third of the time to load.
            NODE_COMPILE_CACHE: fileURLToPath(new URL('.tmp/node-compile-cache', import.meta.url)),
          },
          // A test waits for its requests to the in-process API and for PGlite; the slowest files
          // spawn the ingest command or a server. Generous for a 2-core machine under heavy load.
          testTimeout: 30_000,
          // beforeAll copies the template database (under a second when idle), may seed data or
          // start a server, and waits for that to be ready: only the shared ceiling limits it.
          hookTimeout: READY_CEILING_MS,
          // Files are independent and may run in parallel, but each holds a database and a
          // connection pool; two at a time keeps memory and connections in check.
          maxWorkers: 2,
          // Projects with their own maxWorkers need their own group; API files run after unit files.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The book stream, media and upload tests again with their files in an S3 bucket (s3rver).
        test: {
          name: 'api-s3',
          include: ['server/reader/stream-routes.test.ts', 'server/media/routes.test.ts', 'server/storage/upload-routes.test.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          env: { PASSWORD_HASH_COST: '10', TEST_STORAGE: 's3' },
          testTimeout: 30_000,
          hookTimeout: READY_CEILING_MS,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
