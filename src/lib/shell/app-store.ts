import { atom } from 'nanostores';
import type { WritableAtom } from 'nanostores';
import type { MenuGroup, Profile } from './schema.ts';
import { clearPersisted, persistedAtom } from '../persist/persisted.ts';

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

// Persisted in this browser, so they outlive a reload (spec 03 §9.1). Names are the logical keys;
// storage only sees hashes.

/** The signed-in user's profile as last read, so the header and greeting show it before a request. */
export const $profile = persistedAtom<Profile | null>('profile', null);
/** The app menu's entries as the server last listed them for this user. */
export const $menuApps = persistedAtom<MenuGroup[]>('menuApps', []);
/** The reading position not yet synced. */
export const $readingProgress = persistedAtom<ReadingProgressEntry | null>('readingProgress', null);
/** Bookmarks not yet synced. */
export const $bookmarks = persistedAtom<StoredBookmark[]>('bookmarks', []);
/** Time per page not yet synced. */
export const $readingDuration = persistedAtom<ReadingDurations | null>('readingDuration', null);

// In memory only: gone on reload.

const memoryResets: (() => void)[] = [];

function memoryAtom<T>(initial: T): WritableAtom<T> {
  const store = atom<T>(initial);
  memoryResets.push(() => store.set(initial));
  return store;
}

/** True while a book is open in the reader (set when it opens, cleared when the reader is left). */
export const $fromReader = memoryAtom(false);
/** The time per page last sent to the server. */
export const $lastReadingDuration = memoryAtom<ReadingDurations | null>(null);

/** Forgets everything this browser holds for the user (on logout): stored and in-memory state. */
export function resetClientState(): void {
  clearPersisted();
  for (const reset of memoryResets) reset();
}
