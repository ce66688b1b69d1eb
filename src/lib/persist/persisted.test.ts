import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installBrowserStorage, uninstallBrowserStorage } from './browser-storage.fixture.ts';
import { encodeValue, storageKey } from './obfuscate.ts';
import { clearPersisted, persistedAtom } from './persisted.ts';

let browser: ReturnType<typeof installBrowserStorage>;
let counter = 0;
/** A name no other test uses, so atoms of different tests never share a key. */
const uniqueName = (base: string) => `${base}-${++counter}`;

beforeEach(() => {
  browser = installBrowserStorage();
});

afterEach(() => {
  uninstallBrowserStorage();
});

describe('persistedAtom', () => {
  test('keeps a value across page loads', () => {
    const name = uniqueName('readingProgress');
    const first = persistedAtom(name, { last_page: 0 });
    first.set({ last_page: 42 });
    const afterReload = persistedAtom(name, { last_page: 0 });
    expect(afterReload.get()).toEqual({ last_page: 42 });
  });

  test('stores under a hashed key with an obfuscated value', () => {
    const name = uniqueName('profileSecretName');
    persistedAtom(name, { name: '' }).set({ name: 'Siti Nurhaliza' });
    const entries = browser.storage.entries();
    expect(entries).toHaveLength(1);
    const [key, value] = entries[0]!;
    expect(key).toBe(storageKey(name));
    expect(key.startsWith('ew.')).toBe(true);
    for (const text of [key, value]) {
      expect(text).not.toContain('profileSecretName');
      expect(text).not.toContain('Siti');
    }
  });

  test('reads lazily: a value stored after the atom was created is picked up on first read', () => {
    const name = uniqueName('tabKey');
    const store = persistedAtom(name, '1');
    browser.storage.setItem(storageKey(name), encodeValue(storageKey(name), '3'));
    expect(store.get()).toBe('3');
  });

  test('falls back to the initial value when the stored value was tampered with', () => {
    const name = uniqueName('auth');
    persistedAtom(name, { verified: false, role: null as number | null }).set({ verified: true, role: 303 });
    const key = storageKey(name);
    const stored = browser.storage.getItem(key)!;
    const middle = Math.floor(stored.length / 2);
    browser.storage.setItem(key, stored.slice(0, middle) + (stored[middle] === 'A' ? 'B' : 'A') + stored.slice(middle + 1));
    expect(persistedAtom(name, { verified: false, role: null }).get()).toEqual({ verified: false, role: null });

    browser.storage.setItem(key, JSON.stringify({ verified: true, role: 999 }));
    expect(persistedAtom(name, { verified: false, role: null }).get()).toEqual({ verified: false, role: null });
  });

  test('follows changes another tab makes while subscribed', () => {
    const name = uniqueName('langActive');
    const store = persistedAtom(name, 'id');
    const seen = vi.fn();
    const unsubscribe = store.subscribe(seen);
    const key = storageKey(name);

    const value = encodeValue(key, 'en');
    browser.storage.setItem(key, value);
    browser.dispatchStorageEvent({ key, newValue: value });
    expect(store.get()).toBe('en');
    expect(seen.mock.lastCall?.[0]).toBe('en');

    browser.dispatchStorageEvent({ key: storageKey('something-else'), newValue: encodeValue(key, 'xx') });
    expect(store.get()).toBe('en');

    browser.dispatchStorageEvent({ key, newValue: null });
    expect(store.get()).toBe('id');
    unsubscribe();
  });

  test('goes back to the initial value when another tab clears the storage', () => {
    const name = uniqueName('donationMenu');
    const store = persistedAtom(name, '1');
    const unsubscribe = store.listen(() => {});
    store.set('2');
    browser.storage.clear();
    browser.dispatchStorageEvent({ key: null, newValue: null });
    expect(store.get()).toBe('1');
    unsubscribe();
  });

  test('reloads a value another tab changed while nothing was subscribed', () => {
    vi.useFakeTimers();
    try {
      const name = uniqueName('switchActive');
      const store = persistedAtom<string | null>(name, null);
      store.listen(() => {})();
      vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
      const key = storageKey(name);
      browser.storage.setItem(key, encodeValue(key, 'school'));
      expect(store.get()).toBe('school');
    } finally {
      vi.useRealTimers();
    }
  });

  test('is a plain atom without local storage', () => {
    uninstallBrowserStorage();
    const store = persistedAtom(uniqueName('config'), { a: 1 });
    expect(store.get()).toEqual({ a: 1 });
    store.set({ a: 2 });
    expect(store.get()).toEqual({ a: 2 });
  });

  test('keeps the value in memory when the storage refuses to write', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(browser.storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = persistedAtom(uniqueName('feed'), [] as number[]);
    store.set([1, 2]);
    expect(store.get()).toEqual([1, 2]);
    expect(warn).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('clearPersisted', () => {
  test('removes every key the app wrote, keeps the others and resets the atoms', () => {
    const watched = persistedAtom(uniqueName('bookmarks'), [] as number[]);
    const idle = persistedAtom(uniqueName('routeHistory'), ['/']);
    const unsubscribe = watched.listen(() => {});
    watched.set([1, 2, 3]);
    idle.set(['/', '/shelf']);
    browser.storage.setItem('ew.written-by-an-older-version', 'x');
    browser.storage.setItem('someone-else', 'kept');

    clearPersisted();

    expect(browser.storage.entries()).toEqual([['someone-else', 'kept']]);
    expect(watched.get()).toEqual([]);
    expect(idle.get()).toEqual(['/']);
    unsubscribe();
  });
});
