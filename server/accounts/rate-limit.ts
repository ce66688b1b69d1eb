import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/errors.ts';
import { hashToken } from '../auth/tokens.ts';
import { findUserByEmail } from '../auth/repository.ts';
import type { ApiDeps } from '../deps.ts';
import { accountSettings } from './settings.ts';
import * as repo from './repository.ts';
import * as abuse from './abuse.repository.ts';
import { takeSlots } from '../limits/throttle.ts';

/*
 * Abuse limits of the account calls.
 *
 * Sign-in (and every other password check): failures are counted per e-mail (registered or not,
 * so the answer tells nothing) and per client address within the window. Once an e-mail has
 * had its allowance of failures, each further attempt must wait a delay after the last failure
 * that doubles with every failure (2 s, 4 s, ... up to `loginMaxDelaySeconds`): guessing slows
 * to a crawl, but nobody can lock the owner out. An address over its own allowance is refused
 * until its oldest failure ages out (it is the guesser's own address).
 *
 * A browser that signed in to the account before carries a long-lived device token (the web
 * server keeps it in an HttpOnly cookie). Its attempts skip both limits, so strangers failing for
 * the e-mail do not slow its owner down; its own failures count against that browser alone, and
 * after as many failures as an e-mail is allowed it is treated like any other browser.
 *
 * Registration and the e-mail check are counted per client address.
 */

export class TooManyAttemptsError extends ApiError {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    const wait = retryAfter < 120 ? `${retryAfter} second(s)` : `${Math.ceil(retryAfter / 60)} minute(s)`;
    super(429, 'too_many_attempts', `Too many attempts. Try again in ${wait}.`, { retryAfter });
    this.retryAfter = retryAfter;
  }
}

/** The header a client sends its device token in, and receives a new one in. */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** The client address: the last X-Forwarded-For hop (set by the web server), else the socket's. */
export function clientIp(c: Context): string | null {
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded) {
    const hops = forwarded.split(',').map((s) => s.trim()).filter(Boolean);
    if (hops.length) return hops[hops.length - 1]!.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

export function normalizeEmail(email: unknown): string | null {
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 320) : null;
}

/** The wait an e-mail with `failures` failures in the window needs after its last one, in seconds. */
export function emailDelaySeconds(failures: number, allowed: number, maxDelay: number): number {
  if (failures < allowed) return 0;
  return Math.min(maxDelay, 2 ** Math.min(30, failures - allowed + 1));
}

/** Throws {@link TooManyAttemptsError} while the e-mail must wait or the address is over its limit. */
export async function assertLoginAllowed(deps: ApiDeps, email: string, ip: string | null): Promise<void> {
  const settings = accountSettings(deps);
  const now = deps.now().getTime();
  const windowMs = settings.loginWindowSeconds * 1000;
  const counts = await repo.countLoginFailures(deps.db, email, ip, new Date(now - windowMs));
  let until = 0;
  const delay = emailDelaySeconds(counts.email, settings.loginFailuresPerEmail, settings.loginMaxDelaySeconds);
  if (delay > 0 && counts.emailNewest) until = counts.emailNewest.getTime() + delay * 1000;
  if (ip && counts.ip >= settings.loginFailuresPerIp && counts.ipOldest) until = Math.max(until, counts.ipOldest.getTime() + windowMs);
  if (until > now) throw new TooManyAttemptsError(Math.max(1, Math.ceil((until - now) / 1000)));
}

export async function recordLoginFailure(deps: ApiDeps, email: string, ip: string | null, deviceId: string | null = null): Promise<void> {
  const settings = accountSettings(deps);
  const now = deps.now();
  await repo.recordLoginFailure(deps.db, email, ip, now, deviceId);
  // Rows older than a day can never count again.
  if (Math.random() < 0.05) await repo.pruneLoginFailures(deps.db, new Date(now.getTime() - Math.max(settings.loginWindowSeconds * 1000, 86_400_000)));
}

export async function clearLoginFailures(deps: ApiDeps, email: string): Promise<void> {
  await repo.clearLoginFailures(deps.db, email);
}

