import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright/test';

const run = promisify(execFile);

/** The books the repository makes for its tests (tests/fixtures/books, see its README). */
export const fixtures = resolve('tests/fixtures/books');

/**
 * The real-world books, when they are beside the repository (`../shared/fixtures/books`, or
 * `BOOK_FIXTURES_DIR`); the specs that read them skip themselves when the folder is absent.
 */
export const realBooks = resolve(process.env.BOOK_FIXTURES_DIR || '../shared/fixtures/books');

/** The data directory of the server under test (scripts/e2e-server.sh). */
export function e2eDataDir(): string {
  return resolve(process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.env.E2E_PORT ?? 4399}`);
}

export interface IngestedBook {
  book_id: string;
  title: string;
  epustaka_id: string;
  kind: 'pdf' | 'epub';
  pages: number;
}

/**
 * Adds a fixture to the running server's catalogue with `npm run ingest`, which hands the file to
 * the server holding the data directory. Each test adds its own copy, so tests share no reading data.
 * `file` is a name in the repository's fixtures folder, or an absolute path.
 */
export async function ingest(baseURL: string, file: string, options: string[] = []): Promise<IngestedBook> {
  const { stdout } = await run(process.execPath, ['server/reader/ingest-cli.ts', resolve(fixtures, file), '--epustaka', 'Perpustakaan Digital Nusantara', '--server', baseURL, '--json', ...options], {
    // The compile cache makes loading the command's modules about three times faster.
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: '', NODE_COMPILE_CACHE: resolve('.tmp/node-compile-cache') },
  });
  return JSON.parse(stdout) as IngestedBook;
}

/** Borrows the book as the signed-in user, through the catalogue's own call. */
export async function borrow(page: Page, book: IngestedBook): Promise<void> {
  const profile = await page.request.get('/webhook/profile');
  const userId = (await profile.json()).data.id as string;
  const res = await page.request.post('/webhook/borrow', { data: { epustaka_id: book.epustaka_id, user_id: userId, book_id: book.book_id } });
  if (!res.ok()) throw new Error(`borrow failed: ${res.status()} ${await res.text()}`);
}

/** Overwrites the stored PDF of a book with bytes that are not a PDF, keeping its size. */
export function breakStoredPdf(book: IngestedBook, size: number): void {
  writeFileSync(join(e2eDataDir(), 'books', book.book_id, 'book.pdf'), Buffer.alloc(size, 0x41));
}
