import type { Queryable } from '../db/client.ts';
import type { MediaItem } from '../../src/lib/media/schema.ts';
import { decideRead, decideView, type ContentReader } from '../access/content-access.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { recordAccess } from '../shelf/history.repository.ts';
import { MEDIA_HOLDINGS, NEWS_HOLDINGS } from './holdings.ts';
import { findCollection, findMedia, toMediaItem } from './media.repository.ts';

const NOT_FOUND = () => notFound('media_not_found', 'The video or audio could not be found.');

/**
 * A video or audio as the reader sees it (spec 03 §2.3–2.5): the file's address only when the
 * access rule lets them play it. A visitor sees only items a public ePustaka holds.
 */
export async function openMedia(
  db: Queryable,
  input: { mediaId: string; type?: 'video' | 'audio'; epustakaId: string | null; reader: ContentReader | null; organizationId: string; now: Date },
): Promise<MediaItem> {
  const { reader, now } = input;
  const row = await findMedia(db, input.mediaId, reader?.userId ?? null, input.epustakaId, now);
  if (!row || (input.type && row.media_type !== input.type)) throw NOT_FOUND();
  if (row.organization_id !== (reader?.organizationId ?? input.organizationId)) throw NOT_FOUND();
  const item = { id: row.id, organizationId: row.organization_id, drm: false };
  if (!reader) {
    const view = await decideView(db, item, null, now, MEDIA_HOLDINGS);
    if (!view.allowed || view.audience !== 'public') throw NOT_FOUND();
  }
  const decision = await decideRead(db, item, reader, now, MEDIA_HOLDINGS);
  return { ...toMediaItem({ ...row, hold_open: decision.allowed }), can_play: decision.allowed };
}

/**
 * Records the place reached in an item of a collection (POST collection-access-history): only
 * for someone the access rule lets open it.
 */
export async function saveCollectionAccess(db: Queryable, reader: ContentReader, collectionId: string, progress: number, now: Date): Promise<{ object_type: string; object_id: string; progress: number }> {
  const collection = await findCollection(db, collectionId);
  if (!collection || collection.organization_id !== reader.organizationId) throw notFound('collection_not_found', 'The collection item could not be found.');
  const source = collection.object_type === 'ARTICLE' ? NEWS_HOLDINGS : MEDIA_HOLDINGS;
  const decision = await decideRead(db, { id: collection.object_id, organizationId: collection.organization_id, drm: false }, reader, now, source);
  if (!decision.allowed) throw forbidden('not_a_member', 'Only members of the ePustaka can open this item.');
  const total = collection.duration ?? null;
  const place = total !== null && total > 0 ? Math.min(progress, total) : collection.object_type === 'ARTICLE' ? 0 : progress;
  await recordAccess(db, {
    userId: reader.userId,
    objectType: collection.object_type,
    objectId: collection.object_id,
    epustakaId: collection.epustaka_id,
    progress: place,
    progressTotal: total,
    at: now,
  });
  return { object_type: collection.object_type, object_id: collection.object_id, progress: place };
}
