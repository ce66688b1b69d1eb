import type { Queryable } from '../db/client.ts';
import { BOOK_DETAIL_FROM, BOOK_DETAIL_SELECT, relatedBooksSql, type BookDetailRow, type RelatedBookRow } from './books.repository.ts';
import { holdingViewsSql, type HoldingViewRow } from '../libraries/epustaka.repository.ts';
import { anythingToSettleSql } from '../lending/loans.repository.ts';
import { queuePositionSql } from '../queue/queue.repository.ts';
import { shownReviewCountSql } from '../ratings/ratings.repository.ts';

/** A book and everything about it the caller's book page shows, read in one statement. */
export interface BookViewRow extends BookDetailRow {
  /** Every holding as the caller sees it, oldest first. */
  holdings: HoldingViewRow[];
  related: RelatedBookRow[];
  /** Reviews neither deleted nor reported by the caller. */
  review_count: number;
  own_review: { id: string; rating_level: number | null; rating_comment: string } | null;
  /** The caller has the book on loan and it is not yet due. */
  has_loan: boolean;
  borrowed_before: boolean;
  /** Open loans not yet due, in every holding. */
  active_loans: number;
  /** 1-based place of the caller's open queue entry (the oldest, if several), or null. */
  queue_position: number | null;
  /** The copy held for the caller from a queue: where, and until when. */
  offer: { epustaka_id: string; expires_at: string } | null;
  readable: boolean;
  /** Some holding (any book) has an overdue loan or an expired offer that is not settled yet. */
  settle_due: boolean;
}

/**
 * The caller's book page in one round trip: the book row of `findBookDetail`, the holdings of
 * `listHoldingViews`, up to ten related books (newest of the category), and the caller's loan,
 * review, queue place and offer.
 * `settle_due` tells the service to settle and read again; when nothing is due (nearly always)
 * this is the only query of the page.
 */
export async function findBookView(db: Queryable, bookId: string, userId: string, now: Date): Promise<BookViewRow | undefined> {
  const { rows } = await db.query<BookViewRow>(
    `SELECT d.*,
            (SELECT coalesce(json_agg(h ORDER BY h.held_at, h.epustaka_id), '[]'::json)
               FROM (${holdingViewsSql('d.id', '$2', 'NULL')}) h) AS holdings,
            (SELECT coalesce(json_agg(r ORDER BY r.created_at DESC, r.id DESC), '[]'::json)
               FROM (${relatedBooksSql('d.category_id', 'd.id', '10')}) r) AS related,
            ${shownReviewCountSql('d.id', '$2')} AS review_count,
            (SELECT json_build_object('id', r.id, 'rating_level', r.rating_level, 'rating_comment', r.rating_comment) FROM ratings r
              WHERE r.book_id = d.id AND r.user_id = $2 AND r.parent_id IS NULL AND r.deleted_at IS NULL LIMIT 1) AS own_review,
            EXISTS (SELECT 1 FROM borrows x WHERE x.user_id = $2 AND x.book_id = d.id AND x.returned_at IS NULL AND x.due_at > $3) AS has_loan,
            EXISTS (SELECT 1 FROM borrows x WHERE x.user_id = $2 AND x.book_id = d.id) AS borrowed_before,
            (SELECT count(*)::int FROM borrows x WHERE x.book_id = d.id AND x.returned_at IS NULL AND x.due_at > $3) AS active_loans,
            (SELECT ${queuePositionSql('me')}
               FROM book_queues me WHERE me.user_id = $2 AND me.book_id = d.id AND me.ended_at IS NULL
              ORDER BY me.created_at, me.id LIMIT 1) AS queue_position,
            (SELECT json_build_object('epustaka_id', q.epustaka_id, 'expires_at', q.offer_expires_at) FROM book_queues q
              WHERE q.user_id = $2 AND q.book_id = d.id AND q.ended_at IS NULL AND q.offered_at IS NOT NULL AND q.offer_expires_at > $3
              ORDER BY q.offer_expires_at LIMIT 1) AS offer,
            EXISTS (SELECT 1 FROM book_files f WHERE f.book_id = d.id) AS readable,
            ${anythingToSettleSql('$3')} AS settle_due
       FROM (${BOOK_DETAIL_SELECT} ${BOOK_DETAIL_FROM} WHERE b.id = $1) d`,
    [bookId, userId, now.toISOString()],
  );
  return rows[0];
}
