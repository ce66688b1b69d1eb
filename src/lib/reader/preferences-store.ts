import { atom } from 'nanostores';
import { api } from '../http/browser.ts';
import { putReadingPreferences } from './preferences-api.ts';
import { DEFAULT_READING_PREFERENCES, type ReadingPreferences } from './preferences-rules.ts';
import { updateSpeed } from './reading-progress.ts';
import { persistedAtom } from '../persist/persisted.ts';

/** The reader's comfort settings, as the page was rendered with them and as changed since. */
export const $readingPreferences = atom<ReadingPreferences>(DEFAULT_READING_PREFERENCES);
/** True while a change waits to be saved on the server. */
export const $preferencesSaving = atom(false);
/** The reader's own reading speed on this device, in characters per minute (null until measured). */
export const $readingSpeed = persistedAtom<number | null>('readingSpeed', null);

const SAVE_DELAY_MS = 500;
let timer: ReturnType<typeof setTimeout> | null = null;
let saving: Promise<void> = Promise.resolve();
let onFailure: ((error: unknown) => void) | undefined;

/** Starts from the settings the server gave the page. */
export function initReadingPreferences(initial: ReadingPreferences | null | undefined): void {
  if (initial) $readingPreferences.set(initial);
}

/** Changes some settings now and saves the whole set on the server shortly after (several changes, one call). */
export function changeReadingPreferences(patch: Partial<ReadingPreferences>, failed?: (error: unknown) => void): void {
  $readingPreferences.set({ ...$readingPreferences.get(), ...patch });
  onFailure = failed;
  $preferencesSaving.set(true);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushReadingPreferences(), SAVE_DELAY_MS);
}

/** Saves a pending change at once (before leaving the reader). */
export function flushReadingPreferences(): Promise<void> {
  if (!timer) return saving;
  clearTimeout(timer);
  timer = null;
  const sent = $readingPreferences.get();
  saving = saving
    .then(() => putReadingPreferences(api, sent))
    .then(
      () => {
        if ($readingPreferences.get() === sent) $preferencesSaving.set(false);
      },
      (error: unknown) => {
        $preferencesSaving.set(false);
        onFailure?.(error);
      },
    );
  return saving;
}

/** Notes `locations` EPUB locations read in `seconds`, refining the reading speed. */
export function noteReading(locations: number, seconds: number): void {
  const next = updateSpeed($readingSpeed.get(), locations, seconds);
  if (next !== $readingSpeed.get()) $readingSpeed.set(next);
}

/**
 * When the page goes away with a change not yet saved, it is sent anyway (a request the browser
 * keeps alive after the page is gone).
 */
export function saveReadingPreferencesOnExit(): () => void {
  const onHide = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    void fetch('/webhook/reading-preferences', {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify($readingPreferences.get()),
    }).catch(() => {});
  };
  window.addEventListener('pagehide', onHide);
  return () => window.removeEventListener('pagehide', onHide);
}
