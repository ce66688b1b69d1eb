import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { findActiveSessionUser, type UserRow } from '../auth/repository.ts';
import { TokenError, type TokenSigner } from '../auth/tokens.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The caller of an authenticated request. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

export type AuthEnv = { Variables: { caller: Caller } };

/** What the guards need: the database, the token signer and, on a server that keeps one, its session cache. */
interface GuardDeps {
  db: Db;
  signer: TokenSigner;
  sessions?: SessionCache;
}

/** The live session's user: from the server's memory when it holds it, else from the database. */
async function liveSessionUser(deps: GuardDeps, sessionId: string): Promise<UserRow | undefined> {
  const held = deps.sessions?.lookup(sessionId);
  if (held) return held;
  const mark = deps.sessions?.mark();
  const user = await findActiveSessionUser(deps.db, sessionId);
  if (user && mark !== undefined) deps.sessions!.remember(sessionId, user, mark);
  return user;
}

/**
 * Requires a valid bearer access token whose session is still live. Unless `allowUnverified`,
 * the account must also be verified.
 */
export function requireCaller(deps: GuardDeps, options: { allowUnverified?: boolean } = {}) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('missing_token', 'Sign in to continue.');
    let claims;
    try {
      claims = await deps.signer.verify(match[1]!);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized(error.code, error.message);
      throw error;
    }
    const user = await liveSessionUser(deps, claims.sid);
    if (!user || user.id !== claims.sub) throw unauthorized('session_revoked', 'The session has ended.');
    if (!options.allowUnverified && !user.verified_at) {
      throw forbidden('unverified_account', 'Verify your e-mail address to continue.');
    }
    c.set('caller', { user, sessionId: claims.sid });
    await next();
  });
}

/**
 * Sets the caller when a valid bearer of a live session comes with the request, and lets the
 * request through either way (for answers that differ between visitors and signed-in people).
 */
export function optionalCaller(deps: GuardDeps) {
  return createMiddleware<{ Variables: { caller?: Caller } }>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (match) {
      try {
        const claims = await deps.signer.verify(match[1]!);
        const user = await liveSessionUser(deps, claims.sid);
        if (user && user.id === claims.sub && user.verified_at) c.set('caller', { user, sessionId: claims.sid });
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
      }
    }
    await next();
  });
}
