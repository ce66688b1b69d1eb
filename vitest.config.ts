import { configDefaults, defineConfig } from 'vitest/config';

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
          // Each file migrates its own fresh database (PGlite or PostgreSQL), which takes a while.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files are independent and may run in parallel, but each holds a database and a
          // connection pool; two at a time keeps memory and connections in check.
          maxWorkers: 2,
          // Projects with their own maxWorkers need their own group; API files run after unit files.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
