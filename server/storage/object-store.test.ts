import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk.ts';
import { deletePrefix, ObjectNotFoundError, type ObjectStore } from './object-store.ts';
import { createS3Store } from './s3.ts';
import { startTestS3Server, type TestS3Server } from './testing.ts';

/** One suite, both backends: what the disk does, the S3 bucket does the same way. */
const backends: [string, () => Promise<{ store: ObjectStore; close: () => Promise<void> }>][] = [
  ['disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'epustaka-store-'));
    return { store: createDiskStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
  }],
  ['s3', async () => {
    const server: TestS3Server = await startTestS3Server();
    const store = createS3Store(server.settings);
    return { store, close: async () => { store.close?.(); await server.close(); } };
  }],
];

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 251);

describe.each(backends)('the %s object store', (_name, open) => {
  let store: ObjectStore;
  let close: () => Promise<void>;
  const data = bytes(10_000);

  beforeAll(async () => {
    ({ store, close } = await open());
    await store.put('books/b1/book.pdf', data);
    await store.put('books/b1/epub/OEBPS/ch 1.xhtml', new TextEncoder().encode('<p>Bab satu</p>'));
    await store.put('books/b2/cover', bytes(10));
    await store.put('media/m1/thumbnail', bytes(5));
  }, 30_000);
  afterAll(async () => close?.());

  it('gives back what was put, whole and by size', async () => {
    expect(Buffer.compare(await store.get('books/b1/book.pdf'), Buffer.from(data))).toBe(0);
    expect(await store.size('books/b1/book.pdf')).toBe(10_000);
    expect((await store.get('books/b1/epub/OEBPS/ch 1.xhtml')).toString('utf8')).toBe('<p>Bab satu</p>');
  });

  it('reads ranges, at the start, the middle and the edges', async () => {
    expect([...(await store.getRange('books/b1/book.pdf', 0, 4))]).toEqual([...data.subarray(0, 4)]);
    expect([...(await store.getRange('books/b1/book.pdf', 4096, 100))]).toEqual([...data.subarray(4096, 4196)]);
    expect([...(await store.getRange('books/b1/book.pdf', 9_999, 1))]).toEqual([data[9_999]]);
    // Past the end: what there is, then nothing.
    expect([...(await store.getRange('books/b1/book.pdf', 9_990, 100))]).toEqual([...data.subarray(9_990)]);
    expect((await store.getRange('books/b1/book.pdf', 10_000, 10)).length).toBe(0);
    expect((await store.getRange('books/b1/book.pdf', 0, 0)).length).toBe(0);
  });

  it('says a missing object is missing', async () => {
    expect(await store.size('books/none/book.pdf')).toBeNull();
    await expect(store.get('books/none/book.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.getRange('books/none/book.pdf', 0, 10)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.getStream('books/none/book.pdf')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await store.delete('books/none/book.pdf');
  });

  it('replaces an object whole and takes a stream of known length', async () => {
    await store.put('objects/ab/abc', bytes(3));
    await store.put('objects/ab/abc', { stream: Readable.from([Buffer.from('hello '), Buffer.from('world')]), size: 11 });
    expect((await store.get('objects/ab/abc')).toString('utf8')).toBe('hello world');
    const chunks: Buffer[] = [];
    for await (const chunk of await store.getStream('objects/ab/abc')) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe('hello world');
  });

  it('lists by prefix and deletes', async () => {
    const listed = async (prefix: string) => {
      const found: string[] = [];
      for await (const info of store.list(prefix)) found.push(`${info.key}:${info.size}`);
      return found.sort();
    };
    expect(await listed('books/b1/')).toEqual(['books/b1/book.pdf:10000', 'books/b1/epub/OEBPS/ch 1.xhtml:15']);
    expect(await listed('books/')).toHaveLength(3);
    expect(await listed('media/')).toEqual(['media/m1/thumbnail:5']);
    expect(await listed('nothing/')).toEqual([]);
    await deletePrefix(store, 'books/b1/');
    expect(await listed('books/')).toEqual(['books/b2/cover:10']);
    await store.delete('books/b2/cover');
    expect(await store.size('books/b2/cover')).toBeNull();
  });

  it('refuses keys that leave the store', async () => {
    await expect(store.put('../escape', bytes(1))).rejects.toThrow(/Invalid object key/);
    await expect(store.get('books//x')).rejects.toThrow(/Invalid object key/);
  });
});
