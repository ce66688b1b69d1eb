import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installBrowserStorage, uninstallBrowserStorage } from '../persist/browser-storage.fixture.ts';
import * as app from './app-store.ts';

let browser: ReturnType<typeof installBrowserStorage>;

beforeEach(() => {
  browser = installBrowserStorage();
  app.resetClientState();
});

afterEach(() => {
  uninstallBrowserStorage();
});

const PERSISTED_DEFAULTS = {
  $profile: null,
  $menuApps: [],
  $readingProgress: null,
  $bookmarks: [],
  $readingDuration: null,
} as const;

const MEMORY_DEFAULTS = {
  $fromReader: false,
  $lastReadingDuration: null,
} as const;

type StoreName = keyof typeof PERSISTED_DEFAULTS | keyof typeof MEMORY_DEFAULTS;
const store = (name: StoreName) => app[name] as unknown as { get(): unknown; set(value: unknown): void };

describe('client stores', () => {
  test('start from their defaults', () => {
    for (const [name, value] of Object.entries({ ...PERSISTED_DEFAULTS, ...MEMORY_DEFAULTS })) {
      expect(store(name as StoreName).get(), name).toEqual(value);
    }
  });

  test('each persisted store writes under its own hashed key; in-memory ones write nothing', () => {
    for (const name of Object.keys(PERSISTED_DEFAULTS)) store(name as StoreName).set(`value of ${name}`);
    for (const name of Object.keys(MEMORY_DEFAULTS)) store(name as StoreName).set(`value of ${name}`);
    const keys = browser.storage.entries().map(([key]) => key);
    expect(keys).toHaveLength(Object.keys(PERSISTED_DEFAULTS).length);
    expect(keys.every((key) => /^ew\.[0-9a-f]+$/.test(key))).toBe(true);
  });

});

describe('resetClientState', () => {
  test('clears the stored state and resets the in-memory stores', () => {
    app.$menuApps.set([{ title: 'Menu', items: [] }] as never);
    app.$bookmarks.set([{ book_id: 'b1', page: 4 }]);
    app.$readingDuration.set({ book_id: 'b1', page_duration: [{ page: 4, duration: 30 }] });
    app.$fromReader.set(true);
    app.$lastReadingDuration.set({ book_id: 'b1', page_duration: [{ page: 4, duration: 30 }] });
    browser.storage.setItem('not-ours', 'kept');

    app.resetClientState();

    for (const [name, value] of Object.entries({ ...PERSISTED_DEFAULTS, ...MEMORY_DEFAULTS })) {
      expect(store(name as StoreName).get(), name).toEqual(value);
    }
    expect(browser.storage.entries()).toEqual([['not-ours', 'kept']]);
  });
});
