import { defineConfig, devices } from 'playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.ts';

const CI = !!process.env.CI;
// E2E_PORT and ASTRO_OUT_DIR let several suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Helpers live next to the specs but are not specs themselves.
  testIgnore: ['**/support/**'],
  outputDir: 'test-results',
  // All specs share one server and one seeded database.
  fullyParallel: false,
  workers: CI ? 1 : 2,
  retries: 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
