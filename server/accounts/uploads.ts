import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, sniffImageType, type ImageType } from '../../src/lib/domain/account-validation.ts';
import type { UploadResult } from '../../src/lib/api/schemas/account.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { Caller } from '../http/auth-guard.ts';
import type { ApiDeps } from '../deps.ts';
import * as repo from './repository.ts';
import type { StoredObjectRow } from './repository.ts';
import { ObjectNotFoundError } from '../storage/object-store.ts';

const EXTENSION: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** Where an object's bytes live in the store: one object per upload, named by its id (on disk, under DATA_DIR/objects). */
function objectKey(id: string): string {
  return `objects/${id.slice(0, 2)}/${id}`;
}

/**
 * POST storage/uploadobject: keeps an image of the caller in `storagePath` of their organisation's
 * bucket. The type comes from the file's signature, never from its name or the declared type; the
 * size must be under 2 MB and within the caller's quota (403 'Quota capacity is exceed').
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
  const { used, quota } = await repo.storageUse(deps.db, caller.user.id);
  if (used + bytes.length > quota) throw new ApiError(403, 'quota_exceeded', 'Quota capacity is exceed');

  const id = randomUUID();
  const name = `${id}.${EXTENSION[type]}`;
  // The bytes first, then the row: no row points to missing bytes, and bytes without a row are never served.
  await deps.store.put(objectKey(id), bytes);
  try {
    await repo.insertObject(deps.db, {
      id,
      bucket: input.bucketName,
      path: `${input.storagePath}/${name}`,
      content_type: type,
      size: bytes.length,
      owner_id: caller.user.id,
    });
  } catch (error) {
    await deps.store.delete(objectKey(id));
    throw error;
  }
  return { objId: id, objName: `${input.storagePath}/${name}` };
}

/** An object's row and bytes, or undefined when there is none (or its file is gone). */
export async function readStoredObject(deps: ApiDeps, id: string): Promise<{ object: StoredObjectRow; bytes: Buffer } | undefined> {
  const object = await repo.findObject(deps.db, id);
  if (!object) return undefined;
  try {
    return { object, bytes: await deps.store.get(objectKey(id)) };
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return undefined;
    throw error;
  }
}

/** Deletes an object's row and file. */
export async function removeStoredObject(deps: ApiDeps, object: StoredObjectRow): Promise<void> {
  await repo.deleteObject(deps.db, object.id);
  await deps.store.delete(objectKey(object.id));
}
