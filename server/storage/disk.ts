import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, ObjectNotFoundError, type ObjectBody, type ObjectInfo, type ObjectStore } from './object-store.ts';

/** A file being written (`<name>.part-<uuid>`), renamed into place when complete; never listed. */
const PART = /\.part-[0-9a-f-]{36}$/;

function missing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Objects as files under `root` (the data directory): key `books/<id>/book.pdf` is the file
 * `<root>/books/<id>/book.pdf`, as before the store existed, so existing data directories keep
 * working. Only this process's user may read them.
 */
export function createDiskStore(root: string): ObjectStore {
  const path = (key: string) => {
    assertKey(key);
    return join(root, key);
  };

  async function read<T>(key: string, run: (file: string) => Promise<T>): Promise<T> {
    try {
      return await run(path(key));
    } catch (error) {
      if (missing(error)) throw new ObjectNotFoundError(key, { cause: error });
      throw error;
    }
  }

  async function* walk(dir: string): AsyncGenerator<ObjectInfo> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !PART.test(entry.name)) {
        const size = await stat(full).then((s) => s.size, () => null);
        if (size !== null) yield { key: relative(root, full).split(sep).join('/'), size };
      }
    }
  }

  return {
    kind: 'disk',
    async put(key, body: ObjectBody) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const part = `${target}.part-${randomUUID()}`;
      try {
        if (body instanceof Uint8Array) await writeFile(part, body, { mode: 0o600 });
        else await pipeline(body.stream, createWriteStream(part, { mode: 0o600 }));
        await rename(part, target);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    get: (key) => read(key, (file) => readFile(file)),
    getRange: (key, offset, length) =>
      read(key, async (file) => {
        const handle = await open(file, 'r');
        try {
          const buffer = Buffer.alloc(Math.max(0, length));
          const { bytesRead } = length > 0 ? await handle.read(buffer, 0, length, offset) : { bytesRead: 0 };
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      }),
    getStream: (key) =>
      read(key, async (file) => {
        await stat(file);
        return createReadStream(file) as Readable;
      }),
    async size(key) {
      try {
        const info = await stat(path(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const file = path(key);
      await rm(file, { force: true });
      // Folders left empty go too, up to the area's own folder (`books/`, `media/`, ...).
      for (let dir = dirname(file); relative(root, dir).split(sep).length > 1; dir = dirname(dir)) {
        if (!(await rmdir(dir).then(() => true, () => false))) break;
      }
    },
    async *list(prefix) {
      // Walk only the folder the prefix names (or its parent), then keep the keys that match.
      const slash = prefix.lastIndexOf('/');
      const base = slash >= 0 ? prefix.slice(0, slash) : '';
      if (base) assertKey(base);
      for await (const info of walk(base ? join(root, base) : root)) if (info.key.startsWith(prefix)) yield info;
    },
  };
}
