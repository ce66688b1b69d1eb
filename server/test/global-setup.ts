import { prepareTestDatabases } from './database.ts';

/**
 * Runs once before the API test files: builds the migrated template database they copy (see
 * database.ts), so that files starting side by side do not each build it.
 */
export default async function setup(): Promise<void> {
  const started = performance.now();
  await prepareTestDatabases();
  const seconds = (performance.now() - started) / 1000;
  if (seconds > 1) console.log(`[test] template database ready in ${seconds.toFixed(1)} s`);
}
