import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from './rules.ts';

/* Web Push subscriptions, stored through the push-token call (spec 01 §3 "FCM token payload", §7.1). */

/** base64url text (no padding needed) of `bytes` bytes. */
const base64urlOf = (bytes: number, error: string) =>
  z
    .string({ error })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, { error });

/** A browser's PushSubscription as `toJSON()` gives it; PATCH webhook/fcm-token carries it as JSON text. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: 'invalid_push_endpoint' }).max(PUSH_ENDPOINT_MAX, { error: 'invalid_push_endpoint' }).pipe(z.url({ protocol: /^https?$/, error: 'invalid_push_endpoint' })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 public key and a 16-byte secret (RFC 8291).
      p256dh: base64urlOf(65, 'invalid_push_keys'),
      auth: base64urlOf(16, 'invalid_push_keys'),
    },
    { error: 'invalid_push_keys' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE webhook/fcm-token: removes one of the caller's subscriptions. */
export const pushTokenRemoveSchema = z.object({
  endpoint: z.string({ error: 'invalid_push_endpoint' }).min(1, { error: 'invalid_push_endpoint' }).max(PUSH_ENDPOINT_MAX, { error: 'invalid_push_endpoint' }),
});

/** GET webhook/push-key: the server's public VAPID key (base64url), for pushManager.subscribe. */
export interface PushKey {
  public_key: string;
}
