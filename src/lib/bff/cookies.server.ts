import type { AstroCookies } from 'astro';
import type { TokenPair } from '../api/schemas/auth.ts';
import { decodeClaims } from './claims.ts';

/** The access-token cookie keeps the name the spec gives it. */
export const ACCESS_COOKIE = 'ewAccessToken';
export const REFRESH_COOKIE = 'ewRefreshToken';
const REFRESH_MAX_AGE = 30 * 24 * 60 * 60;

/** Stores a token pair in HttpOnly cookies; the access cookie expires with the token. */
export function setSessionCookies(cookies: AstroCookies, pair: Pick<TokenPair, 'access_token' | 'refresh_token'>, secure: boolean): void {
  const claims = decodeClaims(pair.access_token);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  cookies.set(ACCESS_COOKIE, pair.access_token, { ...base, expires: claims ? new Date(claims.exp * 1000) : undefined });
  cookies.set(REFRESH_COOKIE, pair.refresh_token, { ...base, maxAge: REFRESH_MAX_AGE });
}

export function clearSessionCookies(cookies: AstroCookies): void {
  cookies.delete(ACCESS_COOKIE, { path: '/' });
  cookies.delete(REFRESH_COOKIE, { path: '/' });
}

/** True when the request came over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}
