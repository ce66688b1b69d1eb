import type { ObjectStore } from '../storage/object-store.ts';

/**
 * Where media files live in the object store: under `media/<media id>/`, the file under its stored
 * name and `thumbnail` (a JPEG). On the disk backend that is `DATA_DIR/media/<media id>/`; the API
 * serves them after the access rule.
 */
export function mediaPrefix(mediaId: string): string {
  return `media/${mediaId}/`;
}

export const THUMBNAIL_OBJECT = 'thumbnail';

/** The size of a stored object, or null when it is missing. */
export function mediaObjectSize(store: ObjectStore, mediaId: string, name: string): Promise<number | null> {
  return store.size(mediaPrefix(mediaId) + name);
}

/** Reads `length` bytes at `offset` of a stored object. */
export function readMediaRange(store: ObjectStore, mediaId: string, name: string, offset: number, length: number): Promise<Buffer> {
  return store.getRange(mediaPrefix(mediaId) + name, offset, length);
}
