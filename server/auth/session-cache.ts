import type { Db, Listening } from '../db/client.ts';
import type { UserRow } from './repository.ts';

/*
 * The sessions a server has checked, kept in its memory so a signed-in request costs no database
 * round trip to prove its session is live.
 *
 * - The database announces every ended session and every changed account on `session_changed`
 *   (a trigger, see migration 20261128_45); each server drops what it holds of that id.
 * - While the server is not listening (starting, or its listening connection dropped) it keeps
 *   nothing and checks every session in the database, so a lost notification can never keep a
 *   dead session alive; on listening again it starts empty.
 * - An entry is never used more than SESSION_CACHE_MAX_AGE_MS after it was read, whatever was
 *   heard.
 * - A lookup that started before a notification arrived is not kept (the generation count), so a
 *   read racing a sign-out cannot store the session it ended.
 */

/** The channel the database announces ended sessions and changed accounts on. */
export const SESSION_CHANNEL = 'session_changed';
/** The longest an entry is trusted without asking the database again. */
export const SESSION_CACHE_MAX_AGE_MS = 5_000;
/** How long a server waits before listening again after its listening connection dropped. */
export const RELISTEN_DELAY_MS = 1_000;

interface Entry {
  user: UserRow;
  at: number;
}

/** One server's memory of live sessions. */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #maxEntries: number;
  #listening = false;
  #generation = 0;

  constructor(options: { now?: () => number; maxEntries?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? 20_000;
  }

  /** Whether ended sessions are being heard (only then is anything kept). */
  get listening(): boolean {
    return this.#listening;
  }

  /** How many sessions are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The live session's user, when held and fresh. */
  lookup(sessionId: string): UserRow | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (this.#now() - entry.at > SESSION_CACHE_MAX_AGE_MS) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.user;
  }

  /** A mark to take before reading a session from the database, for {@link remember}. */
  mark(): number {
    return this.#generation;
  }

  /** Keeps a session read from the database since `mark`, unless anything was heard meanwhile. */
  remember(sessionId: string, user: UserRow, mark: number, readAt = this.#now()): void {
    if (!this.#listening || mark !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(sessionId, { user, at: readAt });
  }

  /** Handles a notification: `s:<session id>` drops that session, `u:<user id>` every session of that account. */
  hear(payload: string): void {
    this.#generation += 1;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') {
      this.#entries.delete(id);
    } else if (kind === 'u:') {
      for (const [sessionId, entry] of this.#entries) if (entry.user.id === id) this.#entries.delete(sessionId);
    } else {
      // Something unexpected: trust nothing held.
      this.#entries.clear();
    }
  }

  /** Starts or stops trusting what is held; either way it starts empty. */
  setListening(listening: boolean): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#listening = listening;
  }
}

/** A running session cache: the cache and how to stop listening. */
export interface SessionCacheHandle {
  cache: SessionCache;
  stop(): Promise<void>;
}

/**
 * Starts listening on `db` for ended sessions; while the connection is down the cache holds
 * nothing and listening is tried again every RELISTEN_DELAY_MS.
 */
export async function startSessionCache(db: Db, options: { log?: (message: string) => void; cache?: SessionCache } = {}): Promise<SessionCacheHandle> {
  const cache = options.cache ?? new SessionCache();
  let stopped = false;
  let current: Listening | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RELISTEN_DELAY_MS);
    timer.unref?.();
  };
  const connect = async () => {
    try {
      const listening = await db.listen(SESSION_CHANNEL, (payload) => cache.hear(payload), (error) => {
        current = null;
        cache.setListening(false);
        options.log?.(`session notifications lost (${error.message}): every session is checked in the database until they are heard again`);
        again();
      });
      if (stopped) {
        await listening.close();
        return;
      }
      current = listening;
      cache.setListening(true);
    } catch (error) {
      cache.setListening(false);
      options.log?.(`cannot listen for session notifications yet: ${(error as Error).message}`);
      again();
    }
  };
  await connect();
  return {
    cache,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.setListening(false);
      await current?.close();
    },
  };
}
