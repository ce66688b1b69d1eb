import { atom } from 'nanostores';
import type { WritableAtom } from 'nanostores';
import type { MenuGroup, Profile } from './schema.ts';
import type { Lang } from '../i18n/index.ts';
import { clearPersisted, persistedAtom } from '../persist/persisted.ts';

/** What the page knows of the session: facts for rendering only, never a token. */
export interface AuthFacts {
  verified: boolean;
  role: number | null;
}

/** A reader's position in a book, kept until it is synced (spec 02 §3). */
export interface ReadingProgressEntry {
  book_id: string;
  reading_id?: string;
  book_title?: string;
  last_page: number;
  total_page: number;
  platform_info: string;
  epub_read_locator?: string;
}

/** A bookmark kept until it is synced; `id` is dropped before the sync (spec 02 §3). */
export interface StoredBookmark {
  id?: string;
  book_id: string;
  user_id?: string;
  bookmark_label?: string;
  description?: string;
  page: number;
  title?: string;
}

/** Seconds spent per page of a book, kept until they are synced (spec 02 §3). */
export interface ReadingDurations {
  book_id: string;
  page_duration: { page: number; duration: number }[];
}

// Persisted in this browser (spec 03 §9.1). Names are the logical keys; storage only sees hashes.

export const $auth = persistedAtom<AuthFacts>('auth', { verified: false, role: null });
export const $profile = persistedAtom<Profile | null>('profile', null);
export const $feed = persistedAtom<unknown[]>('feed', []);
export const $tabKey = persistedAtom<string>('tabKey', '1');
export const $tabActive = persistedAtom<string>('tabActive', '1');
export const $config = persistedAtom<Record<string, unknown>>('config', {});
export const $roles = persistedAtom<unknown[]>('roles', []);
export const $schools = persistedAtom<unknown[]>('schools', []);
export const $epustakaDetail = persistedAtom<Record<string, unknown> | null>('epustakaDetail', null);
export const $menuApps = persistedAtom<MenuGroup[]>('menuApps', []);
export const $routeHistory = persistedAtom<string[]>('routeHistory', []);
export const $previousPath = persistedAtom<string | null>('previousPath', null);
export const $switchActive = persistedAtom<string | null>('switchActive', null);
export const $filterOptions = persistedAtom<Record<string, unknown>>('filterOptions', {});
export const $readingProgress = persistedAtom<ReadingProgressEntry | null>('readingProgress', null);
export const $bookmarks = persistedAtom<StoredBookmark[]>('bookmarks', []);
export const $readingDuration = persistedAtom<ReadingDurations | null>('readingDuration', null);
export const $donationMenu = persistedAtom<string>('donationMenu', '1');
export const $langActive = persistedAtom<Lang>('langActive', 'id');

// In memory only: gone on reload.

const memoryResets: (() => void)[] = [];

function memoryAtom<T>(initial: T): WritableAtom<T> {
  const store = atom<T>(initial);
  memoryResets.push(() => store.set(initial));
  return store;
}

export const $timelineFlags = memoryAtom({ refresh: false, refreshLike: false });
export const $search = memoryAtom<{ value: string; data: unknown[] }>({ value: '', data: [] });
export const $fromReader = memoryAtom(false);
export const $lastReadingDuration = memoryAtom<ReadingDurations | null>(null);
export const $notificationRequest = memoryAtom<Record<string, unknown> | null>(null);
export const $tryoutFilter = memoryAtom({ filter: '000', limit: 12 });

/** Forgets everything this browser holds for the user (on logout): stored and in-memory state. */
export function resetClientState(): void {
  clearPersisted();
  for (const reset of memoryResets) reset();
}
