import { defineConfig, devices } from 'playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.ts';
import { READY_CEILING_MS } from './server/test/limits.ts';

const CI = !!process.env.CI;
// E2E_PORT and ASTRO_OUT_DIR let several suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${PORT}`;

/*
 * Timeouts, generous for a 2-core machine whose cores are both busy with other work (everything
 * then takes about ten times as long as on an idle machine):
 * - a test signs in, opens two to four pages and waits for their islands, 2-6 s when idle;
 *   tests that read a whole book or do more set their own;
 * - one expectation waits for one page or island to answer, well under a second when idle;
 * - the server on a new data directory migrates, seeds the demo and adds its readable books
 *   before it listens, about 10 s when idle: Playwright waits until it answers, limited only by
 *   the ceiling every readiness wait of the tests shares (server/test/limits.ts).
 */
const TEST_TIMEOUT_MS = 60_000;
const EXPECT_TIMEOUT_MS = 15_000;
const SERVER_START_TIMEOUT_MS = READY_CEILING_MS;

export default defineConfig({
  testDir: 'tests/e2e',
  // Helpers live next to the specs but are not specs themselves.
  testIgnore: ['**/support/**'],
  outputDir: 'test-results',
  // All specs share one server and one seeded database.
  fullyParallel: false,
  // One worker in CI: both workers' browsers share two cores, and a run on two took as long as on one.
  workers: CI ? 1 : 2,
  // In CI a failed test runs once more: a test that fails only because the shared machine stalled
  // passes then and is listed as flaky in the report; one that is broken fails both times.
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    locale: 'id-ID',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      // The device preset carries no launchOptions, so the system Chromium above still applies.
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    // Serves the already built app (dist/) on a fresh demo database.
    command: 'bash scripts/e2e-server.sh',
    url: `${baseURL}/login`,
    reuseExistingServer: !CI,
    timeout: SERVER_START_TIMEOUT_MS,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
