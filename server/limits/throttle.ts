import type { Queryable } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { pruneCounters, returnCounterSlot, takeCounterSlot } from './counters.repository.ts';

/*
 * The one throttle of the API (README "Limits"). Calls are counted in the database, per bucket
 * (what is limited) and client (an account, an address, a sender and recipient), in fixed windows
 * of `windowSeconds`: one counter row per client and window, so every server sharing the database
 * counts together, and a check costs one upsert on the row's primary key. A refused call is not
 * counted, so hammering on after a refusal does not lengthen the wait.
 */

/** The longest window: counters are kept a day past it at most, so pruning never drops a live one. */
export const MAX_WINDOW_SECONDS = 86_400;

/** An allowance of one client: at most `max` calls per window; null client or max 0: no limit. */
export interface Allowance {
  client: string | null;
  max: number;
}

/** A refused call: 429 with the wait in `Retry-After`, `retry_after` and the message. */
export class TooManyRequestsError extends ApiError {
  constructor(retryAfter: number) {
    const wait = retryAfter < 120 ? `${retryAfter} second(s)` : `${Math.ceil(retryAfter / 60)} minute(s)`;
    super(429, 'too_many_requests', `Too many requests. Try again in ${wait}.`, { retryAfter });
  }
}

/** The start of the fixed window of `windowSeconds` that `now` falls in. */
export function windowStartOf(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * Counts one call against every allowance, in order; when one is used up, the ones counted before
 * it are taken back and the answer is the seconds until the window ends. Pass the transaction of
 * the change the call makes to have the count stand or fall with it.
 * @returns null when allowed, else the seconds to wait.
 */
export async function takeSlots(db: Queryable, bucket: string, allowances: Allowance[], windowSeconds: number, now: Date): Promise<number | null> {
  const window = Math.min(MAX_WINDOW_SECONDS, Math.max(1, Math.floor(windowSeconds)));
  const start = windowStartOf(now, window);
  const taken: string[] = [];
  for (const { client, max } of allowances) {
    if (!client || max <= 0) continue;
    if (!(await takeCounterSlot(db, bucket, client, start, max))) {
      for (const earlier of taken) await returnCounterSlot(db, bucket, earlier, start);
      return Math.max(1, Math.ceil((start.getTime() + window * 1000 - now.getTime()) / 1000));
    }
    taken.push(client);
  }
  // Now and then, counters of windows long over go.
  if (taken.length > 0 && Math.random() < 0.01) await pruneCounters(db, new Date(now.getTime() - 2 * MAX_WINDOW_SECONDS * 1000));
  return null;
}
