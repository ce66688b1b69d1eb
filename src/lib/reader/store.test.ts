import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BookReadingData } from './schema.ts';
import { toApiError } from '../http/errors.ts';
import { $bookmarks, $fromReader, $readingDuration, $readingProgress } from '../shell/app-store.ts';
import { installBrowserStorage, uninstallBrowserStorage } from '../persist/browser-storage.fixture.ts';
import {
  $bookBookmarks,
  $lastReadElsewhere,
  $leaving,
  $page,
  $progressConflict,
  beginReading,
  endReading,
  leaveReader,
  recordPageTime,
  showPage,
  syncPending,
  toggleCurrentBookmark,
} from './store.ts';

const { post, get } = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { post, get } }));

const ON = { bookmark: true, readingProgress: true, readingDuration: true, bookCitation: false };

function book(overrides: Partial<BookReadingData> = {}): BookReadingData {
  return {
    bookId: 'book-a',
    bookTitle: 'Laskar Pelangi',
    userId: 'user-1',
    epustakaId: 'e1',
    borrow_key: 'k',
    url_file: '/storage/books/book-a/book.pdf',
    isDrm: true,
    file_ext: 'pdf',
    pages: 20,
    bookDetails: { book_author: null, publish_date: null, publisher: null, catalog_info: { organization_name: null } },
    lastpage: 1,
    epub_read_locator: null,
    readingId: null,
    dataBookmark: [],
    epub: null,
    stream: { chunk_size: 8192, size: 1000, boot_chunks: [0], preview: null, key_salt: 's', sealed_password: null, password: null },
    features: ON,
    ...overrides,
  };
}

