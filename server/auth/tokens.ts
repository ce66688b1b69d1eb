import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

/** Access tokens live at most 15 minutes; refresh tokens 30 days from their last rotation. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'epustaka';

/** Claims the API puts in an access token. `sid` is the session, checked on every call. */
export interface AccessClaims {
  sub: string;
  sid: string;
  org: string;
  role: number;
  verified: boolean;
}

/** Signs and checks HS256 access tokens with one secret. */
export interface TokenSigner {
  sign(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** @throws TokenError with code `token_expired` or `invalid_token`. */
  verify(token: string): Promise<AccessClaims>;
}

export class TokenError extends Error {
  readonly code: 'token_expired' | 'invalid_token';
  constructor(code: 'token_expired' | 'invalid_token', message: string, cause?: unknown) {
    super(message, { cause });
    this.code = code;
  }
}

export function createTokenSigner(secret: Uint8Array): TokenSigner {
  // A key object made once: a raw key is turned into one on every HMAC.
  const key = createSecretKey(secret);
  return {
    async sign(claims, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_SECONDS;
      const token = await new SignJWT({ sid: claims.sid, org: claims.org, role: claims.role, verified: claims.verified })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      return verifyHs256(token, key, Math.floor(Date.now() / 1000));
    },
  };
}

/**
 * Checks an HS256 access token synchronously with node:crypto: the header must name HS256 (no
 * other algorithm, `none` included, is accepted), the signature must match (compared in constant
 * time), the issuer must be ours, and `exp` must be after `now` (`nbf`, when present, not after
 * it). Every API call checks a token, and jose's verification imports a WebCrypto key and runs
 * the HMAC as an asynchronous job each time; this does the same checks in a few microseconds.
 * @throws TokenError `token_expired` or `invalid_token`.
 */
export function verifyHs256(token: string, secret: Uint8Array | KeyObject, now: number): AccessClaims {
  const invalid = (why: string) => new TokenError('invalid_token', `The access token is not valid (${why}).`);
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid('form');
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head);
  if (!header || header.alg !== 'HS256' || ('crit' in header)) throw invalid('algorithm');
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('signature');
  const payload = decodeJson(body);
  if (!payload) throw invalid('payload');
  if (payload.iss !== ISSUER) throw invalid('issuer');
  if (typeof payload.exp !== 'number') throw invalid('expiry');
  if (payload.exp <= now) throw new TokenError('token_expired', 'The access token has expired.');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw invalid('not yet valid');
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    throw new TokenError('invalid_token', 'The access token is missing claims.');
  }
  return {
    sub: payload.sub,
    sid: payload.sid,
    org: String(payload.org),
    role: Number(payload.role),
    verified: payload.verified === true,
  };
}

function decodeJson(part: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A new opaque refresh token (256 random bits). Only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Formats a date as the spec's `YYYY-MM-DD HH:mm:ss Z` in UTC. */
export function formatExpiry(date: Date): string {
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' +00:00');
}
