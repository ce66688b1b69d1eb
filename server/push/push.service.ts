import webpush from 'web-push';
import { conflict, badRequest, notFound } from '../http/errors.ts';
import { accountSettings } from '../accounts/settings.ts';
import { onNotification } from '../notifications/notify.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../src/lib/push/rules.ts';
import { isSafeNotificationLink } from '../../src/lib/notifications/rules.ts';
import { pushSubscriptionSchema, type PushSubscriptionInput } from '../../src/lib/push/schema.ts';
import { DEFAULT_LANG, type Lang } from '../../src/lib/contract/lang.ts';
import { setSessionFcmToken } from '../auth/repository.ts';
import { assertStorableText, check } from '../http/validate.ts';
import type { Caller } from '../http/auth-guard.ts';
import type { ApiDeps } from '../deps.ts';
import type { Db } from '../db/client.ts';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';
import { pushPayload } from './push-texts.ts';
import { endpointRefusal, postPush } from './push-endpoint.ts';
import type { Resolve } from './push-address.ts';
import type { PushSettings } from './settings.ts';
import {
  claimPendingPushes,
  deleteSubscriptionById,
  clearSessionPushToken,
  deleteUserSubscription,
  pruneDeliveries,
  trimSubscriptions,
  upsertSubscription,
  type PendingPush,
} from './push.repository.ts';

/** Notifications older than this are never pushed (a server that was down does not replay them). */
const CLAIM_WINDOW_MINUTES = 15;
/** A notification whose transaction commits late is still pushed within this time. */
const SWEEP_INTERVAL_MS = 30_000;
/** How long the push service keeps a push for an offline device. */
const PUSH_TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;
/** When to look for new notifications after one is made. */
const SWEEP_DELAYS_MS = [50, 1000, 5000];

const keysOf = new WeakMap<object, Promise<VapidKeys>>();

/** The VAPID keys of this API (set by startWebPush; else read from the environment or the database). */
export function vapidKeys(deps: ApiDeps): Promise<VapidKeys> {
  let keys = keysOf.get(deps);
  if (!keys) {
    keys = loadVapidKeys(deps.db, undefined);
    keysOf.set(deps, keys);
    keys.catch(() => keysOf.delete(deps));
  }
  return keys;
}

/**
 * Push endpoints are https URLs of the push services in PUSH_SERVICE_HOSTS (never an address the
 * server could be made to post into its own network with); the tests' loopback receiver only with
 * PUSH_ALLOW_LOOPBACK.
 */
function assertEndpointAllowed(endpoint: string, settings: PushSettings): void {
  if (endpointRefusal(endpoint, settings) === null) return;
  throw badRequest('invalid_push_endpoint', 'The push endpoint must be an https URL of a browser push service.', 'fcm_token');
}

/** The Web Push subscription a push token carries as JSON text; null for any other token. */
function webPushSubscriptionOf(token: string): PushSubscriptionInput | null {
  if (!token.startsWith('{')) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(token);
  } catch {
    throw badRequest('invalid_push_keys', 'The push subscription is not valid JSON.', 'fcm_token');
  }
  // JSON inside the token may spell text no column can store (a lone surrogate as \ud83d).
  assertStorableText(raw, 'fcm_token');
  return check(pushSubscriptionSchema, raw);
}

/**
 * PATCH webhook/fcm-token: keeps the caller's push token on their session and, when it is a Web
 * Push subscription, stores it so their notifications are pushed to this browser while the session
 * lasts. An endpoint held by another user's live session is refused (neither taken over nor
 * changed); once that session has ended, the browser may be subscribed again by whoever signs in.
 * Each user keeps their newest PUSH_SUBSCRIPTIONS_PER_USER browsers.
 */
export async function savePushToken(deps: ApiDeps, caller: Caller, token: string, lang: Lang | undefined): Promise<void> {
  const subscription = webPushSubscriptionOf(token);
  if (subscription) assertEndpointAllowed(subscription.endpoint, deps.config.push);
  await deps.db.transaction(async (tx) => {
    if (subscription) {
      const { endpoint, keys } = subscription;
      const row = await upsertSubscription(tx, { userId: caller.user.id, sessionId: caller.sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth, lang: lang ?? DEFAULT_LANG });
      if (!row) throw conflict('push_endpoint_taken', 'This browser receives the notifications of another account. Sign that account out on it first.');
      await trimSubscriptions(tx, caller.user.id, PUSH_SUBSCRIPTIONS_PER_USER);
    }
    await setSessionFcmToken(tx, caller.sessionId, token);
  });
}