/** Lets the background sync settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  installBrowserStorage();
  $bookmarks.set([]);
  $readingProgress.set(null);
  $readingDuration.set(null);
  post.mockReset();
  post.mockImplementation(async (path: string) => (path === 'webhook/sync-bookmark' ? { data: [] } : { data: {} }));
});

afterEach(() => {
  endReading();
  vi.useRealTimers();
  uninstallBrowserStorage();
});

describe('syncPending', () => {
  test('syncs bookmarks, durations and progress in that order and clears each after success', async () => {
    $bookmarks.set([{ id: 'x', book_id: 'book-a', page: 3, bookmark_label: 'Page 3' }]);
    $readingDuration.set({ book_id: 'book-a', page_duration: [{ page: 3, duration: 9 }] });
    $readingProgress.set({ book_id: 'book-a', last_page: 3, total_page: 20, platform_info: 'web' });
    await syncPending(ON);
    expect(post.mock.calls.map(([path]) => path)).toEqual(['webhook/sync-bookmark', 'webhook/book-reading-durations', 'webhook/book-reading-progress']);
    expect(post.mock.calls[0]![1]).toEqual({ book_id: 'book-a', data: [{ book_id: 'book-a', page: 3, bookmark_label: 'Page 3', user_id: null }] });
    expect($bookmarks.get()).toEqual([]);
    expect($readingDuration.get()).toBeNull();
    expect($readingProgress.get()).toBeNull();
  });

  test('keeps what failed, and skips what a flag turns off', async () => {
    $readingDuration.set({ book_id: 'book-a', page_duration: [{ page: 1, duration: 9 }] });
    $readingProgress.set({ book_id: 'book-a', last_page: 3, total_page: 20, platform_info: 'web' });
    post.mockImplementation(async (path: string) => {
      if (path === 'webhook/book-reading-progress') throw new Error('offline');
      return { data: {} };
    });
    await expect(syncPending({ ...ON, readingDuration: false })).rejects.toThrow('offline');
    expect(post.mock.calls.map(([path]) => path)).toEqual(['webhook/book-reading-progress']);
    expect($readingProgress.get()).not.toBeNull();
    expect($readingDuration.get()).not.toBeNull();
  });

  test('drops a position and bookmarks the server refuses for good, so they never block a later sync', async () => {
    $bookmarks.set([{ id: 'x', book_id: 'gone', page: 3, bookmark_label: 'Page 3' }]);
    $readingProgress.set({ book_id: 'gone', last_page: 3, total_page: 20, platform_info: 'web' });
    const refused = toApiError(404, { errors: [{ code: 'book_not_found', message: 'The book could not be found.' }] });
    post.mockImplementation(async () => {
      throw refused;
    });
    await expect(syncPending(ON)).resolves.toBeUndefined();
    expect($readingProgress.get()).toBeNull();
    expect($bookmarks.get()).toEqual([]);
    // A server that is down is not a refusal: what is kept stays kept.
    $readingProgress.set({ book_id: 'book-a', last_page: 3, total_page: 20, platform_info: 'web' });
    post.mockImplementation(async () => {
      throw toApiError(503, {});
    });
    await expect(syncPending(ON)).rejects.toMatchObject({ status: 503 });
    expect($readingProgress.get()).not.toBeNull();
  });
});

describe('beginReading', () => {
  test('reopens at the position this browser holds for the book and notes another last-read book', async () => {
    $readingProgress.set({ book_id: 'book-a', last_page: 7, total_page: 20, platform_info: 'web' });
    expect(beginReading(book({ lastpage: 2 }))).toEqual({ lastpage: 7, locator: null });
    endReading();
    $readingProgress.set({ book_id: 'book-b', book_title: 'Bumi Manusia', last_page: 4, total_page: 30, platform_info: 'web' });
    get.mockResolvedValue({ data: { has_borrow: true, using_drm: true, web_readable: true } });
    beginReading(book(), { genericEntry: true });
    await settle();
    expect(get).toHaveBeenCalledWith('webhook/book-detail', { book_id: 'book-b' });
    expect($lastReadElsewhere.get()?.book_title).toBe('Bumi Manusia');
    expect($fromReader.get()).toBe(true);
    await settle();
    expect(post).toHaveBeenCalledWith('webhook/book-reading-progress', expect.objectContaining({ book_id: 'book-b', last_page: 4 }));
  });

  test('never asks about another book when the user chose this one, or when the other loan has ended', async () => {
    $readingProgress.set({ book_id: 'book-b', book_title: 'Bumi Manusia', last_page: 4, total_page: 30, platform_info: 'web' });
    get.mockResolvedValue({ data: { has_borrow: false, using_drm: true, web_readable: true } });
    beginReading(book());
    await settle();
    expect($lastReadElsewhere.get()).toBeNull();
    endReading();
    beginReading(book(), { genericEntry: true });
    await settle();
    await settle();
    expect($lastReadElsewhere.get()).toBeNull();
  });

  test('warns when another tab starts reading another book', async () => {
    beginReading(book());
    showPage(2, 20);
    expect($progressConflict.get()).toBe(false);
    $readingProgress.set({ book_id: 'book-b', last_page: 1, total_page: 9, platform_info: 'web' });
    expect($progressConflict.get()).toBe(true);
  });
});

describe('reading a book', () => {
  test('counts a page after 5 seconds and keeps the position', () => {
    vi.useFakeTimers();
    beginReading(book());
    showPage(1, 20);
    vi.advanceTimersByTime(3000);
    showPage(2, 20);
    expect($readingDuration.get()).toBeNull();
    vi.advanceTimersByTime(6000);
    showPage(3, 20);
    expect($readingDuration.get()).toEqual({ book_id: 'book-a', page_duration: [{ page: 2, duration: 6 }] });
    expect($readingProgress.get()).toMatchObject({ book_id: 'book-a', last_page: 3, total_page: 20, book_title: 'Laskar Pelangi' });
    expect($page.get()).toBe(3);
    recordPageTime();
  });

  test('toggles the bookmark of the current page and syncs the set soon after', async () => {
    vi.useFakeTimers();
    beginReading(book());
    showPage(4, 20);
    toggleCurrentBookmark();
    expect($bookBookmarks.get()).toEqual([{ book_id: 'book-a', page: 4, bookmark_label: 'Page 4', description: 'Page 4 | Laskar Pelangi', title: 'Laskar Pelangi' }]);
    await vi.advanceTimersByTimeAsync(500);
    expect(post).toHaveBeenCalledWith('webhook/sync-bookmark', { book_id: 'book-a', data: [expect.objectContaining({ page: 4, user_id: 'user-1' })] });
    expect($bookmarks.get()).toEqual([]);
    toggleCurrentBookmark();
    expect($bookBookmarks.get()).toEqual([]);
  });

  test('Back syncs, then leaves; a failure only clears the busy state', async () => {
    beginReading(book());
    showPage(5, 20);
    await settle();
    post.mockClear();
    post.mockRejectedValueOnce(new Error('offline'));
    const goBack = vi.fn();
    await expect(leaveReader(goBack)).rejects.toThrow('offline');
    expect(goBack).not.toHaveBeenCalled();
    expect($leaving.get()).toBe(false);
    await leaveReader(goBack);
    expect(goBack).toHaveBeenCalledOnce();
    expect($fromReader.get()).toBe(false);
    expect(post).toHaveBeenLastCalledWith('webhook/book-reading-progress', expect.objectContaining({ book_id: 'book-a', last_page: 5 }));
  });
});

describe('reading offline', () => {
  test('a bookmark made offline stays in this browser and is sent when the network returns', async () => {
    const events = new EventTarget();
    vi.stubGlobal('window', events);
    vi.stubGlobal('navigator', { onLine: false });
    try {
      beginReading(book({ isDrm: false }));
      await settle();
      post.mockClear();
      showPage(4, 20);
      toggleCurrentBookmark();
      await new Promise((resolve) => setTimeout(resolve, 450));
      // Nothing is sent while offline: the bookmark waits here.
      expect(post).not.toHaveBeenCalled();
      expect($bookmarks.get().map((b) => b.page)).toEqual([4]);

      vi.stubGlobal('navigator', { onLine: true });
      events.dispatchEvent(new Event('online'));
      await settle();
      await settle();
      expect(post.mock.calls.map(([path]) => path)).toContain('webhook/sync-bookmark');
      expect($bookmarks.get()).toEqual([]);

      // After the reader closes, the network coming back sends nothing from it.
      endReading();
      post.mockClear();
      $readingProgress.set({ book_id: 'book-a', last_page: 5, total_page: 20, platform_info: 'web' });
      events.dispatchEvent(new Event('online'));
      await settle();
      expect(post).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
