import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { createApi } from '../app.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { realBooksMissing } from './fixtures.ts';
import { ingestBook, type IngestInput, type IngestResult } from './ingest.ts';

/** A test API with a data directory for book files and one ePustaka to hold them. */
export interface ReaderTestContext extends TestContext {
  dataDir: string;
  epustakaId: string;
  fixture(name: string): Uint8Array;
  ingest(name: string, input?: Partial<IngestInput>): Promise<IngestResult>;
  /** Opens a loan as the catalogue's borrow does; returns its borrow key. */
  lend(userId: string, bookId: string, options?: { dueInMs?: number }): Promise<{ id: string; borrowKey: string }>;
  signIn(user: { email: string; password: string }): Promise<string>;
  /** A request whose answer is read as bytes. */
  raw(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Response>;
}

/** The books the repository makes for its tests (tests/fixtures/books, see its README). */
export const OWN_BOOKS_DIR = fileURLToPath(new URL('../../tests/fixtures/books/', import.meta.url));

/** The bytes of one of the repository's own test books. */
export function ownBook(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(OWN_BOOKS_DIR, name)));
}

/**
 * A reader test context. `booksDir` is where `fixture` and `ingest` find books by name: the
 * repository's own (the default), or the real-world folder (server/reader/fixtures.ts).
 */
export async function createReaderTestContext(options: { storage?: 'disk' | 's3'; booksDir?: string } = {}): Promise<ReaderTestContext> {
  // pdf.js's Node build loads on a process's first PDF ingest, seconds on a busy machine: it loads
  // here, in setup, where readiness is waited for, not in whichever test ingests a PDF first.
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'epustaka-reader-'));
  const ctx = await createTestContext({ dataDir }, options);
  const { rows } = await ctx.db.query<{ id: string }>(
    "INSERT INTO epustaka (organization_id, epustaka_name) VALUES ($1, 'Pustaka Uji') RETURNING id",
    [ctx.config.organizationId],
  );
  const epustakaId = rows[0]!.id;
  const app = createApi(ctx.deps);
  const booksDir = options.booksDir ?? OWN_BOOKS_DIR;
  const fixture = (name: string) => new Uint8Array(readFileSync(join(booksDir, name)));
  return {
    ...ctx,
    dataDir,
    epustakaId,
    fixture,
    ingest: (name, input = {}) =>
      ingestBook(ctx.db, { store: ctx.deps.store, organizationId: ctx.config.organizationId }, { fileName: name, drm: true, ...input, file: input.file ?? fixture(name) }),
    async lend(userId, bookId, options = {}) {
      const borrowKey = randomBytes(24).toString('base64url');
      const due = new Date(Date.now() + (options.dueInMs ?? 7 * 86_400_000)).toISOString();
      const loan = await ctx.db.query<{ id: string }>(
        'INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, due_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [userId, bookId, epustakaId, borrowKey, due],
      );
      return { id: loan.rows[0]!.id, borrowKey };
    },
    async signIn(user) {
      const res = await ctx.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      return res.body.data.access_token as string;
    },
    raw(method, path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return Promise.resolve(app.request(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }));
    },
    async close() {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A describe block over the real-world books (server/reader/fixtures.ts): it runs when their folder
 * is there, and is skipped otherwise, saying why in the test output.
 */
export function describeWithRealBooks(name: string, body: () => void): void {
  const missing = realBooksMissing();
  if (missing) console.warn(`${name}: skipped, ${missing}.`);
  describe.skipIf(missing !== null)(name, body);
}
