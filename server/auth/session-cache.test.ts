import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createApi } from '../app.ts';
import { LISTENER_APPLICATION_NAME, type Db, type Listening } from '../db/client.ts';
import { SESSION_CACHE_MAX_AGE_MS, SessionCache, startSessionCache, type SessionCacheHandle } from './session-cache.ts';
import type { UserRow } from './repository.ts';

/*
 * Two API servers on one database, each with its own session cache, as two processes behind a
 * load balancer would be: what ends a session on one is refused on the other within a second.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const user = (id: string) => ({ id }) as UserRow;

describe('SessionCache', () => {
  test('keeps nothing until it listens, and forgets everything when it stops', () => {
    const cache = new SessionCache();
    cache.remember('s1', user('u1'), cache.mark());
    expect(cache.lookup('s1')).toBeUndefined();
    cache.setListening(true);
    cache.remember('s1', user('u1'), cache.mark());
    expect(cache.lookup('s1')?.id).toBe('u1');
    cache.setListening(false);
    expect(cache.lookup('s1')).toBeUndefined();
    cache.setListening(true);
    expect(cache.lookup('s1')).toBeUndefined();
  });

  test(`trusts an entry for at most ${SESSION_CACHE_MAX_AGE_MS} ms`, () => {
    let now = 1_000_000;
    const cache = new SessionCache({ now: () => now });
    cache.setListening(true);
    cache.remember('s1', user('u1'), cache.mark());
    now += SESSION_CACHE_MAX_AGE_MS;
    expect(cache.lookup('s1')?.id).toBe('u1');
    now += 1;
    expect(cache.lookup('s1')).toBeUndefined();
  });

  test('drops a session, or every session of an account, on hearing of it; a read that raced a notification is not kept', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    for (const [s, u] of [['s1', 'u1'], ['s2', 'u1'], ['s3', 'u2']] as const) cache.remember(s, user(u), cache.mark());
    cache.hear('s:s3');
    expect(cache.lookup('s3')).toBeUndefined();
    expect(cache.lookup('s1')?.id).toBe('u1');
    cache.hear('u:u1');
    expect([cache.lookup('s1'), cache.lookup('s2')]).toEqual([undefined, undefined]);
    const mark = cache.mark();
    cache.hear('s:s4');
    cache.remember('s4', user('u3'), mark);
    expect(cache.lookup('s4')).toBeUndefined();
  });

  test('holds a bounded number of sessions, the oldest going first', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    cache.setListening(true);
    for (const s of ['a', 'b', 'c']) cache.remember(s, user(s), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('c')?.id).toBe('c');
  });
});

/** A database whose listening connection the test can cut, on PGlite as on PostgreSQL. */
function cuttable(db: Db): { db: Db; cut(): void } {
  const lost: ((error: Error) => void)[] = [];
  const wrapped: Db = Object.create(db);
  wrapped.listen = async (channel, onMessage, onLost) => {
    let alive = true;
    const inner: Listening = await db.listen(channel, (payload) => alive && onMessage(payload), onLost);
    lost.push((error) => {
      if (!alive) return;
      alive = false;
      void inner.close();
      onLost(error);
    });
    return { close: async () => { alive = false; await inner.close(); } };
  };
  return { db: wrapped, cut: () => lost.splice(0).forEach((f) => f(new Error('cut by the test'))) };
}

