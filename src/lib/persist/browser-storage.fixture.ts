import { setMaxListeners } from 'node:events';

/**
 * A browser's local storage and `storage` events for unit tests running outside a browser:
 * `install()` puts an in-memory `localStorage` and window-style event methods on `globalThis`,
 * `uninstall()` removes them.
 */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }

  /** Every stored entry, for assertions. */
  entries(): [string, string][] {
    return [...this.#items.entries()];
  }
}

const GLOBALS = ['localStorage', 'addEventListener', 'removeEventListener', 'dispatchEvent'] as const;

export function installBrowserStorage(): { storage: MemoryStorage; dispatchStorageEvent(init: { key: string | null; newValue: string | null }): void } {
  const storage = new MemoryStorage();
  const events = new EventTarget();
  // Every mounted atom listens; a browser sets no limit on that.
  setMaxListeners(0, events);
  const values = {
    localStorage: storage,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
  return {
    storage,
    dispatchStorageEvent(init) {
      // What another tab's write looks like to this one: Node has no StorageEvent class.
      events.dispatchEvent(Object.assign(new Event('storage'), { ...init, storageArea: storage }));
    },
  };
}

export function uninstallBrowserStorage(): void {
  for (const name of GLOBALS) Reflect.deleteProperty(globalThis, name);
}
