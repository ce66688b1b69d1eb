import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Queryable } from '../db/client.ts';
import type { ApiDeps } from '../deps.ts';
import type { AuthEnv } from '../http/auth-guard.ts';
import { clientIp } from '../accounts/rate-limit.ts';
import type { WriteAction } from './settings.ts';
import { takeSlots, TooManyRequestsError } from './throttle.ts';

/*
 * The limits on what reaches other people (README "Limits"), all through the shared throttle.
 * A write is checked before anything is stored, so a refused one leaves nothing behind.
 */

/**
 * Counts one `action` of the signed-in caller against the account's and the address's allowance
 * for the window; throws 429 `too_many_requests` with `Retry-After` once either is used up.
 */
export async function limitWrite(deps: ApiDeps, c: Context<AuthEnv>, action: WriteAction): Promise<void> {
  const limits = deps.config.limits;
  const ip = clientIp(c);
  const wait = await takeSlots(
    deps.db,
    `write:${action}`,
    [
      { client: `user:${c.get('caller').user.id}`, max: limits.perUser[action] },
      { client: ip ? `ip:${ip}` : null, max: limits.perAddress[action] },
    ],
    limits.windowSeconds,
    deps.now(),
  );
  if (wait !== null) throw new TooManyRequestsError(wait);
}

/** {@link limitWrite} as a middleware, placed after `requireCaller`. */
export function writeLimit(deps: ApiDeps, action: WriteAction) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    await limitWrite(deps, c, action);
    await next();
  });
}

/**
 * Whether `senderId` may still notify `recipientId` this clock hour, counting this one when so.
 * Runs in the transaction that makes the notification, so a rolled-back change uses nothing.
 */
export async function allowNotification(deps: ApiDeps, tx: Queryable, senderId: string, recipientId: string): Promise<boolean> {
  const max = deps.config.limits.notificationsPerSenderPerHour;
  return (await takeSlots(tx, 'notify', [{ client: `${senderId}>${recipientId}`, max }], 3600, deps.now())) === null;
}

/** Counts one QR scan against the address's allowance; throws 429 once it is used up. */
export async function limitQrScans(deps: ApiDeps, c: Context): Promise<void> {
  const limits = deps.config.limits;
  const ip = clientIp(c);
  const wait = await takeSlots(deps.db, 'qr_scan', [{ client: ip ? `ip:${ip}` : null, max: limits.qrScansPerAddress }], limits.windowSeconds, deps.now());
  if (wait !== null) throw new TooManyRequestsError(wait);
}
