import { atom, computed } from 'nanostores';
import { api } from '../http/browser.ts';
import { isFinalRefusal } from '../http/errors.ts';
import { fetchNavigation, postCitation, postReadingDurations, postReadingProgress, syncBookmarks } from './api.ts';
import type { BookNavigation, BookReadingData, CitationBody } from './schema.ts';
import { getBookDetail } from '../catalogue/api.ts';
import { addPageDuration, bookmarksForSync, offersLastRead, progressConflicts, toggleBookmark } from './reading.ts';
import { listSavedBooks } from '../offline/save.ts';
import { $bookmarks, $fromReader, $lastReadingDuration, $readingDuration, $readingProgress, type ReadingProgressEntry, type StoredBookmark } from '../shell/app-store.ts';

export type ReaderStatus = 'loading' | 'ready' | 'error';

/** Loading, then ready, or error (spec 02 §4.7). */
export const $readerStatus = atom<ReaderStatus>('loading');
/** What went wrong, for the log; the error screen shows the spec's fixed texts. */
export const $readerFailure = atom<unknown>(null);
/** The page (PDF) or location (EPUB) on screen, 1-based. */
export const $page = atom(1);
export const $pageCount = atom(0);
/** The book's bookmarks as the reader sees them. */
export const $bookBookmarks = atom<StoredBookmark[]>([]);
export const $currentBookmarked = computed([$bookBookmarks, $page], (list, page) => list.some((b) => b.page === page));
/** True while Back syncs before leaving. */
export const $leaving = atom(false);
/** Set when the progress held in this browser turns out to belong to another book or reading. */
export const $progressConflict = atom(false);
/** The book read last, when it is not this one and can still be read: the reader asks whether to continue it. */
export const $lastReadElsewhere = atom<ReadingProgressEntry | null>(null);
export const $navigation = atom<BookNavigation | null>(null);

interface Session {
  data: BookReadingData;
  /** When the reader arrived on the current page. */
  pageSince: number;
  /** Whether page time is being counted (the tab is visible). */
  counting: boolean;
  bookmarkTimer: ReturnType<typeof setTimeout> | null;
  unsubscribe: () => void;
}

let session: Session | null = null;

/** True when the browser knows it has no network. */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The open book's reading data. */
export function readerData(): BookReadingData | null {
  return session?.data ?? null;
}

/**
 * Prepares the reader for a book (spec 01 §4.7, spec 02 §4.7): takes the bookmarks and position an
 * earlier reading left in this browser when they are this book's, notes a different last-read
 * book when the reader came from a generic entry and that book can still be read (see
 * {@link offersLastRead}), starts syncing what was left (each part cleared once the server has it), and starts
 * watching for another tab taking over.
 * @returns the page to open at (before the page-count check).
 */
export function beginReading(data: BookReadingData, options: { genericEntry?: boolean } = {}): { lastpage: number; locator: string | null } {
  endReading();
  $readerStatus.set('loading');
  $readerFailure.set(null);
  $progressConflict.set(false);
  $lastReadElsewhere.set(null);
  $navigation.set(null);
  $page.set(1);
  $pageCount.set(data.pages);
  $fromReader.set(true);

  const pendingProgress = $readingProgress.get();
  const pendingBookmarks = $bookmarks.get().filter((b) => b.book_id === data.bookId);
  let lastpage = data.lastpage;
  let locator = data.epub_read_locator;
  if (pendingProgress?.book_id === data.bookId) {
    lastpage = pendingProgress.last_page;
    locator = pendingProgress.epub_read_locator ?? locator;
  } else if (pendingProgress && options.genericEntry) {
    void offerLastRead(pendingProgress, data).catch((error) => console.warn('The book read last could not be checked', error));
  }
  $bookBookmarks.set(pendingBookmarks.length > 0 ? pendingBookmarks : data.dataBookmark.map(({ id: _id, ...b }) => ({ ...b, bookmark_label: b.bookmark_label ?? undefined, description: b.description ?? undefined, title: b.title ?? undefined })));
  // Not awaited: the first page never waits for this.
  void syncPending(data.features).catch((error) => console.warn('Reading data left from an earlier session could not be synced yet', error));
  // Read offline (a saved book), what was kept here is sent as soon as the network is back.
  const onOnline = () => void syncPending(data.features).catch((error) => console.warn('Reading data could not be synced yet', error));
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  const unwatch = $readingProgress.listen((stored) => {
    if (progressConflicts(stored, data.bookId, data.readingId)) $progressConflict.set(true);
  });

  session = {
    data,
    pageSince: Date.now(),
    counting: typeof document === 'undefined' || document.visibilityState === 'visible',
    bookmarkTimer: null,
    unsubscribe: () => {
      unwatch();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    },
  };
  return { lastpage, locator };
}

