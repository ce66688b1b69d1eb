import type { TokenPair, LoginInput } from '../../src/lib/auth/schema.ts';
import type { Db } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import { ApiError, unauthorized, forbidden } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';
import { REFRESH_TOKEN_SECONDS, formatExpiry, hashToken, newRefreshToken, type TokenSigner } from './tokens.ts';

/** What the auth service needs. `now` is injectable so tests can move time. */
export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  now: () => Date;
  /** Seconds in which a just-rotated refresh token may be presented again (two tabs refreshing together). */
  refreshGraceSeconds: number;
  /** The cost of the dummy hash checked when no account matches (the configured one). */
  config: Pick<ServerConfig, 'passwordHashCost'>;
}

/** Checks credentials and opens a session. Unknown e-mail and wrong password answer alike. */
export async function login(deps: AuthDeps, input: LoginInput, userAgent: string | null): Promise<TokenPair> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? null, deps.config.passwordHashCost);
  if (!user || !ok) throw unauthorized('invalid_password', 'The e-mail or password is wrong.');
  if (user.deactivated_at) throw unauthorized('deactivated_account', 'This account has been deactivated.');
  if (input.organization_id && input.organization_id !== user.organization_id) {
    throw forbidden('invalid_account', 'This account is not registered in this organisation.');
  }
  const sessionId = await repo.createSession(deps.db, user.id, userAgent);
  return issueTokens(deps, deps.db, user, sessionId);
}

/**
 * Rotates a refresh token. A token presented again after the grace window means it was stolen or
 * replayed: the whole session is revoked.
 */
export async function refresh(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.lockRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.session_revoked_at) return { error: unauthorized('invalid_refresh_token', 'The session has ended.') };
    if (new Date(row.expires_at) <= now) return { error: unauthorized('refresh_token_expired', 'The session has expired.') };
    if (row.used_at) {
      const age = (now.getTime() - new Date(row.used_at).getTime()) / 1000;
      if (age > deps.refreshGraceSeconds) {
        await repo.revokeSession(tx, row.session_id, 'refresh_token_reused');
        return { error: unauthorized('refresh_token_reused', 'The session has ended.') };
      }
    } else {
      await repo.markRefreshTokenUsed(tx, row.token_hash, now);
    }
    const user = await repo.findUserById(tx, row.user_id);
    if (!user || user.deactivated_at) {
      await repo.revokeSession(tx, row.session_id, 'account_unavailable');
      return { error: unauthorized('deactivated_account', 'This account has been deactivated.') };
    }
    return { pair: await issueTokens(deps, tx, user, row.session_id) };
  });
  // The revocation above must commit, so the error is thrown only after the transaction ends.
  if ('error' in outcome) throw outcome.error as ApiError;
  return outcome.pair;
}

/** Ends the session of the access token; its refresh tokens and push token go with it. */
export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await deps.db.transaction((tx) => repo.revokeSession(tx, sessionId, 'logout'));
}

export async function issueTokens(deps: AuthDeps, db: Parameters<typeof repo.insertRefreshToken>[0], user: UserRow, sessionId: string): Promise<TokenPair> {
  const now = deps.now();
  const verified = user.verified_at !== null;
  const { token, expiresAt } = await deps.signer.sign(
    { sub: user.id, sid: sessionId, org: user.organization_id, role: user.role_code, verified },
    now,
  );
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(db, hashToken(refreshToken), sessionId, new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000));
  return {
    access_token: token,
    refresh_token: refreshToken,
    expired_at: formatExpiry(expiresAt),
    organization_id: user.organization_id,
    verified,
    role: user.role_code,
  };
}
