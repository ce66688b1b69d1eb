import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { findActiveSessionUser, type UserRow } from '../auth/repository.ts';
import { TokenError, type TokenSigner } from '../auth/tokens.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The caller of an authenticated request. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

export type AuthEnv = { Variables: { caller: Caller } };

/**
 * Requires a valid bearer access token whose session is still live. Unless `allowUnverified`,
 * the account must also be verified.
 */
export function requireCaller(deps: { db: Db; signer: TokenSigner }, options: { allowUnverified?: boolean } = {}) {
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
    const user = await findActiveSessionUser(deps.db, claims.sid);
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
export function optionalCaller(deps: { db: Db; signer: TokenSigner }) {
  return createMiddleware<{ Variables: { caller?: Caller } }>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (match) {
      try {
        const claims = await deps.signer.verify(match[1]!);
        const user = await findActiveSessionUser(deps.db, claims.sid);
        if (user && user.id === claims.sub && user.verified_at) c.set('caller', { user, sessionId: claims.sid });
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
      }
    }
    await next();
  });
}
