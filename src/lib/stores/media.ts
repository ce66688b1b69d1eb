import type { TFunction } from 'i18next';
import { api } from '../api/browser.ts';
import { saveCollectionAccess } from '../api/media.ts';
import { joinEpustaka } from '../api/catalogue.ts';
import { notify, notifyError } from './shell.ts';

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

/** For tests of the store: forget what was sent. */
export function resetSavedPositions(): void {
  lastSaved = new Map();
}

/**
 * Joins the ePustaka from the gate: true when the user is an active member now (the page then
 * loads again with the player); a private ePustaka waits for approval, which is said.
 */
export async function joinForMedia(t: TFunction, epustaka: { id: string; epustaka_name: string }, userId: string): Promise<boolean> {
  try {
    const joined = await joinEpustaka(api, { epustaka_id: epustaka.id, user_ids: [userId] });
    if (joined.member_status === 1) return true;
    notify('info', t('media.gate.pendingNotice', { epustaka: epustaka.epustaka_name }));
    return false;
  } catch (error) {
    notifyError(t, error);
    return false;
  }
}
