import type { Db, Queryable } from './client.ts';

// Serialization failures and deadlocks, and a unique index losing a race: the work is safe to redo.
const RETRYABLE = new Set(['40001', '40P01', '23505']);

/**
 * Runs `fn` in one transaction, redoing it a few times when PostgreSQL reports a serialization
 * failure, a deadlock or a unique violation (two requests racing for the same row). Coded API
 * errors thrown by `fn` roll back and pass through at once.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** The unique constraint a database error names, if any. */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : undefined;
}
