import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
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
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('token_expired', 'The access token has expired.', error);
        throw new TokenError('invalid_token', 'The access token is not valid.', error);
      }
    },
  };
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