/** Notes the book read last for the reader's question when it can still be read (see {@link offersLastRead}). */
async function offerLastRead(last: ReadingProgressEntry, data: BookReadingData): Promise<void> {
  const offline = isOffline();
  const savedOffline = offline && (await listSavedBooks()).some((saved) => saved.bookId === last.book_id);
  let readableNow: boolean | null = null;
  if (!offline) {
    const detail = await getBookDetail(api, { book_id: last.book_id }).catch(() => null);
    // A DRM book needs a loan open now; an open book needs a readable file.
    readableNow = detail ? detail.has_borrow || (!detail.using_drm && detail.web_readable) : false;
  }
  // The reader may have moved on to another book meanwhile.
  if (session?.data !== data) return;
  if (offersLastRead({ genericEntry: true, offline, savedOffline, readableNow })) $lastReadElsewhere.set(last);
}

/** Stops counting time and watching storage (the island unmounts). */
export function endReading(): void {
  if (!session) return;
  recordPageTime();
  session.unsubscribe();
  if (session.bookmarkTimer) clearTimeout(session.bookmarkTimer);
  session = null;
}

/** Loads the outline or table of contents (and EPUB locations) once the first page shows. */
export async function loadNavigation(): Promise<BookNavigation | null> {
  const data = session?.data;
  if (!data) return null;
  const navigation = await fetchNavigation(api, data.bookId);
  if (session?.data === data) $navigation.set(navigation);
  return navigation;
}

/** The reader moved to `page` (of `total`); `locator` is the EPUB position. */
export function showPage(page: number, total: number, locator?: string | null): void {
  if (!session) return;
  if (page !== $page.get()) recordPageTime();
  $page.set(page);
  $pageCount.set(total);
  const { data } = session;
  // Once another tab has taken over, its position is not overwritten from here.
  if ($progressConflict.get()) return;
  const stored = $readingProgress.get();
  $readingProgress.set({
    book_id: data.bookId,
    reading_id: data.readingId ?? undefined,
    book_title: data.bookTitle,
    last_page: page,
    total_page: total,
    platform_info: 'web',
    epub_read_locator: locator ?? stored?.epub_read_locator,
  });
}

/** Counts the time on the current page into the pending durations (spec 02 §5), then restarts the clock. */
export function recordPageTime(now = Date.now()): void {
  if (!session) return;
  if (session.counting) {
    const seconds = (now - session.pageSince) / 1000;
    const next = addPageDuration($readingDuration.get(), session.data.bookId, $page.get(), seconds);
    if (next !== $readingDuration.get()) $readingDuration.set(next);
  }
  session.pageSince = now;
}

/** Pauses the clock while the tab is hidden. */
export function setCounting(visible: boolean): void {
  if (!session) return;
  if (!visible) recordPageTime();
  session.counting = visible;
  session.pageSince = Date.now();
}

/**
 * Adds or removes the bookmark of the current page, keeps it in this browser and syncs it soon;
 * `onSyncError` hears of a failed sync (the bookmark stays pending for the next one).
 */
export function toggleCurrentBookmark(onSyncError?: (error: unknown) => void): void {
  if (!session) return;
  const { data } = session;
  const next = toggleBookmark($bookBookmarks.get(), data.bookId, $page.get(), data.bookTitle);
  $bookBookmarks.set(next);
  $bookmarks.set([...$bookmarks.get().filter((b) => b.book_id !== data.bookId), ...next.map((b) => ({ ...b, user_id: data.userId }))]);
  if (!data.features.bookmark) return;
  if (session.bookmarkTimer) clearTimeout(session.bookmarkTimer);
  // Offline it stays kept here until the network is back.
  if (isOffline()) return;
  session.bookmarkTimer = setTimeout(() => {
    void syncBookmarkSet(data.bookId).catch((error) => onSyncError?.(error));
  }, 400);
}