/** DELETE webhook/fcm-token: removes one of the caller's subscriptions; another user's is not found. */
export async function removeSubscription(deps: ApiDeps, userId: string, endpoint: string) {
  await deps.db.transaction(async (tx) => {
    const session = await deleteUserSubscription(tx, userId, endpoint);
    if (!session) throw notFound('push_subscription_not_found', 'This browser has no notifications of yours turned on.');
    await clearSessionPushToken(tx, session, endpoint);
  });
  return { removed: true };
}

/** The `sub` claim of the VAPID token: VAPID_SUBJECT, the site's https URL or the sender address. */
function vapidSubject(deps: ApiDeps): string {
  if (process.env.VAPID_SUBJECT) return process.env.VAPID_SUBJECT;
  const settings = accountSettings(deps);
  if (settings.publicUrl.startsWith('https://')) return settings.publicUrl;
  const address = /<([^>]+)>/.exec(settings.mailFrom)?.[1] ?? settings.mailFrom;
  return `mailto:${address}`;
}

/**
 * Sends one push; a subscription the push service no longer knows (404/410) is deleted. An endpoint
 * that is no longer allowed, or whose name resolves to an address a push may not go to, gets nothing.
 */
async function send(deps: ApiDeps, keys: VapidKeys, push: PendingPush, resolve: Resolve | undefined): Promise<void> {
  const payload = pushPayload(push, push.lang);
  if (!isSafeNotificationLink(payload.link)) payload.link = '/notifications-detail';
  const request = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: vapidSubject(deps), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  const res = await postPush(
    request.endpoint,
    { method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null, timeoutMs: SEND_TIMEOUT_MS },
    deps.config.push,
    resolve,
  );
  if (res.status === 404 || res.status === 410) {
    await deleteSubscriptionById(deps.db, push.subscription_id);
  } else if (res.status < 200 || res.status >= 300) {
    console.warn(`[push] the push service answered ${res.status} for ${new URL(push.endpoint).host}`);
  }
}

/**
 * Pushes every committed, not yet pushed notification of a subscribed user. Never throws.
 * @param options.resolve the name lookup of the push connections (tests); the system's by default
 */
export async function deliverPendingPushes(deps: ApiDeps, options: { db?: Db; resolve?: Resolve } = {}): Promise<number> {
  try {
    const keys = await vapidKeys(deps);
    const pending = await claimPendingPushes(options.db ?? deps.db, CLAIM_WINDOW_MINUTES);
    await Promise.all(
      pending.map((push) =>
        send(deps, keys, push, options.resolve).catch((error: Error) => console.warn(`[push] a push could not be sent: ${error.message}`)),
      ),
    );
    return pending.length;
  } catch (error) {
    console.warn('[push] pushing notifications failed', error);
    return 0;
  }
}

/**
 * Web Push for this API: loads the VAPID keys (into `keyFile` on first start when given) and, after
 * each notification, pushes it to the user's browsers once its transaction has committed (sweeps
 * shortly after, and every SWEEP_INTERVAL_MS for late commits). Answers the function that stops it.
 */
export async function startWebPush(deps: ApiDeps, options: { keyFile?: string; resolve?: Resolve } = {}): Promise<() => void> {
  const keys = loadVapidKeys(deps.db, options.keyFile);
  keysOf.set(deps, keys);
  await keys;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => deliverPendingPushes(deps, { resolve: options.resolve }));
  };
  // Shortly after the notification (its transaction has usually committed by then), and again a
  // little later for a longer transaction.
  const soon = () => {
    for (const delay of SWEEP_DELAYS_MS) {
      if (timers.has(delay)) continue;
      const timer = setTimeout(() => {
        timers.delete(delay);
        sweep();
      }, delay);
      timer.unref?.();
      timers.set(delay, timer);
    }
  };
  const stopListening = onNotification(soon);
  const interval = setInterval(() => {
    sweep();
    running = running.then(() => pruneDeliveries(deps.db, CLAIM_WINDOW_MINUTES * 4).catch(() => {}));
  }, SWEEP_INTERVAL_MS);
  interval.unref?.();
  return () => {
    stopListening();
    clearInterval(interval);
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
