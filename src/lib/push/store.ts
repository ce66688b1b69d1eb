import { api } from '../http/browser.ts';
import type { Lang } from '../contract/lang.ts';
import { fetchPushKey, removePushSubscription, savePushSubscription } from './api.ts';

/*
 * The push control's calls: the server's public key, and this browser's subscription saved or
 * removed. The subscription itself lives in the browser's push manager, not in a store.
 */

/** The server's public VAPID key, which a new subscription is made with. */
export function pushKey(): Promise<string> {
  return fetchPushKey(api);
}

/** Saves this browser's subscription, with the language its messages are to be written in. */
export function subscribePush(subscription: PushSubscriptionJSON, lang: Lang): Promise<void> {
  return savePushSubscription(api, subscription, lang);
}

/** Removes this browser's subscription from the server. */
export function unsubscribePush(endpoint: string): Promise<void> {
  return removePushSubscription(api, endpoint);
}