/**
 * The trusted browser a device token names, when it belongs to the account of `email` and has
 * not used up its own allowance of failures; null otherwise.
 */
export async function trustedDevice(deps: ApiDeps, email: string, token: string | undefined): Promise<{ id: string; userId: string } | null> {
  if (!token || token.length > 200) return null;
  const now = deps.now();
  const device = await abuse.findTrustedDevice(deps.db, hashToken(token), now);
  if (!device) return null;
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.id !== device.user_id) return null;
  const settings = accountSettings(deps);
  const failures = await abuse.countDeviceFailures(deps.db, device.id, new Date(now.getTime() - settings.loginWindowSeconds * 1000));
  return failures < settings.loginFailuresPerEmail ? { id: device.id, userId: device.user_id } : null;
}

/**
 * Trusts the browser that just signed in to `userId`: renews its device token when it already
 * has one for this account, else issues a new one.
 * @returns the token the browser keeps.
 */
export async function rememberDevice(deps: ApiDeps, userId: string, token: string | undefined): Promise<string> {
  const now = deps.now();
  const expires = new Date(now.getTime() + accountSettings(deps).trustedDeviceDays * 86_400_000);
  if (token && token.length <= 200) {
    const device = await abuse.findTrustedDevice(deps.db, hashToken(token), now);
    if (device && device.user_id === userId) {
      await abuse.touchTrustedDevice(deps.db, device.id, now, expires);
      return token;
    }
  }
  const fresh = randomBytes(32).toString('base64url');
  await abuse.insertTrustedDevice(deps.db, userId, hashToken(fresh), now, expires);
  return fresh;
}

/** Answers a {@link TooManyAttemptsError} with its Retry-After header. */
export function tooManyAttemptsResponse(c: Context, error: TooManyAttemptsError): Response {
  return c.json({ errors: [{ code: error.code, message: error.message, retry_after: error.retryAfter }] }, 429, { 'Retry-After': String(error.retryAfter) });
}

/**
 * Throttles POST auth/login (mounted in front of the auth router): refuses while over the limit
 * (unless a trusted browser asks), then records a 401 as a failure; a 200 clears the e-mail's
 * failures and trusts the browser (its device token comes back in X-Device-Token).
 */
export function loginThrottle(deps: ApiDeps) {
  return createMiddleware(async (c, next) => {
    if (c.req.method !== 'POST') return next();
    let email: string | null = null;
    try {
      // Read as text: the route reads it again, and Hono serves it from its cache.
      email = normalizeEmail((JSON.parse(await c.req.text()) as { email?: unknown } | null)?.email);
    } catch {
      email = null;
    }
    if (!email) return next();
    const ip = clientIp(c);
    const token = c.req.header(DEVICE_TOKEN_HEADER);
    const device = await trustedDevice(deps, email, token);
    if (!device) {
      try {
        await assertLoginAllowed(deps, email, ip);
      } catch (error) {
        if (error instanceof TooManyAttemptsError) return tooManyAttemptsResponse(c, error);
        throw error;
      }
    }
    await next();
    if (c.res.status === 401) await recordLoginFailure(deps, email, ip, device?.id ?? null);
    else if (c.res.status === 200) {
      await clearLoginFailures(deps, email);
      const user = device ? { id: device.userId } : await findUserByEmail(deps.db, email);
      if (user) c.header('X-Device-Token', await rememberDevice(deps, user.id, token));
    }
  });
}

/**
 * Counts one request of `bucket` from the client address, refusing with 429 once the address
 * has made `max` within the window (the shared throttle, server/limits/throttle.ts). A request
 * with no known address is not counted.
 */
export async function throttleByAddress(deps: ApiDeps, bucket: string, ip: string | null, max: number): Promise<void> {
  const wait = await takeSlots(deps.db, bucket, [{ client: ip, max }], accountSettings(deps).loginWindowSeconds, deps.now());
  if (wait !== null) throw new TooManyAttemptsError(wait);
}
