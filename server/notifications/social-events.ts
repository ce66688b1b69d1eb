import type { Queryable } from '../db/client.ts';
import { notify } from './notify.ts';
import { userName } from './notifications.repository.ts';

/*
 * The notifications of following and recommending, made in the transaction of the change.
 */

/** Tells `followedId` that `followerId` follows them: once per follower, however often they unfollow and follow again. */
export async function notifyFollow(tx: Queryable, followerId: string, followedId: string): Promise<void> {
  await notify(tx, {
    userId: followedId,
    type: 'FEED',
    event: 'follow',
    params: { name: await userName(tx, followerId) },
    link: `/profil/user/${followerId}`,
    dedupeKey: `follow:${followerId}`,
    object: { type: 'USER', id: followerId },
    senderId: followerId,
  });
}

/** Tells each target of a book recommendation about it. */
export async function notifyRecommendation(
  tx: Queryable,
  rec: { feedId: string; senderId: string; bookId: string; title: string; targetIds: string[] },
): Promise<void> {
  const name = await userName(tx, rec.senderId);
  for (const userId of rec.targetIds) {
    await notify(tx, {
      userId,
      type: 'BOOK',
      event: 'recommend',
      params: { name, title: rec.title },
      link: `/book/${rec.bookId}`,
      dedupeKey: `recommend:${rec.feedId}`,
      object: { type: 'BOOK', id: rec.bookId },
      senderId: rec.senderId,
    });
  }
}
