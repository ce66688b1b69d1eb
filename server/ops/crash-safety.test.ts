import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { freePort } from '../test/ports.ts';
import { printed } from '../test/limits.ts';
import { addMembers, createBook, createCallers, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createTokenSigner } from '../auth/tokens.ts';
import { openPglite, type Db, type PgliteDb } from '../db/client.ts';

/*
 * The API server killed with SIGKILL in the middle of borrowing, returning and queueing, twice, then
 * started again and stopped cleanly. On PGlite (a data directory on disk) and, under
 * `npm run test:pg`, on PostgreSQL. Afterwards the database opens and every rule of lending holds:
 * each loan and return the server acknowledged is there, a holding's available copies are its
 * copies less its open loans and held offers, nobody has a book twice, and queues are served in
 * order. A failure here is a bug in the product, not in the test.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = randomBytes(32).toString('base64url');
const BOOKS = 4;
const COPIES = 2;
const READERS = 24;

describe('a server killed in the middle of lending', () => {
  let ctx: TestContext;
  let dataDir: string;
  let env: Record<string, string>;
  let epustakaId: string;
  let books: string[];
  let callers: Caller[];
  let output = '';
  let stuck = '';
  const borrowed = new Set<string>();
  const returned = new Set<string>();
  const queued = new Set<string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    // Tokens the spawned server accepts: it signs and checks with JWT_SECRET.
    ctx.deps.signer = createTokenSigner(new TextEncoder().encode(SECRET));
    epustakaId = await createEpustaka(ctx, { name: 'Perpustakaan Uji Mati Listrik' });
    books = [];
    for (let i = 0; i < BOOKS; i++) books.push(await createBook(ctx, { title: `Buku Uji ${i}`, holdings: [{ epustakaId, copies: COPIES }] }));
    callers = await createCallers(ctx, READERS);
    await addMembers(ctx, epustakaId, callers.map((c) => c.id));
    dataDir = mkdtempSync(join(tmpdir(), 'epustaka-crash-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: ctx.databaseUrl ?? '', JWT_SECRET: SECRET, ORGANIZATION_ID: ctx.config.organizationId, API_HOST: '127.0.0.1' };
    if (!ctx.databaseUrl) {
      // The prepared database goes on disk, where the server opens it.
      const disk = await openPglite(join(dataDir, 'pgdata'), { from: await (ctx.db as PgliteDb).dumpDataDir() });
      await disk.close();
    }
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the API server on the prepared database; resolves with its address once it listens. */
  async function start(): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['server/api-main.ts'], { cwd: root, env: { ...process.env, ...env, API_PORT: String(port) } });
    const base = `http://127.0.0.1:${port}`;
    // What it prints later (until it is killed) is kept too, for a failure's message.
    child.stdout!.on('data', (piece: Buffer) => (output += piece.toString()));
    child.stderr!.on('data', (piece: Buffer) => (output += piece.toString()));
    await printed(child, `listening on ${base}`);
    return { child, base };
  }

  function stopped(child: ChildProcess): Promise<void> {
    return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  }

  /** One call; null when the server is gone. */
  async function call(base: string, method: string, path: string, caller: Caller, body: unknown): Promise<{ status: number; body: any } | null> {
    try {
      const response = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.token}` },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return null;
    }
  }

  /**
   * Every reader borrows, returns and queues as fast as the server answers until it is gone; the
   * server is killed once `killAfter` more loans were acknowledged.
   */
  async function lendUntilKilled(killAfter: number): Promise<void> {
    const { child, base } = await start();
    const target = borrowed.size + killAfter;
    const answers = new Map<number, number>();
    // A server that lends nothing would keep the readers asking forever: stop and say what it
    // answered. Idle, 40 loans take a second or two; the limit leaves room for a very busy machine.
    const giveUp = setTimeout(() => {
      if (!child.killed) child.kill('SIGKILL');
      stuck = `no ${killAfter} loans within 150 s; answers by status: ${JSON.stringify(Object.fromEntries(answers))}`;
    }, 150_000);
    let gone = false;
    const died = stopped(child).then(() => (gone = true));
    await Promise.all(
      callers.map(async (caller, i) => {
        for (let turn = 0; !gone; turn++) {
          const book = books[(i + turn) % BOOKS]!;
          const loan = await call(base, 'POST', '/webhook/borrow', caller, { epustaka_id: epustakaId, user_id: caller.id, book_id: book });
          if (!loan) break;
          answers.set(loan.status, (answers.get(loan.status) ?? 0) + 1);
          // 200 is a loan the reader already had (made before a kill, or twice at once): it goes back too.
          if (loan.status === 201 || loan.status === 200) {
            if (loan.status === 201) borrowed.add(loan.body.data.id);
            if (borrowed.size >= target && !child.killed) child.kill('SIGKILL');
            const back = await call(base, 'PUT', '/webhook/book-return', caller, { borrow_book_id: loan.body.data.id });
            if (back?.status === 200 && back.body.already_returned === false) returned.add(loan.body.data.id);
          } else if (loan.status >= 400 && loan.status < 500) {
            const entry = await call(base, 'POST', '/webhook/book-queue', caller, { book_id: book, epustaka_id: epustakaId });
            if (entry?.status === 201) queued.add(entry.body.data.id ?? `${caller.id}:${book}`);
          } else if (loan.status >= 500) {
            throw new Error(`borrow answered ${loan.status}: ${JSON.stringify(loan.body)}`);
          }
        }
      }),
    );
    await died;
    clearTimeout(giveUp);
    if (stuck) throw new Error(`${stuck}\n${output.slice(-2000)}`);
  }

  /** The database as the last server left it (PGlite: opened from disk once no server holds it). */
  async function openLeftDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
    if (ctx.databaseUrl) return { db: ctx.db, close: async () => {} };
    const db = await openPglite(join(dataDir, 'pgdata'));
    return { db, close: () => db.close() };
  }

  it('keeps every acknowledged loan and return and every lending rule through two kills', async () => {
    await lendUntilKilled(40);
    await lendUntilKilled(40);
    // A third start must open the database the second kill left, and stop cleanly.
    const last = await start();
    last.child.kill('SIGTERM');
    await stopped(last.child);
    expect(borrowed.size).toBeGreaterThanOrEqual(80);
    expect(queued.size).toBeGreaterThan(0);

    const { db, close } = await openLeftDatabase();
    try {
      // A loan whose 201 a kill cut off is answered 200 on the next try and returned then: its
      // return counts although the loan itself was never acknowledged, so both sets are looked up.
      const loans = await db.query<{ id: string; returned: boolean }>('SELECT id, returned_at IS NOT NULL AS returned FROM borrows WHERE id = ANY($1::uuid[])', [[...new Set([...borrowed, ...returned])]]);
      const found = new Set(loans.rows.map((row) => row.id));
      expect([...borrowed].filter((id) => !found.has(id)), 'acknowledged loans lost').toEqual([]);
      const closed = new Set(loans.rows.filter((row) => row.returned).map((row) => row.id));
      expect([...returned].filter((id) => !closed.has(id)), 'acknowledged returns lost').toEqual([]);

      const holdings = await db.query<{ book_id: string; all_qty: number; available_qty: number; open_loans: number; held: number }>(
        `SELECT h.book_id, h.all_qty, h.available_qty,
                (SELECT count(*)::int FROM borrows b WHERE b.epustaka_id = h.epustaka_id AND b.book_id = h.book_id AND b.returned_at IS NULL) AS open_loans,
                (SELECT count(*)::int FROM book_queues q WHERE q.epustaka_id = h.epustaka_id AND q.book_id = h.book_id AND q.ended_at IS NULL AND q.offered_at IS NOT NULL) AS held
           FROM epustaka_books h WHERE h.epustaka_id = $1 ORDER BY h.book_id`,
        [epustakaId],
      );
      expect(holdings.rows).toHaveLength(BOOKS);
      for (const h of holdings.rows) expect(h.available_qty, `holding of ${h.book_id}: ${JSON.stringify(h)}`).toBe(h.all_qty - h.open_loans - h.held);

      const twice = await db.query('SELECT user_id, book_id FROM borrows WHERE returned_at IS NULL GROUP BY user_id, book_id HAVING count(*) > 1');
      expect(twice.rows, 'a book on loan twice to one reader').toEqual([]);

      // Served in order: nobody still waiting joined before someone who holds an offer, and no
      // copy sits on the shelf while someone waits for it.
      const outOfOrder = await db.query(
        `SELECT w.id FROM book_queues w JOIN book_queues o ON o.epustaka_id = w.epustaka_id AND o.book_id = w.book_id
          WHERE w.ended_at IS NULL AND w.offered_at IS NULL AND o.ended_at IS NULL AND o.offered_at IS NOT NULL
            AND (w.created_at, w.id) < (o.created_at, o.id)`,
      );
      expect(outOfOrder.rows, 'a queue served out of order').toEqual([]);
      const idle = await db.query(
        `SELECT h.book_id FROM epustaka_books h
          WHERE h.epustaka_id = $1 AND h.available_qty > 0
            AND EXISTS (SELECT 1 FROM book_queues q WHERE q.epustaka_id = h.epustaka_id AND q.book_id = h.book_id AND q.ended_at IS NULL AND q.offered_at IS NULL)`,
        [epustakaId],
      );
      expect(idle.rows, 'a copy on the shelf while readers wait').toEqual([]);
    } finally {
      await close();
    }
  }, 420_000);
});
