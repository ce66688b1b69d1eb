import type { AstroCookies } from 'astro';

/**
 * The device cookie: a browser that signed in to an account before keeps a long-lived random
 * token (HttpOnly, never seen by page scripts). The API lets sign-ins that bring it past the
 * limits strangers can run up for the e-mail (server/accounts/rate-limit.ts).
 */
export const DEVICE_COOKIE = 'ewDevice';
const DEVICE_MAX_AGE = 365 * 24 * 60 * 60;

/** The request header the API reads it from and answers a new one in. */
export const DEVICE_HEADER = 'x-device-token';

export function deviceToken(cookies: AstroCookies): string | undefined {
  const value = cookies.get(DEVICE_COOKIE)?.value;
  return value && /^[\w-]{20,200}$/.test(value) ? value : undefined;
}

export function keepDeviceToken(cookies: AstroCookies, token: string | null, secure: boolean): void {
  if (!token || !/^[\w-]{20,200}$/.test(token)) return;
  cookies.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: DEVICE_MAX_AGE });
}
