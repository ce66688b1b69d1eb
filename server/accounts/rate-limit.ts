import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/errors.ts';
import type { ApiDeps } from '../deps.ts';
import { accountSettings } from './settings.ts';
import * as repo from './repository.ts';

/*
 * Sign-in throttling: after too many failed password checks for one e-mail (whether or not it is
 * registered, so the answer tells nothing) or from one client address within the window, password
 * checks are refused with 429 `too_many_attempts` and a Retry-After until the oldest failure of
 * the window ages out. A successful sign-in clears the e-mail's failures.
 */

export class TooManyAttemptsError extends ApiError {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super(429, 'too_many_attempts', `Too many failed attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`);
    this.retryAfter = retryAfter;
  }
}

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

/** Throws {@link TooManyAttemptsError} while the e-mail or the address is over its limit. */
export async function assertLoginAllowed(deps: ApiDeps, email: string, ip: string | null): Promise<void> {
  const settings = accountSettings(deps);
  const now = deps.now();
  const windowMs = settings.loginWindowSeconds * 1000;
  const counts = await repo.countLoginFailures(deps.db, email, ip, new Date(now.getTime() - windowMs));
  let until = 0;
  if (counts.email >= settings.loginFailuresPerEmail && counts.emailOldest) until = Math.max(until, counts.emailOldest.getTime() + windowMs);
  if (ip && counts.ip >= settings.loginFailuresPerIp && counts.ipOldest) until = Math.max(until, counts.ipOldest.getTime() + windowMs);
  if (until > now.getTime()) throw new TooManyAttemptsError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
}

export async function recordLoginFailure(deps: ApiDeps, email: string, ip: string | null): Promise<void> {
  const settings = accountSettings(deps);
  const now = deps.now();
  await repo.recordLoginFailure(deps.db, email, ip, now);
  // Rows older than a day can never count again.
  if (Math.random() < 0.05) await repo.pruneLoginFailures(deps.db, new Date(now.getTime() - Math.max(settings.loginWindowSeconds * 1000, 86_400_000)));
}

export async function clearLoginFailures(deps: ApiDeps, email: string): Promise<void> {
  await repo.clearLoginFailures(deps.db, email);
}

/** Answers a {@link TooManyAttemptsError} with its Retry-After header. */
export function tooManyAttemptsResponse(c: Context, error: TooManyAttemptsError): Response {
  return c.json({ errors: [{ code: error.code, message: error.message, retry_after: error.retryAfter }] }, 429, { 'Retry-After': String(error.retryAfter) });
}

/**
 * Throttles POST auth/login (mounted in front of the auth router): refuses while over the limit,
 * then records a 401 as a failure and a 200 as a success.
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
    try {
      await assertLoginAllowed(deps, email, ip);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) return tooManyAttemptsResponse(c, error);
      throw error;
    }
    await next();
    if (c.res.status === 401) await recordLoginFailure(deps, email, ip);
    else if (c.res.status === 200) await clearLoginFailures(deps, email);
  });
}