/** Syncs the book's pending bookmark set, then clears it from this browser. */
async function syncBookmarkSet(bookId: string): Promise<void> {
  const pending = $bookmarks.get();
  if (!pending.some((b) => b.book_id === bookId) && !(session?.data.bookId === bookId)) return;
  try {
    await syncBookmarks(api, { book_id: bookId, data: bookmarksForSync(pending, bookId).map((b) => ({ ...b, page: b.page, user_id: b.user_id ?? null })) });
  } catch (error) {
    // Bookmarks the server will never take (a book gone) are dropped, not resent forever.
    if (!isFinalRefusal(error)) throw error;
    console.warn('Bookmarks the server refused were dropped', error);
  }
  // Only what was sent is cleared; a toggle made meanwhile stays pending.
  if ($bookmarks.get() === pending) $bookmarks.set(pending.filter((b) => b.book_id !== bookId));
}

/**
 * Syncs everything this browser holds for the server, in the spec's order (bookmarks, durations,
 * progress), each only when its feature is on and each cleared after success. The first failure
 * rejects; what succeeded stays cleared.
 */
export async function syncPending(features: BookReadingData['features']): Promise<void> {
  if (features.bookmark) {
    const books = [...new Set($bookmarks.get().map((b) => b.book_id))];
    for (const bookId of books) await syncBookmarkSet(bookId);
  }
  const durations = $readingDuration.get();
  if (features.readingDuration && durations && durations.page_duration.length > 0) {
    try {
      await postReadingDurations(api, { book_id: durations.book_id, page_duration: durations.page_duration });
      $lastReadingDuration.set(durations);
      if ($readingDuration.get() === durations) $readingDuration.set(null);
    } catch (error) {
      // A lost duration costs little; the spec only logs this failure.
      console.error('Reading durations could not be synced', error);
    }
  }
  const progress = $readingProgress.get();
  if (features.readingProgress && progress) {
    try {
      await postReadingProgress(api, {
        book_id: progress.book_id,
        last_page: progress.last_page,
        total_page: progress.total_page,
        platform_info: progress.platform_info || 'web',
        epub_read_locator: progress.epub_read_locator ?? null,
      });
    } catch (error) {
      // A position the server will never take is dropped, so it cannot block every later sync
      // (and leaving the reader) for good.
      if (!isFinalRefusal(error)) throw error;
      console.warn('A reading position the server refused was dropped', error);
    }
    if ($readingProgress.get() === progress) $readingProgress.set(null);
  }
}

/**
 * Back (spec 02 §4.7): busy, then sync, clear the from-reader flag and go back; on failure only
 * the busy state is cleared and the error is rethrown for a notification.
 */
export async function leaveReader(goBack: () => void): Promise<void> {
  if (!session || $leaving.get()) return;
  $leaving.set(true);
  try {
    recordPageTime();
    // Offline, what was read stays kept here and is sent when the network is back.
    if (!isOffline()) await syncPending(session.data.features);
    $fromReader.set(false);
    goBack();
  } catch (error) {
    $leaving.set(false);
    throw error;
  }
}

/** Sends the position when the page is hidden or closed, without waiting (it stays pending too). */
export function beaconProgress(): void {
  const progress = $readingProgress.get();
  if (!session?.data.features.readingProgress || !progress || progress.book_id !== session.data.bookId) return;
  const body = JSON.stringify({
    book_id: progress.book_id,
    last_page: progress.last_page,
    total_page: progress.total_page,
    platform_info: 'web',
    epub_read_locator: progress.epub_read_locator ?? null,
  });
  navigator.sendBeacon?.('/webhook/book-reading-progress', new Blob([body], { type: 'application/json' }));
}

/** Records that the reader copied a citation of the book (the text and the page or place it came from). */
export function saveCitation(body: CitationBody): Promise<void> {
  return postCitation(api, body);
}
