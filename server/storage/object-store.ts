import type { Readable } from 'node:stream';

/** A body to store: bytes, or a stream of known length (a large file copied without holding it in memory). */
export type ObjectBody = Uint8Array | { stream: Readable; size: number };

/** One stored object as listed. */
export interface ObjectInfo {
  key: string;
  size: number;
}

/**
 * Where every stored file lives: books (read by range for the encrypted stream), covers, previews,
 * media and their thumbnails, avatars and post images. Keys are relative paths such as
 * `books/<book id>/book.pdf`; the disk backend keeps each under the data directory at that path.
 */
export interface ObjectStore {
  /** Which backend: shown in logs and the migration report. */
  readonly kind: 'disk' | 's3';
  /** Writes an object whole; a reader sees either the old object or the new one, never half of it. */
  put(key: string, body: ObjectBody): Promise<void>;
  /** The whole object. @throws ObjectNotFoundError */
  get(key: string): Promise<Buffer>;
  /** `length` bytes from `offset`, fewer at the object's end, none past it. @throws ObjectNotFoundError */
  getRange(key: string, offset: number, length: number): Promise<Buffer>;
  /** The object as a stream (for copying large objects). @throws ObjectNotFoundError */
  getStream(key: string): Promise<Readable>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes an object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  close?(): void;
}

export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string, options?: { cause?: unknown }) {
    super(`No stored object ${key}.`, options);
    this.name = 'ObjectNotFoundError';
    this.key = key;
  }
}

/** The areas of the store: everything the product keeps there lives under one of these prefixes. */
export const STORE_AREAS = ['books/', 'media/', 'objects/'] as const;

/** Refuses keys that could leave the store's root or are not plain relative paths. */
export function assertKey(key: string): void {
  const parts = key.split('/');
  if (!key || key.length > 900 || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..') || /[\\\0]/.test(key)) {
    throw new Error(`Invalid object key ${JSON.stringify(key)}.`);
  }
}

/** The keys of every object under `prefix`. */
export async function listKeys(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list(prefix)) keys.push(key);
  return keys;
}

/** The folders directly under `prefix` that hold objects (`books/` gives the ids of stored books). */
export async function listFolders(store: ObjectStore, prefix: string): Promise<string[]> {
  return [...new Set((await listKeys(store, prefix)).map((key) => key.slice(prefix.length).split('/')[0]!))];
}

/** Removes every object under `prefix` (a book's or an item's folder). */
export async function deletePrefix(store: ObjectStore, prefix: string): Promise<void> {
  for (const key of await listKeys(store, prefix)) await store.delete(key);
}
