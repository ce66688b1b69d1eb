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
  $auth: { verified: false, role: null },
  $profile: null,
  $feed: [],
  $tabKey: '1',
  $tabActive: '1',
  $config: {},
  $roles: [],
  $schools: [],
  $epustakaDetail: null,
  $menuApps: [],
  $routeHistory: [],
  $previousPath: null,
  $switchActive: null,
  $filterOptions: {},
  $readingProgress: null,
  $bookmarks: [],
  $readingDuration: null,
  $donationMenu: '1',
  $langActive: 'id',
} as const;

const MEMORY_DEFAULTS = {
  $timelineFlags: { refresh: false, refreshLike: false },
  $search: { value: '', data: [] },
  $fromReader: false,
  $lastReadingDuration: null,
  $notificationRequest: null,
  $tryoutFilter: { filter: '000', limit: 12 },
} as const;

type StoreName = keyof typeof PERSISTED_DEFAULTS | keyof typeof MEMORY_DEFAULTS;
const store = (name: StoreName) => app[name] as unknown as { get(): unknown; set(value: unknown): void };

describe('client stores', () => {
  test('start from the defaults of spec 03 §9.1', () => {
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
    app.$tabKey.set('4');
    app.$langActive.set('en');
    app.$auth.set({ verified: true, role: 303 });
    app.$search.set({ value: 'laskar', data: [{ id: 1 }] });
    app.$tryoutFilter.set({ filter: '101', limit: 24 });
    app.$fromReader.set(true);
    browser.storage.setItem('not-ours', 'kept');

    app.resetClientState();

    for (const [name, value] of Object.entries({ ...PERSISTED_DEFAULTS, ...MEMORY_DEFAULTS })) {
      expect(store(name as StoreName).get(), name).toEqual(value);
    }
    expect(browser.storage.entries()).toEqual([['not-ours', 'kept']]);
  });
});
