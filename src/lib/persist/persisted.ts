import { atom, onMount } from 'nanostores';
import type { WritableAtom } from 'nanostores';
import { KEY_PREFIX, decodeValue, encodeValue, storageKey } from './obfuscate.ts';

// Values are obfuscated, not secured (see obfuscate.ts); no token is ever stored here.

/** Resets every persisted atom to its initial value, without writing. */
const resets = new Set<() => void>();

/** This browser's local storage, or null on the server or where storage is blocked. */
function localArea(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Where storage events arrive: the window (`globalThis` in a browser), or null on the server. */
function eventSource(): Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null {
  return typeof globalThis.addEventListener === 'function' ? globalThis : null;
}

/** The stored text under `key`; null when there is none or no storage. */
function readRaw(key: string): string | null {
  try {
    return localArea()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; the stored text, or null when it could not be written. */
function write(key: string, value: unknown): string | null {
  const area = localArea();
  if (!area) return null;
  try {
    const encoded = encodeValue(key, value);
    area.setItem(key, encoded);
    return encoded;
  } catch (error) {
    // A full or blocked storage only costs persistence; the value still lives in memory.
    console.warn('A setting could not be saved in this browser', error);
    return null;
  }
}

/**
 * An atom kept in local storage under a hashed key with an obfuscated value (spec 03 §9.1).
 * It loads when first read or subscribed (and again when used after a pause, if the stored value
 * changed meanwhile), writes on every `set`, and while subscribed follows changes other tabs make.
 * A missing, edited or unreadable stored value reads as `initial`. Without local storage (server
 * rendering) it is a plain atom.
 */
export function persistedAtom<T>(name: string, initial: T): WritableAtom<T> {
  const key = storageKey(name);
  const store = atom<T>(initial);
  const setInMemory = store.set;
  // The stored text the value in memory matches; undefined until the first load.
  let synced: string | null | undefined;

  const adopt = (raw: string | null) => {
    synced = raw;
    const decoded = decodeValue(key, raw);
    setInMemory(decoded.ok ? (decoded.value as T) : initial);
  };

  store.set = (value: T) => {
    setInMemory(value);
    // When the write fails, what is stored stays stale, and a later load must not bring it back.
    synced = write(key, value) ?? readRaw(key);
  };

  onMount(store, () => {
    if (!localArea()) return;
    const raw = readRaw(key);
    if (raw !== synced) adopt(raw);
    const source = eventSource();
    if (!source) return;
    const follow = (event: Event) => {
      const change = event as StorageEvent;
      if (change.storageArea && change.storageArea !== localArea()) return;
      if (change.key === key) adopt(change.newValue);
      // A null key means another tab cleared the whole storage.
      else if (change.key === null) adopt(null);
    };
    source.addEventListener('storage', follow);
    return () => source.removeEventListener('storage', follow);
  });

  resets.add(() => {
    synced = null;
    setInMemory(initial);
  });
  return store;
}

/** Removes every key the app wrote to local storage (all `ew.` keys) and resets the persisted atoms. */
export function clearPersisted(): void {
  const area = localArea();
  if (area) {
    try {
      const keys: string[] = [];
      for (let i = 0; i < area.length; i++) {
        const key = area.key(i);
        if (key?.startsWith(KEY_PREFIX)) keys.push(key);
      }
      for (const key of keys) area.removeItem(key);
    } catch (error) {
      console.warn('Stored settings could not be removed from this browser', error);
    }
  }
  for (const reset of resets) reset();
}
