import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { lockDataDir } from '../../server/db/lock.ts';
import { createTokenSigner } from '../../server/auth/tokens.ts';
import { ApiError } from '../../server/http/errors.ts';
import { getBookDetail } from '../../server/catalogue/books.service.ts';
import { borrow, returnBook } from '../../server/lending/loans.service.ts';
import type { ApiDeps } from '../../server/deps.ts';
import { openObjectStore } from '../../server/storage/open.ts';
import { startCommerce } from '../../server/commerce/runtime.ts';
import { handleGatewayNotification } from '../../server/commerce/notification.service.ts';
import { saveAnswerFor } from '../../server/quizzes/attempts.service.ts';
import type { UserRow } from '../../server/auth/repository.ts';

/*
 * The bench's ceiling: a bare `node:http` server on the scale data that answers the API's
 * book-detail, borrow, book-return, payment-notification and quiz-answer paths by calling the same service functions (so the same
 * SQL, in the same transactions, through the same driver and pool) with no framework, no session
 * lookup, no token check and no validation. The caller is the `sub` of the bearer token, read
 * without verifying it. What the API does on top of this is its cost; the bench reports the ratio.
 *
 *   node bench/lib/ceiling.ts   (CEILING_PORT, DATA_DIR, and DATABASE_URL for PostgreSQL)
 */

const config = loadConfig();
let db: Db;
let release = () => {};
if (config.databaseUrl) {
  db = await openPostgres(config.databaseUrl);
} else {
  release = lockDataDir(config.dataDir);
  db = await openPglite(join(config.dataDir, 'pgdata'));
}
const deps: ApiDeps = {
  db,
  config,
  store: openObjectStore(config),
  // Never used to verify: the ceiling trusts the token's subject.
  signer: createTokenSigner(new Uint8Array(32)),
  now: () => new Date(),
  refreshGraceSeconds: 10,
};

// The payment gateway the configuration names (the notifications measure points it at its stand-in).
startCommerce(deps, async () => new Response(null, { status: 204 }));

function claimsOf(req: IncomingMessage): { sub?: string; org?: string } {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}');
}

function callerOf(req: IncomingMessage): string {
  return claimsOf(req).sub ?? '';
}

/** The caller as the quiz services read it (its id and organisation), from the token's claims unread in the database. */
function callerRowOf(req: IncomingMessage): UserRow {
  const claims = claimsOf(req);
  return { id: claims.sub ?? '', organization_id: claims.org ?? '' } as UserRow;
}

async function body(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function send(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://ceiling');
  const caller = callerOf(req);
  if (req.method === 'GET' && url.pathname === '/webhook/book-detail') {
    const data = await getBookDetail(deps, caller, url.searchParams.get('book_id') ?? '', url.searchParams.get('epustaka_id') ?? undefined);
    return send(res, 200, { data });
  }
  if (req.method === 'POST' && url.pathname === '/webhook/borrow') {
    const { loan, repeated } = await borrow(deps, caller, await body(req));
    return send(res, repeated ? 200 : 201, { code: 'SUCCESS', data: loan });
  }
  if (req.method === 'PUT' && url.pathname === '/webhook/book-return') {
    const { loan, alreadyReturned } = await returnBook(deps, caller, (await body(req)).borrow_book_id);
    return send(res, 200, { data: loan, already_returned: alreadyReturned });
  }
  if (req.method === 'POST' && url.pathname === '/webhook/payment-notification') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return send(res, 200, { status: 'ok', outcome: await handleGatewayNotification(deps, Buffer.concat(chunks).toString('utf8')) });
  }
  if (req.method === 'POST' && url.pathname === '/webhook/quiz-user-answer') {
    const answer = await saveAnswerFor(deps, callerRowOf(req), await body(req));
    return 'closed' in answer ? send(res, 409, answer.body) : send(res, 200, answer);
  }
  send(res, 404, { errors: [{ code: 'not_found' }] });
}

const server = createServer((req, res) => {
  answer(req, res).catch((error: unknown) => {
    if (error instanceof ApiError) send(res, error.status, { errors: [{ code: error.code }] });
    else send(res, 500, { errors: [{ code: 'internal', message: String(error) }] });
  });
});
server.keepAliveTimeout = 65_000;
const port = Number(process.env.CEILING_PORT ?? 4416);
server.listen(port, '127.0.0.1', () => console.log(`[ceiling] ${db.kind} on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void db.close().then(() => {
      release();
      process.exit(0);
    });
  });
}
