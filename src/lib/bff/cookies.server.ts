import type { AstroCookies } from 'astro';
import type { TokenPair } from '../auth/schema.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../contract/cookies.ts';

// The names are shared with the web server's page cache (src/lib/contract/cookies.ts).
export { ACCESS_COOKIE, REFRESH_COOKIE };

const REFRESH_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * Stores a token pair in HttpOnly cookies that live equally long: the browser sends both or neither.
 * The access cookie outlives its token, which the server renews when it finds it expired; a request
 * with only one of the two comes from a browser whose session was cleared (see renewableSession).
 */
export function setSessionCookies(cookies: AstroCookies, pair: Pick<TokenPair, 'access_token' | 'refresh_token'>, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: REFRESH_MAX_AGE };
  cookies.set(ACCESS_COOKIE, pair.access_token, base);
  cookies.set(REFRESH_COOKIE, pair.refresh_token, base);
}

/**
 * The refresh token of the session this request carries, only when it carries the whole session:
 * both cookies. A request with the refresh cookie but without the access cookie comes from a browser
 * that cleared its session (or an answer racing that clearing); renewing it would set the cookies
 * again and sign the browser back in, so such a request is not renewed.
 */
export function renewableSession(cookies: Pick<AstroCookies, 'get'>): string | null {
  const access = cookies.get(ACCESS_COOKIE)?.value;
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  return access && refresh ? refresh : null;
}

export function clearSessionCookies(cookies: AstroCookies): void {
  cookies.delete(ACCESS_COOKIE, { path: '/' });
  cookies.delete(REFRESH_COOKIE, { path: '/' });
}

/** True when the request came over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}