describe('two servers on one database', () => {
  let a: SessionCacheHandle;
  let b: SessionCacheHandle;
  let bDb: ReturnType<typeof cuttable>;
  let serverA: ReturnType<typeof createApi>;
  let serverB: ReturnType<typeof createApi>;

  beforeAll(async () => {
    a = await startSessionCache(ctx.db);
    bDb = cuttable(ctx.db);
    b = await startSessionCache(bDb.db);
    serverA = createApi({ ...ctx.deps, sessions: a.cache });
    serverB = createApi({ ...ctx.deps, db: bDb.db, sessions: b.cache });
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
  });

  const call = async (server: ReturnType<typeof createApi>, method: string, path: string, token: string, body?: unknown) => {
    const res = await server.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.status;
  };
  const signIn = async (email: string, password: string) => {
    const res = await serverA.request('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  /** Milliseconds until `server` refuses `token`, polling; fails after `bound` ms. */
  const refusedWithin = async (server: ReturnType<typeof createApi>, token: string, bound: number) => {
    const started = performance.now();
    while (performance.now() - started < bound) {
      if ((await call(server, 'GET', '/auth/account', token)) === 401) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`still accepted after ${bound} ms`);
  };

  test('a sign-out on A is refused on B within a second, though B held the session', async () => {
    const person = await ctx.createUser();
    const token = await signIn(person.email, person.password);
    expect(await call(serverA, 'GET', '/auth/account', token)).toBe(200);
    expect(await call(serverB, 'GET', '/auth/account', token)).toBe(200);
    expect(b.cache.size).toBeGreaterThan(0);
    expect(await call(serverA, 'POST', '/auth/logout', token, {})).toBe(200);
    const delay = await refusedWithin(serverB, token, 1_000);
    console.info(`[session cache] ${ctx.db.kind}: B refused the signed-out session after ${delay.toFixed(1)} ms`);
    expect(await call(serverA, 'GET', '/auth/account', token)).toBe(401);
  });

  test('with B no longer hearing, B checks every session in the database: a sign-out is refused at once', async () => {
    const person = await ctx.createUser();
    const token = await signIn(person.email, person.password);
    expect(await call(serverB, 'GET', '/auth/account', token)).toBe(200);
    bDb.cut();
    expect(b.cache.listening).toBe(false);
    expect(b.cache.size).toBe(0);
    expect(await call(serverA, 'POST', '/auth/logout', token, {})).toBe(200);
    expect(await call(serverB, 'GET', '/auth/account', token)).toBe(401);
    // It listens again by itself and then keeps sessions again.
    await expect.poll(() => b.cache.listening, { timeout: 5_000 }).toBe(true);
  });

  test.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL: when the database ends the listening connections, sessions are checked in the database until they listen again', async () => {
    const person = await ctx.createUser();
    const token = await signIn(person.email, person.password);
    expect(await call(serverA, 'GET', '/auth/account', token)).toBe(200);
    const { rows } = await ctx.db.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows.length).toBeGreaterThan(0);
    await expect.poll(() => a.cache.listening, { timeout: 5_000 }).toBe(false);
    await ctx.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [person.id]);
    expect(await call(serverA, 'GET', '/auth/account', token)).toBe(401);
    await expect.poll(() => a.cache.listening, { timeout: 5_000 }).toBe(true);
  });

  test('a password change ends every session of the account on both servers at once', async () => {
    const person = await ctx.createUser();
    const first = await signIn(person.email, person.password);
    const second = await signIn(person.email, person.password);
    await expect.poll(() => b.cache.listening, { timeout: 5_000 }).toBe(true);
    for (const server of [serverA, serverB]) for (const token of [first, second]) expect(await call(server, 'GET', '/auth/account', token)).toBe(200);
    const changed = await call(serverA, 'PUT', '/auth/account', first, { scope: 'password', data: { old_password: person.password, new_password: 'sandi-baru-123' } });
    expect(changed).toBe(200);
    const delays = [];
    for (const server of [serverA, serverB]) delays.push(await refusedWithin(server, second, 1_000));
    console.info(`[session cache] ${ctx.db.kind}: the other session was refused after ${delays.map((d) => d.toFixed(1)).join(' ms (A) and ')} ms (B)`);
  });

  test('an account change (deactivation) is heard too', async () => {
    const person = await ctx.createUser();
    const token = await signIn(person.email, person.password);
    expect(await call(serverB, 'GET', '/auth/account', token)).toBe(200);
    await ctx.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [person.id]);
    await refusedWithin(serverB, token, 1_000);
  });
});
