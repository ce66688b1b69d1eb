import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { isSilentError } from '../http/errors.ts';
import { notify, notifyError } from '../shell/store.ts';
import { searchBooks } from '../people/api.ts';
import * as calls from './api.ts';
import type { ClassRecommendation } from './schema.ts';

/*
 * Recommending a book to a class, in the browser: the class's recommendations as the server last
 * answered (seeded by the page, read again after each recommendation), and the catalogue search
 * that picks the book.
 */

/** The recommendations of the class shown, as last read again; null until then (the page's own list shows). */
export const $recommendations = atom<ClassRecommendation[] | null>(null);

/** Shows a failed call: this feature's own text for its codes, the common one otherwise. */
function notifyReadingError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  const code = (error as { code?: string } | null)?.code;
  const own = code ? t(`classReading.errors.${code}`, { defaultValue: '' }) : '';
  if (own) notify('error', own);
  else notifyError(t, error);
}

/** Recommends `bookId` to the class; answers true when every student was told. */
export async function recommendBook(t: TFunction, classId: string, bookId: string): Promise<boolean> {
  try {
    const result = await calls.postClassRecommendation(api, { class_id: classId, book_id: bookId });
    notify('success', t('classReading.recommend.done', { count: result.notified }));
  } catch (error) {
    notifyReadingError(t, error);
    return false;
  }
  try {
    $recommendations.set((await calls.getClassReading(api, { class_id: classId, limit: 1 })).data.recommendations);
  } catch (error) {
    // The recommendation stands; the list shows it after the next load.
    console.warn('The recommendations could not be read again', error);
  }
  return true;
}

/** Catalogue books matching `q`, to choose the one to recommend; empty after a failure, which is shown. */
export async function findBooks(t: TFunction, q: string): Promise<{ id: string; title: string; author: string | null }[]> {
  try {
    const { data } = await searchBooks(api, { q, limit: 8 });
    return data.map((b) => ({ id: b.id, title: b.book_title, author: b.book_author }));
  } catch (error) {
    notifyReadingError(t, error);
    return [];
  }
}
