
import { api } from '../http/browser.ts';
import { saveCollectionAccess } from './api.ts';

/*
 * The players' calls: the place reached is saved when playback pauses and when the page is left
 * (collection-access-history, spec 03 §2.3–2.4), and the gate's join.
 */

let lastSaved = new Map<string, number>();

/** Saves the place reached (whole seconds); the same place twice is sent once. */
export async function savePosition(collectionId: string, seconds: number): Promise<void> {
  const progress = Math.max(0, Math.floor(seconds));
  if (lastSaved.get(collectionId) === progress) return;
  lastSaved.set(collectionId, progress);
  try {
    await saveCollectionAccess(api, { epustaka_collection_id: collectionId, progress });
  } catch {
    lastSaved.delete(collectionId);
  }
}

/** Saves as the page goes away: a request the browser finishes after the page is gone. */
export function savePositionOnLeave(collectionId: string, seconds: number): void {
  const progress = Math.max(0, Math.floor(seconds));
  if (lastSaved.get(collectionId) === progress) return;
  lastSaved.set(collectionId, progress);
  void fetch('/webhook/collection-access-history', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ epustaka_collection_id: collectionId, progress }),
  }).catch(() => lastSaved.delete(collectionId));
}

