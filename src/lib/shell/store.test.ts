import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, toApiError } from '../http/errors.ts';
import type { MenuGroup } from './schema.ts';
import { createT } from '../i18n/texts.server.ts';
import { $menuApps } from './app-store.ts';
import { installBrowserStorage, uninstallBrowserStorage } from '../persist/browser-storage.fixture.ts';
import {
  $menuEntries,
  $menuFailed,
  $menuLoading,
  $popup,
  $toasts,
  closePopup,
  dismissToast,
  flattenMenu,
  loadMenu,
  notify,
  notifyError,
  openPopup,
  syncMenu,
  TOAST_DURATION_MS,
} from './store.ts';

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../http/browser.ts', () => ({ api: { get } }));

const groups: MenuGroup[] = [
  { id: 'library', menu_name: 'Perpustakaan', android_menu: [{ id: 'shelf', name: 'Rak Buku', url: '/shelf', icon: 'shelf' }] },
  {
    id: 'give',
    menu_name: 'Berbagi',
    android_menu: [
      { id: 'toys', name: 'Suvenir', url: '/more-edoo-unbuilt', icon: 'donation' },
      { id: 'donation-history', name: 'Riwayat donasi', url: '/donation/history', icon: 'donation' },
    ],
  },
];

beforeEach(() => {
  // The menu cache is a persisted atom: give it the local storage it has in a browser.
  installBrowserStorage();
  $toasts.set([]);
  $popup.set(null);
  $menuApps.set([]);
  $menuFailed.set(false);
  get.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  uninstallBrowserStorage();
});

describe('notify', () => {
  test('shows a notification and dismisses it after 3 seconds', () => {
    vi.useFakeTimers();
    notify('success', 'Ulasan tersimpan.');
    expect($toasts.get()).toEqual([{ id: expect.any(Number), kind: 'success', text: 'Ulasan tersimpan.' }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  test('dismisses each notification on its own clock', () => {
    vi.useFakeTimers();
    notify('info', 'first');
    vi.advanceTimersByTime(1000);
    notify('warning', 'second');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['second']);
  });

  test('can be closed before its time', () => {
    vi.useFakeTimers();
    const id = notify('error', 'x');
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
    vi.runAllTimers();
    expect($toasts.get()).toEqual([]);
  });
});

describe('notifyError', () => {
  const t = createT('id');

  test('shows the translated text of a coded error', () => {
    vi.useFakeTimers();
    notifyError(t, new ApiError({ status: 404, code: 'not_found', message: 'Not found' }));
    expect($toasts.get()).toEqual([{ id: expect.any(Number), kind: 'error', text: 'Data tidak ditemukan.' }]);
  });

  test("shows the server's message when the code is unknown", () => {
    vi.useFakeTimers();
    notifyError(t, new ApiError({ status: 422, code: 'voucher_wrong', message: 'Kode voucher salah' }));
    expect($toasts.get()[0].text).toBe('Kode voucher salah');
  });

  test('ignores the silent 401 and calls dropped because the session ended', () => {
    vi.useFakeTimers();
    notifyError(t, toApiError(401, undefined));
    const expired = new ApiError({ status: 401, code: 'token_expired', message: 'Token expired' });
    expired.sessionExpired = true;
    notifyError(t, expired);
    expect($toasts.get()).toEqual([]);
  });
});

describe('popup', () => {
  test('opens and closes', () => {
    openPopup({ title: 'Judul', body: 'Isi' });
    expect($popup.get()).toEqual({ title: 'Judul', body: 'Isi' });
    closePopup();
    expect($popup.get()).toBeNull();
  });
});

describe('menu', () => {
  test('flattens the groups into one list, in order, leaving out pages that are not built', () => {
    // The souvenir list and a donation history page are not built: their entries would be dead links.
    expect(flattenMenu(groups).map((entry) => entry.id)).toEqual(['shelf']);
    const books = { id: 'books', name: 'Buku', url: '/books', icon: 'book' };
    expect(flattenMenu([...groups, { id: 'more', menu_name: 'Lain', android_menu: [books] }]).map((entry) => entry.id)).toEqual(['shelf', 'books']);
    expect(flattenMenu(null)).toEqual([]);
  });

  test('loadMenu asks for the web menu and caches it', async () => {
    get.mockResolvedValue({ data: groups });
    const loading = loadMenu();
    expect($menuLoading.get()).toBe(true);
    await loading;
    expect(get).toHaveBeenCalledWith('webhook/menu', { platform: 'web' });
    expect($menuLoading.get()).toBe(false);
    expect($menuEntries.get().map((entry) => entry.id)).toEqual(['shelf']);
  });

  test('a failed load is logged, hides the loader and keeps the cached menu', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    $menuApps.set(groups);
    get.mockRejectedValue(new ApiError({ status: 500, code: 'internal_error', message: 'boom' }));
    await loadMenu();
    expect(log).toHaveBeenCalled();
    expect($menuLoading.get()).toBe(false);
    expect($menuFailed.get()).toBe(true);
    expect($menuApps.get()).toEqual(groups);
    expect($toasts.get()).toEqual([]);
  });

  test('concurrent loads share one request', async () => {
    get.mockResolvedValue({ data: groups });
    await Promise.all([loadMenu(), loadMenu()]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  test('syncMenu fetches on every visit to / but elsewhere only when nothing is cached', async () => {
    get.mockResolvedValue({ data: groups });
    await syncMenu('/books');
    expect(get).toHaveBeenCalledTimes(1);
    await syncMenu('/books');
    expect(get).toHaveBeenCalledTimes(1);
    await syncMenu('/');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
