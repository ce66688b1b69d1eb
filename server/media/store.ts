import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where media files live: `DATA_DIR/media/<media id>/` holding the file under its stored name and
 * `thumbnail` (a JPEG). Only this process's user may read them; the API serves them after the
 * access rule.
 */
export function mediaDir(dataDir: string, mediaId: string): string {
  return join(dataDir, 'media', mediaId);
}

export const THUMBNAIL_OBJECT = 'thumbnail';

/** Writes an item's files into a staging folder and moves it into place in one rename. */
export async function storeMediaFiles(dataDir: string, mediaId: string, files: [string, Uint8Array][]): Promise<() => Promise<void>> {
  const root = join(dataDir, 'media');
  await mkdir(root, { recursive: true, mode: 0o700 });
  const staging = join(root, `.staging-${randomUUID()}`);
  try {
    await mkdir(staging, { mode: 0o700 });
    for (const [name, data] of files) await writeFile(join(staging, name), data, { mode: 0o600 });
    await rename(staging, mediaDir(dataDir, mediaId));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return () => rm(mediaDir(dataDir, mediaId), { recursive: true, force: true });
}

/** The size of a stored object, or null when it is missing. */
export async function mediaObjectSize(dataDir: string, mediaId: string, name: string): Promise<number | null> {
  try {
    return (await stat(join(mediaDir(dataDir, mediaId), name))).size;
  } catch {
    return null;
  }
}

/** Reads `length` bytes at `offset` of a stored object. */
export async function readMediaRange(dataDir: string, mediaId: string, name: string, offset: number, length: number): Promise<Buffer> {
  const handle = await open(join(mediaDir(dataDir, mediaId), name), 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
