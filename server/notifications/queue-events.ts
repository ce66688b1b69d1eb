import type { Queryable } from '../db/client.ts';
import { notify } from './notify.ts';

/** Tells a member that a copy is held for them until the offer's deadline; once per queue entry. */
export async function notifyQueueOffer(
  db: Queryable,
  offer: { id: string; user_id: string; book_id: string; epustaka_id: string; offer_expires_at: Date | string; catalog_title: string; epustaka_name: string },
): Promise<void> {
  await notify(db, {
    userId: offer.user_id,
    type: 'BOOK',
    event: 'queue_offer',
    params: { title: offer.catalog_title, epustaka: offer.epustaka_name, deadline: new Date(offer.offer_expires_at).toISOString() },
    link: `/book/${offer.book_id}/${offer.epustaka_id}`,
    dedupeKey: `queue_offer:${offer.id}`,
    object: { type: 'BOOK', id: offer.book_id },
  });
}
