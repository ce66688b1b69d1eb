import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../auth/tokens.ts';
import { chunkCount, deriveStreamKey, openChunk, TAG_BYTES } from '../reader/crypto.ts';
import { OWN_BOOKS_DIR } from '../reader/testing.ts';
import { printed } from '../test/limits.ts';
import { readIngestSecret } from '../reader/ingest-secret.ts';
import { startTestS3Server, type TestS3Server } from '../storage/testing.ts';
import { addMembers, createBook, createCallers, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { freePort } from '../test/ports.ts';

/*
 * Two API servers, each its own process with its own data directory, on one PostgreSQL database
 * and one S3 bucket, as behind a load balancer: what one does, the other sees. PostgreSQL only
 * (PGlite is one process's database); run with `npm run test:pg`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = randomBytes(32).toString('base64url');
const ROUNDS = 50;
const RACERS = 8;

interface Instance {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output: string;
}

describe.skipIf(!process.env.DATABASE_URL)('two API servers on one database and one bucket', () => {
  let ctx: TestContext;
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;
  let epustakaId: string;

  async function start(env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'epustaka-instance-'));
    const child = spawn(process.execPath, ['server/api-main.ts'], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir, API_PORT: String(port) },
    });
    const base = `http://127.0.0.1:${port}`;
    return { child, base, dataDir, output: await printed(child, `listening on ${base}`) };
  }

  async function stop(instance: Instance | undefined): Promise<void> {
    if (!instance) return;
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await exited;
    }
    rmSync(instance.dataDir, { recursive: true, force: true });
  }

  async function call(on: Instance, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(on.base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    let body: any = null;
    try {
      body = bytes.length ? JSON.parse(bytes.toString('utf8')) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body, bytes, headers: response.headers };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    // Tokens the servers accept: they sign and check with the shared JWT_SECRET.
    ctx.deps.signer = createTokenSigner(new TextEncoder().encode(SECRET));
    // One racer may win every one of the 50 rounds: the library allows that many open loans (at most 100).
    epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Dua Server', maxLoans: 100 });
    s3 = await startTestS3Server();
    const env = { ...s3.env, DATABASE_URL: ctx.databaseUrl!, JWT_SECRET: SECRET, ORGANIZATION_ID: ctx.config.organizationId, API_HOST: '127.0.0.1' };
    [a, b] = await Promise.all([start(env), start(env)]);
  });

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await s3?.close();
    await ctx?.close();
  });

  it('keeps a session opened on A working on B, and signing out on B ends it on A', async () => {
    const user = await ctx.createUser();
    const login = await call(a, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const token = login.body.data.access_token as string;
    const profile = await call(b, 'GET', '/auth/account', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data.email).toBe(user.email);
    expect((await call(b, 'POST', '/auth/logout', { token, body: {} })).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/auth/account', { token })).status).toBe(401);
  });

  it('serves a book ingested on A from B, cover and DRM chunks included', async () => {
    const file = readFileSync(join(OWN_BOOKS_DIR, 'panduan.pdf'));
    const form = new FormData();
    form.set('secret', readIngestSecret(a.dataDir)!);
    form.set('epustaka', epustakaId);
    form.set('copies', '1');
    form.set('file', new Blob([file]), 'panduan.pdf');
    const ingested = await fetch(`${a.base}/storage/ingest`, { method: 'POST', body: form });
    expect(ingested.status).toBe(201);
    const bookId = ((await ingested.json()) as { data: { book_id: string } }).data.book_id;

    const [reader] = await createCallers(ctx, 1, 'Pembaca Dua');
    await addMembers(ctx, epustakaId, [reader!.id]);
    const cover = await call(b, 'GET', `/storage/books/${bookId}/cover`, { token: reader!.token });
    expect(cover.status).toBe(200);
    expect(cover.bytes.length).toBeGreaterThan(100);

    const loan = await call(b, 'POST', '/webhook/borrow', { token: reader!.token, body: { epustaka_id: epustakaId, user_id: reader!.id, book_id: bookId } });
    expect(loan.status).toBe(201);
    const { rows } = await ctx.db.query<{ key_salt: string; chunk_size: number }>('SELECT key_salt, chunk_size FROM book_files WHERE book_id = $1', [bookId]);
    const { key_salt: salt, chunk_size: chunkSize } = rows[0]!;
    const key = deriveStreamKey({ borrowKey: loan.body.data.borrow_key, salt, bookId, userId: reader!.id, object: 'book.pdf' });
    const last = chunkCount(file.length, chunkSize) - 1;
    for (const [on, first, end] of [[b, 0, 1], [a, last - 1, last], [b, last, last]] as const) {
      const sealed = await call(on, 'POST', '/storage/streamobject', {
        token: reader!.token,
        body: { bookId, userid: reader!.id, epustakaid: epustakaId, borrowkey: loan.body.data.borrow_key, url: `/storage/books/${bookId}/book.pdf`, timestamp: Date.now(), chunks: [[first, end]] },
      });
      expect(sealed.status).toBe(200);
      const plain: Buffer[] = [];
      let offset = 0;
      for (let index = first; offset < sealed.bytes.length; index++) {
        const length = Math.min(chunkSize, file.length - index * chunkSize);
        plain.push(openChunk(key, index, sealed.bytes.subarray(offset, offset + length + TAG_BYTES)));
        offset += length + TAG_BYTES;
      }
      expect(Buffer.concat(plain).equals(file.subarray(first * chunkSize, Math.min((end + 1) * chunkSize, file.length)))).toBe(true);
    }
  });

  it(`lends the last copy to exactly one reader per round, over ${ROUNDS} rounds split across A and B`, async () => {
    const readers: Caller[] = await createCallers(ctx, RACERS, 'Pembalap');
    await addMembers(ctx, epustakaId, readers.map((r) => r.id));
    const books: string[] = [];
    for (let i = 0; i < ROUNDS; i++) books.push(await createBook(ctx, { title: `Buku Balapan ${i}`, holdings: [{ epustakaId, copies: 1 }] }));
    for (const [round, book] of books.entries()) {
      const answers = await Promise.all(
        readers.map((r, i) => call((i + round) % 2 ? a : b, 'POST', '/webhook/borrow', { token: r.token, body: { epustaka_id: epustakaId, user_id: r.id, book_id: book } })),
      );
      const statuses = answers.map((x) => x.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    }
    const { rows } = await ctx.db.query<{ book_id: string; loans: number; available: number }>(
      `SELECT h.book_id, (SELECT count(*)::int FROM borrows l WHERE l.book_id = h.book_id) AS loans, h.available_qty AS available
         FROM epustaka_books h WHERE h.book_id = ANY($1::uuid[])`,
      [books],
    );
    expect(rows).toHaveLength(ROUNDS);
    for (const row of rows) expect(row, row.book_id).toMatchObject({ loans: 1, available: 0 });
  }, 120_000);

  it('counts sign-in failures on A and B together', async () => {
    const user = await ctx.createUser();
    const fail = (on: Instance, i: number) =>
      call(on, 'POST', '/auth/login', { body: { email: user.email, password: 'tebakan-salah' }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
    // The allowance is five failures per e-mail: three on each server together exceed it.
    for (let i = 0; i < 3; i++) expect((await fail(a, i)).status).toBe(401);
    for (let i = 3; i < 6; i++) expect((await fail(b, i)).status).not.toBe(200);
    for (const on of [a, b]) {
      const right = await call(on, 'POST', '/auth/login', { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': '198.51.100.9' } });
      expect(right.status).toBe(429);
      expect(right.body.errors[0].code).toBe('too_many_attempts');
    }
  });
});
