import { atom, map } from 'nanostores';
import { api } from '../http/browser.ts';
import { fetchOfflineBook } from './api.ts';
import type { SavedBook } from './rules.ts';
import { askToPersist, listSavedBooks, pruneShell, removeSavedBook, saveBook, storageEstimate, trackSave, type SaveProgress } from './save.ts';

/** The books saved on this device; null until read. */
export const $savedBooks = atom<SavedBook[] | null>(null);
/** This site's storage use and quota, when the browser says. */
export const $storage = atom<{ usage: number; quota: number } | null>(null);
/** Saves running now, by book: bytes done of the total. */
export const $saving = map<Record<string, SaveProgress | undefined>>({});

const controllers = new Map<string, AbortController>();

/** Reads the saved books and the storage use again. */
export async function refreshSavedBooks(): Promise<void> {
  const [books, storage] = await Promise.all([listSavedBooks(), storageEstimate()]);
  $savedBooks.set(books);
  $storage.set(storage);
}

/** The size of what saving `bookId` fetches, in bytes (asks the server which files it has). */
export async function offlineSize(bookId: string): Promise<number> {
  return (await fetchOfflineBook(api, bookId)).total_bytes;
}

/**
 * Saves a book for offline reading with its progress in {@link $saving}. Resolves true when saved,
 * false when cancelled; rejects when it failed. Either way nothing half-saved stays.
 */
export async function saveForOffline(bookId: string): Promise<boolean> {
  if (controllers.has(bookId)) return false;
  const controller = new AbortController();
  controllers.set(bookId, controller);
  $saving.setKey(bookId, { done: 0, total: 0 });
  try {
    const book = await fetchOfflineBook(api, bookId);
    $saving.setKey(bookId, { done: 0, total: book.total_bytes });
    await trackSave(bookId, saveBook(book, { signal: controller.signal, onProgress: (progress) => $saving.setKey(bookId, progress) }));
    void askToPersist();
    return true;
  } catch (error) {
    if (controller.signal.aborted) return false;
    throw error;
  } finally {
    controllers.delete(bookId);
    $saving.setKey(bookId, undefined);
    await tidy();
  }
}

/** Stops a running save (what was fetched is deleted). */
export function cancelSave(bookId: string): void {
  controllers.get(bookId)?.abort();
}

/** Deletes a saved book from this device. */
export async function removeFromDevice(bookId: string): Promise<void> {
  await removeSavedBook(bookId);
  await tidy();
}

/** After a save or a removal: the shell bucket keeps only what the saved books need, then the list is read again. */
async function tidy(): Promise<void> {
  await pruneShell().catch((error) => console.warn('The kept assets could not be tidied', error));
  await refreshSavedBooks();
}
