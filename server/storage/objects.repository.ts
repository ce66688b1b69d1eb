import type { Queryable } from '../db/client.ts';

/*
 * Uploaded objects (`storage_objects`) and what each user stores (`storage_usage`, kept by a
 * trigger on the object rows: see migration 20261128_10_storage_uploads). Functions take the
 * database or an open transaction first.
 */

/**
 * What an uploaded object belongs to: a user's avatar (`attached_id` the user), a feed item's
 * picture, or a picture of a quiz's questions (`attached_id` the quiz).
 */
export type AttachmentKind = 'AVATAR' | 'FEED' | 'QUIZ';

export interface StoredObjectRow {
  id: string;
  bucket: string;
  path: string;
  content_type: string;
  size: number;
  owner_id: string | null;
  /** When its bytes were written; null while they are being written (the row only reserves the space). */
  stored_at: string | Date | null;
  attached_kind: AttachmentKind | null;
  attached_id: string | null;
}

const COLUMNS = 'id, bucket, path, content_type, size, owner_id, stored_at, attached_kind, attached_id';

/** The constraint the usage trigger names when an object would take its owner past their quota. */
export const QUOTA_CONSTRAINT = 'storage_quota';

/**
 * Inserts the row of an object whose bytes are not written yet, reserving its size against the
 * owner's quota in the same statement. Throws a database error (SQLSTATE 23514, constraint
 * {@link QUOTA_CONSTRAINT}) when the quota has no room for it.
 */
export async function reserveObject(
  db: Queryable,
  object: Pick<StoredObjectRow, 'id' | 'bucket' | 'path' | 'content_type' | 'size' | 'owner_id'>,
): Promise<void> {
  await db.query('INSERT INTO storage_objects (id, bucket, path, content_type, size, owner_id) VALUES ($1, $2, $3, $4, $5, $6)', [
    object.id,
    object.bucket,
    object.path,
    object.content_type,
    object.size,
    object.owner_id,
  ]);
}

/** Marks an object's bytes written; false when its row is gone (the sweep took it meanwhile). */
export async function markStored(db: Queryable, id: string, at: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE storage_objects SET stored_at = $2 WHERE id = $1 AND stored_at IS NULL RETURNING id', [id, at.toISOString()]);
  return rows.length > 0;
}

/** An object's row, whether or not its bytes are written. */
export async function findObject(db: Queryable, id: string): Promise<StoredObjectRow | undefined> {
  const { rows } = await db.query<StoredObjectRow>(`SELECT ${COLUMNS} FROM storage_objects WHERE id = $1`, [id]);
  return rows[0];
}

/** Deletes an object's row (its size goes back to its owner); the row it deleted, or undefined when there was none. */
export async function deleteObject(db: Queryable, id: string): Promise<StoredObjectRow | undefined> {
  const { rows } = await db.query<StoredObjectRow>(`DELETE FROM storage_objects WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}

/** Deletes an owner's stored object that is attached to nothing; false when there is no such object. */
export async function deleteUnattachedObject(db: Queryable, id: string, ownerId: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM storage_objects WHERE id = $1 AND owner_id = $2 AND attached_kind IS NULL AND stored_at IS NOT NULL RETURNING id',
    [id, ownerId],
  );
  return rows.length > 0;
}

/**
 * Locks an object for attaching, so nothing else takes or removes it before the transaction ends.
 * Only the owner's own stored object under `pathPrefix` that is attached to nothing (or already to
 * `current`, the thing it is being attached to again) can be; false otherwise.
 */
export async function claimObject(
  tx: Queryable,
  object: { id: string; ownerId: string; pathPrefix: string },
  current: { kind: AttachmentKind; id: string } | null = null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT id FROM storage_objects
      WHERE id = $1 AND owner_id = $2 AND starts_with(path, $3) AND stored_at IS NOT NULL
        AND (attached_kind IS NULL OR (attached_kind = $4 AND attached_id = $5::uuid))
      FOR UPDATE`,
    [object.id, object.ownerId, object.pathPrefix, current?.kind ?? null, current?.id ?? null],
  );
  return rows.length > 0;
}

/** Records what a claimed object ({@link claimObject}, same transaction) belongs to. */
export async function attachObject(tx: Queryable, id: string, to: { kind: AttachmentKind; id: string }): Promise<void> {
  await tx.query('UPDATE storage_objects SET attached_kind = $2, attached_id = $3 WHERE id = $1', [id, to.kind, to.id]);
}

/**
 * Deletes the rows of the objects attached to one thing (a deleted post's picture; with `exceptId`,
 * the avatars a new one replaces); answers their ids.
 */
export async function deleteAttachedObjects(db: Queryable, kind: AttachmentKind, id: string, exceptId: string | null = null): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM storage_objects WHERE attached_kind = $1 AND attached_id = $2 AND id IS DISTINCT FROM $3::uuid RETURNING id',
    [kind, id, exceptId],
  );
  return rows.map((r) => r.id);
}

/** Deletes the rows of the objects attached to one thing except those in `keepIds` (pictures a quiz no longer uses); answers their ids. */
export async function deleteAttachedObjectsExcept(db: Queryable, kind: AttachmentKind, id: string, keepIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM storage_objects WHERE attached_kind = $1 AND attached_id = $2 AND NOT (id = ANY($3::uuid[])) RETURNING id',
    [kind, id, keepIds],
  );
  return rows.map((r) => r.id);
}

/** Objects whose bytes were still not written at `before`, oldest first. */
export async function staleUnstoredObjects(db: Queryable, before: Date, limit = 100): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM storage_objects WHERE stored_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2',
    [before.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}

/** Deletes an object's row if its bytes are still not written; false when it was written or is gone. */
export async function deleteUnstoredObject(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM storage_objects WHERE id = $1 AND stored_at IS NULL RETURNING id', [id]);
  return rows.length > 0;
}
