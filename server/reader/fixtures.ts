import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of real-world book files (`../shared/fixtures/books` beside the repository), or
 * `BOOK_FIXTURES_DIR` when set. It is optional: when it exists, the demo seed adds its books and
 * the real-world book tests and the benchmark read them; a clone without it runs on the books the
 * repository makes itself (tests/fixtures/books).
 */
export function bookFixturesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BOOK_FIXTURES_DIR || resolve(fileURLToPath(new URL('../../..', import.meta.url)), 'shared/fixtures/books');
}

/** Why the real-world book tests cannot run here, or null when their folder is there. */
export function realBooksMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = bookFixturesDir(env);
  if (existsSync(dir)) return null;
  return `the real-world books are not here (${dir}); put them there or point BOOK_FIXTURES_DIR at them to run these tests`;
}
