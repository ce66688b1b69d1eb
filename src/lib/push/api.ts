import type { HttpClient } from '../http/http.ts';
import type { ItemBody } from '../contract/common.ts';
import type { PushKey } from './schema.ts';
import type { Lang } from '../contract/lang.ts';

/* Web Push calls: the server's public key, and the push token (spec 01 §7.1 `webhook/fcm-token`). */

/** GET webhook/push-key: the public VAPID key (base64url) to subscribe with. */
export async function fetchPushKey(http: HttpClient): Promise<string> {
  return (await http.get<ItemBody<PushKey>>('webhook/push-key')).data.public_key;
}

/** PATCH webhook/fcm-token: the browser's subscription (its toJSON() as text), with the language of its texts. */
export async function savePushSubscription(http: HttpClient, subscription: PushSubscriptionJSON, lang: Lang): Promise<void> {
  await http.patch('webhook/fcm-token', { fcm_token: JSON.stringify(subscription), lang });
}

/** DELETE webhook/fcm-token: this browser gets no more pushes for the signed-in user. */
export async function removePushSubscription(http: HttpClient, endpoint: string): Promise<void> {
  await http.delete('webhook/fcm-token', { endpoint });
}
