import { atom, computed } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { isSilentError } from '../http/errors.ts';
import { fetchMenu } from './api.ts';
import type { MenuEntry, MenuGroup } from './schema.ts';
import { errorText } from '../i18n/errors.ts';
import { $menuApps } from './app-store.ts';
import { builtEntries } from '../site/built-pages.ts';

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface Popup {
  title: string;
  body: string;
  confirmLabel?: string;
}

/** How long a notification stays on screen (spec 03 §9). */
export const TOAST_DURATION_MS = 3000;

/** Notifications shown bottom-right, oldest first. */
export const $toasts = atom<Toast[]>([]);

/** The popup modal of the signed-in layout, or null when closed. */
export const $popup = atom<Popup | null>(null);

/** True while the app menu is being fetched. */
export const $menuLoading = atom(false);

/** True when the last menu fetch failed. */
export const $menuFailed = atom(false);

/** The app menu as one list: every group's `android_menu`, in order. */
export const $menuEntries = computed($menuApps, (groups) => flattenMenu(groups));

let lastToastId = 0;

/** Shows a notification for 3 seconds; returns its id. */
export function notify(kind: ToastKind, text: string): number {
  const id = ++lastToastId;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Shows a failed request as a translated error notification. A 401 that the session refresh
 * handles is not shown (spec 03 §8).
 */
export function notifyError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  notify('error', errorText(t, error as { code?: string; message?: string } | null));
}

export function openPopup(popup: Popup): void {
  $popup.set(popup);
}

export function closePopup(): void {
  $popup.set(null);
}

/** The entries of all menu groups whose page exists here, in order. */
export function flattenMenu(groups: readonly MenuGroup[] | null | undefined): MenuEntry[] {
  return builtEntries((groups ?? []).flatMap((group) => group.android_menu ?? []));
}

let menuRequest: Promise<void> | null = null;

/** Fetches the app menu into the persisted cache; a failure is logged and leaves the cache as it was. */
export function loadMenu(): Promise<void> {
  menuRequest ??= (async () => {
    $menuLoading.set(true);
    $menuFailed.set(false);
    try {
      $menuApps.set(await fetchMenu(api));
    } catch (error) {
      $menuFailed.set(true);
      console.error('The app menu could not be loaded', error);
    } finally {
      $menuLoading.set(false);
      menuRequest = null;
    }
  })();
  return menuRequest;
}

/** Loads the menu when nothing is cached, and again on every visit to / (spec 01 §2.3). */
export function syncMenu(path: string): Promise<void> {
  return path === '/' || flattenMenu($menuApps.get()).length === 0 ? loadMenu() : Promise.resolve();
}
