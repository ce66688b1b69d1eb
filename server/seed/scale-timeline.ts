import type { Queryable } from '../db/client.ts';
import { sqlId } from './scale-ids.ts';
import { REVIEW, pick } from './scale-words.ts';

/** Readers the timeline's bench user (bench user 0) follows. */
export const TIMELINE_FOLLOWS = 500;
/** Feed items (readers' posts) per book of the catalogue: 100,000 at 100,000 books. */
const FEED_ITEMS_PER_BOOK = 1;
/** The posts are spread over this many seconds before the seed's time (300 days). */
const FEED_SPAN_SECONDS = 300 * 24 * 3600;

/**
 * The timeline at scale: readers' posts (FEED_ITEMS_PER_BOOK per book, spread over the readers
 * and over the last 300 days), and bench user 0 following TIMELINE_FOLLOWS readers spread evenly
 * over all of them (every reader when there are fewer), so at 100,000 books about a tenth of the
 * items are theirs to see. Readers are users `firstReader` .. `firstReader + readers - 1`.
 */
export async function seedScaleTimeline(
  tx: Queryable,
  sizes: { books: number; readers: number; firstReader: number; nowIso: string },
): Promise<{ feedItems: number; follows: number }> {
  const feedItems = Math.floor(sizes.books * FEED_ITEMS_PER_BOOK);
  const follows = Math.min(TIMELINE_FOLLOWS, sizes.readers);
  await tx.query(
    `INSERT INTO feeds (id, feed_type, sender_type, sender_id, message, created_at, updated_at)
     SELECT ${sqlId('feed', 'i')}, 'VISUAL_POST', 'USER', ${sqlId('user', `${sizes.firstReader} + (i * 7) % ${sizes.readers}`)},
            ${pick(REVIEW, 'i')}, d, d
       FROM (SELECT i, $1::timestamptz - ((i::bigint * 2654435761) % ${FEED_SPAN_SECONDS}) * interval '1 second' AS d
               FROM generate_series(0, ${feedItems - 1}) i) g`,
    [sizes.nowIso],
  );
  await tx.query(
    `INSERT INTO follows (follower_id, followed_id, created_at)
     SELECT ${sqlId('user', '0')}, ${sqlId('user', `${sizes.firstReader} + (k * ${sizes.readers}) / ${follows}`)}, $1::timestamptz
       FROM generate_series(0, ${follows - 1}) k`,
    [sizes.nowIso],
  );
  return { feedItems, follows };
}
