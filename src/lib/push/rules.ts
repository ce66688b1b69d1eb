/*
 * Web Push: plain values shared by the server and the notification control (no schemas here, so
 * the island can import them).
 */

/** The longest push-service endpoint URL kept. */
export const PUSH_ENDPOINT_MAX = 1000;

/** At most this many browsers per user get pushes; a new one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** What a push carries, and nothing more: the notification's title, text and link. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}

/** The control's states: unsupported browser, permission denied, off, on. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The state of the control from what the browser reports. */
export function pushStateOf(options: { supported: boolean; permission: NotificationPermission | 'default'; subscribed: boolean }): PushState {
  if (!options.supported) return 'unsupported';
  if (options.permission === 'denied') return 'denied';
  return options.subscribed && options.permission === 'granted' ? 'on' : 'off';
}

/**
 * The VAPID public key (base64url) as the bytes pushManager.subscribe takes as applicationServerKey.
 */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The service worker the browser subscribes through. It imports the push handlers from
 * /sw-push.js (public/sw-push.js), so another worker can import them too.
 */
export const PUSH_SERVICE_WORKER = '/sw.js';
