import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Queryable } from '../db/client.ts';
import { ApiError, badRequest, conflict } from '../http/errors.ts';

/*
 * Idempotency-Key: a request carrying one is done once per user, route and key for 24 hours. A
 * repeat answers the first answer; the same key with another body is a 422
 * `idempotency_key_reused`; while the first is still running a 409 `idempotency_key_in_use`. A
 * coded 4xx answer is kept like a success; a failure on our side frees the key to be tried again.
 */

const KEEP_HOURS = 24;

/** Runs `work` at most once for the request's Idempotency-Key (or simply runs it without one). */
export async function idempotent(
  db: Queryable,
  c: Context,
  userId: string,
  scope: string,
  body: unknown,
  now: Date,
  work: () => Promise<{ status: ContentfulStatusCode; body: unknown }>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) {
    const done = await work();
    return c.json(done.body as object, done.status);
  }
  if (key.length < 1 || key.length > 200) throw badRequest('invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 characters.');
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const since = new Date(now.getTime() - KEEP_HOURS * 3_600_000).toISOString();
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3 AND created_at < $4', [userId, scope, key, since]);
  const { rowCount } = await db.query(
    `INSERT INTO idempotency_keys (user_id, scope, key, request_hash, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [userId, scope, key, hash, now.toISOString()],
  );
  if (rowCount !== 1) {
    const { rows } = await db.query<{ request_hash: string; status: number | null; response: unknown }>(
      'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3',
      [userId, scope, key],
    );
    const first = rows[0];
    if (!first) throw conflict('idempotency_key_in_use', 'A request with this Idempotency-Key is still running.');
    if (first.request_hash !== hash) throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request.');
    if (first.status === null) throw conflict('idempotency_key_in_use', 'A request with this Idempotency-Key is still running.');
    c.header('Idempotent-Replayed', 'true');
    return c.json(first.response as object, first.status as ContentfulStatusCode);
  }
  let done: { status: ContentfulStatusCode; body: unknown };
  try {
    done = await work();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const item = { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
      await save(db, userId, scope, key, error.status, { errors: [item] });
    } else {
      await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3', [userId, scope, key]);
    }
    throw error;
  }
  await save(db, userId, scope, key, done.status, done.body);
  return c.json(done.body as object, done.status);
}

async function save(db: Queryable, userId: string, scope: string, key: string, status: number, response: unknown): Promise<void> {
  await db.query('UPDATE idempotency_keys SET status = $4, response = $5 WHERE user_id = $1 AND scope = $2 AND key = $3', [userId, scope, key, status, JSON.stringify(response)]);
}
