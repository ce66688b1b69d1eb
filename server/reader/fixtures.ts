import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of real book files shared beside the repository (`../shared/fixtures/books`), or
 * `BOOK_FIXTURES_DIR` when set. The demo seed and the tests read them from there.
 */
export function bookFixturesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BOOK_FIXTURES_DIR || resolve(fileURLToPath(new URL('../../..', import.meta.url)), 'shared/fixtures/books');
}
