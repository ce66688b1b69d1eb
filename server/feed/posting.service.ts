import type { ApiDeps } from '../deps.ts';
import type { FeedItem } from '../../src/lib/feed/schema.ts';
import type { z } from 'zod';
import type { postingSchema } from '../../src/lib/feed/schema.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { attachObject, claimObject, deleteAttachedObjects } from '../storage/objects.repository.ts';
import { deleteObjectBytes } from '../storage/uploads.ts';
import { inTransaction } from '../db/transaction.ts';
import { addFeedItem, feedOwner } from './feed.repository.ts';
import { feedDetail, feedNotFound } from './feed.service.ts';

type PostingInput = z.output<typeof postingSchema>;

/**
 * Posts text and/or a picture to the timeline, as the caller or as an ePustaka they own. The
 * picture must be the caller's own upload under images/posts (checked by signature and size when
 * it was uploaded) not yet used elsewhere.
 * @throws ApiError sender_mismatch, not_epustaka_owner (403), invalid_image (400).
 */
export async function createPost(deps: ApiDeps, callerId: string, input: PostingInput): Promise<FeedItem> {
  let senderId = callerId;
  if (input.sender_type === 'USER') {
    if (input.sender_id && input.sender_id !== callerId) throw forbidden('sender_mismatch', 'You can only post as yourself.');
  } else {
    if (!input.sender_id) throw badRequest('invalid_sender_id', 'Name the ePustaka to post as.', 'sender_id');
    const { rows } = await deps.db.query<{ created_by: string | null }>('SELECT created_by FROM epustaka WHERE id = $1', [input.sender_id]);
    if (rows[0]?.created_by !== callerId) throw forbidden('not_epustaka_owner', 'Only the owner can post as this ePustaka.');
    senderId = input.sender_id;
  }
  const image = input.image_file_id ?? null;
  const id = await inTransaction(deps.db, async (tx) => {
    // The picture must be the caller's own upload under images/posts, attached to nothing else; from
    // now on it belongs to the post, and whoever may see the post may see it.
    if (image && !(await claimObject(tx, { id: image, ownerId: callerId, pathPrefix: 'images/posts/' }))) {
      throw badRequest('invalid_image', 'Upload the picture of the post first.', 'image_file_id');
    }
    const feedId = await addFeedItem(tx, {
      type: 'VISUAL_POST',
      senderType: input.sender_type,
      senderId,
      message: input.message,
      imageObjectId: image,
      now: deps.now(),
    });
    if (image) await attachObject(tx, image, { kind: 'FEED', id: feedId });
    return feedId;
  });
  return feedDetail(deps, callerId, id);
}

/**
 * Deletes one of the caller's posts (with its likes, comments and picture).
 * @throws ApiError feed_not_found (404), not_your_post (403).
 */
export async function deletePost(deps: ApiDeps, callerId: string, id: string): Promise<void> {
  const { rows } = await deps.db.query<{ feed_type: string }>('SELECT feed_type FROM feeds WHERE id = $1', [id]);
  if (!rows[0]) throw feedNotFound();
  if ((await feedOwner(deps.db, id)) !== callerId || rows[0].feed_type !== 'VISUAL_POST') throw forbidden('not_your_post', 'You can only delete your own posts.');
  const pictures = await inTransaction(deps.db, async (tx) => {
    await tx.query(`DELETE FROM likes WHERE object_type = 'FEED' AND object_id = $1`, [id]);
    await tx.query(`DELETE FROM comments WHERE object_type = 'FEED' AND object_id = $1`, [id]);
    await tx.query('DELETE FROM feeds WHERE id = $1', [id]);
    // Its picture goes with it, and no longer counts against the quota.
    return deleteAttachedObjects(tx, 'FEED', id);
  });
  await deleteObjectBytes(deps.store, pictures);
}
