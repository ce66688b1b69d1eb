import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, sniffImageType, type ImageType } from '../../src/lib/account/rules.ts';
import type { UploadResult } from '../../src/lib/account/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { Caller } from '../http/auth-guard.ts';
import type { Db } from '../db/client.ts';
import type { ApiDeps } from '../deps.ts';
import * as repo from './objects.repository.ts';
import type { StoredObjectRow } from './objects.repository.ts';
import { ObjectNotFoundError, type ObjectStore } from './object-store.ts';
import { decideObjectView } from './object-access.ts';
import { PENDING_GRACE_MS } from './staging.ts';

const EXTENSION: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** Where an object's bytes live in the store: one object per upload, named by its id (on disk, under DATA_DIR/objects). */
function objectKey(id: string): string {
  return `objects/${id.slice(0, 2)}/${id}`;
}

function isQuotaError(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23514' && e.constraint === repo.QUOTA_CONSTRAINT;
}

/**
 * POST storage/uploadobject: keeps an image of the caller in `storagePath` of their organisation's
 * bucket. The type comes from the file's signature, never from its name or the declared type; the
 * size must be under 2 MB and within the caller's quota (403 'Quota capacity is exceed').
 *
 * The row goes in first: the statement that inserts it also adds its size to the caller's usage and
 * refuses it when that passes the quota, so uploads racing on any number of servers never store
 * more than the quota together, and nothing is written for a refused one. The bytes follow; only
 * then is the row marked stored and served. A failed write deletes the row, which gives the space back.
 */
export async function storeUpload(
  deps: ApiDeps,
  caller: Caller,
  input: { bucketName: string; storagePath: string; file: File },
): Promise<UploadResult> {
  if (input.bucketName !== caller.user.organization_id) throw badRequest('invalid_bucket', 'Upload into your organisation’s bucket.', 'bucketName');
  const { file } = input;
  if (file.size >= IMAGE_MAX_BYTES) throw new ApiError(413, 'image_too_large', 'The image must be smaller than 2 MB.', { field: 'file' });
  if (file.size === 0) throw badRequest('image_type', 'Upload a JPG, PNG or GIF image.', 'file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw badRequest('image_type', 'Upload a JPG, PNG or GIF image.', 'file');

  const id = randomUUID();
  const path = `${input.storagePath}/${id}.${EXTENSION[type]}`;
  try {
    await repo.reserveObject(deps.db, { id, bucket: input.bucketName, path, content_type: type, size: bytes.length, owner_id: caller.user.id });
  } catch (error) {
    if (isQuotaError(error)) throw new ApiError(403, 'quota_exceeded', 'Quota capacity is exceed');
    throw error;
  }
  try {
    await deps.store.put(objectKey(id), bytes);
    if (!(await repo.markStored(deps.db, id, deps.now()))) throw new Error(`The upload ${id} was removed before its bytes were written.`);
  } catch (error) {
    // If even this fails, the row stays unstored and the hourly sweep removes it.
    await repo.deleteObject(deps.db, id).catch(() => undefined);
    await deps.store.delete(objectKey(id)).catch(() => undefined);
    throw error;
  }
  return { objId: id, objName: path };
}

/**
 * GET storage/object/{id}: the object's row and audience when `viewerId` (null for a visitor) may
 * fetch it ({@link decideObjectView}); undefined when there is none for them.
 */
export async function findVisibleObject(
  deps: ApiDeps,
  id: string,
  viewerId: string | null,
): Promise<{ object: StoredObjectRow; audience: 'public' | 'private' } | undefined> {
  const object = await repo.findObject(deps.db, id);
  if (!object) return undefined;
  const view = await decideObjectView(deps.db, object, viewerId, deps.now());
  return view.allowed ? { object, audience: view.audience } : undefined;
}

/** A stored object's bytes, or undefined when its file is gone. */
export async function readObjectBytes(store: ObjectStore, id: string): Promise<Buffer | undefined> {
  try {
    return await store.get(objectKey(id));
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return undefined;
    throw error;
  }
}

/** Removes the bytes of objects whose rows are gone; a failure leaves unreachable bytes, never a broken row. */
export async function deleteObjectBytes(store: ObjectStore, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await store.delete(objectKey(id)).catch((error: Error) => console.warn(`[storage] could not delete ${objectKey(id)}: ${error.message}`));
  }
}

/**
 * POST or DELETE storage/removeobject: the caller removes one of their uploads and gets its space
 * back. A picture still attached (a post's, the current avatar) is refused: it goes with its post,
 * or when another avatar replaces it.
 * @throws ApiError object_not_found (404: none, not theirs, or still being written), object_in_use (409).
 */
export async function removeOwnUpload(deps: ApiDeps, callerId: string, id: string): Promise<void> {
  if (await repo.deleteUnattachedObject(deps.db, id, callerId)) {
    await deleteObjectBytes(deps.store, [id]);
    return;
  }
  const object = await repo.findObject(deps.db, id);
  if (object && object.owner_id === callerId && object.stored_at !== null && object.attached_kind !== null) {
    throw conflict('object_in_use', 'The picture is still in use: delete its post, or choose another avatar, first.');
  }
  throw notFound('object_not_found', 'No such object.');
}

/**
 * Removes uploads whose bytes were still not written `graceMs` after their row (the process died
 * meanwhile), giving their space back; returns how many it removed. Each row is claimed by the
 * delete itself, so a late finish of the upload and the sweep cannot both win.
 */
export async function sweepUnstoredUploads(db: Db, store: ObjectStore, now: Date, graceMs = PENDING_GRACE_MS): Promise<number> {
  let removed = 0;
  for (const id of await repo.staleUnstoredObjects(db, new Date(now.getTime() - graceMs))) {
    if (!(await repo.deleteUnstoredObject(db, id))) continue;
    await deleteObjectBytes(store, [id]);
    removed += 1;
  }
  return removed;
}
