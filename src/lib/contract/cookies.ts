/*
 * The names of the cookies that carry a session. The web app sets and reads them (src/lib/bff/cookies.server.ts);
 * the web server's shared page cache never answers a request that carries one (server/web/shared-cache.ts).
 * Both read them here, so a renamed cookie cannot let a signed-in page into the shared cache.
 */

/** The HttpOnly cookie that holds the access token; it keeps the name the spec gives it. */
export const ACCESS_COOKIE = 'ewAccessToken';

/** The HttpOnly cookie that holds the refresh token, set and cleared together with the access cookie. */
export const REFRESH_COOKIE = 'ewRefreshToken';

/** Every cookie that marks a signed-in visitor. */
export const SESSION_COOKIES: readonly string[] = [ACCESS_COOKIE, REFRESH_COOKIE];
