import type { ApiDeps } from '../deps.ts';
import type { QueueJoinInput, QueueJoinResult } from '../../src/lib/lending/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { lockHolding } from '../libraries/epustaka.repository.ts';
import { findOpenLoan } from '../lending/loans.repository.ts';
import { endQueueEntry, findOpenQueueEntry, findQueueEntry, insertQueueEntry, queuePosition } from './queue.repository.ts';
import { iso } from '../db/format.ts';
import { releaseCopies, requireLendable, settleHolding } from '../lending/loans.service.ts';
import { mailNewOffers } from './queue-mail.ts';

/**
 * Puts the caller at the end of a holding's line. Only for a DRM book with copies held but none
 * available, that the caller has not borrowed; members only. Joins are decided one at a time
 * under the holding's lock, so the line keeps the order they were made in.
 * @throws ApiError book_not_found, not_member, membership_pending, membership_expired,
 *   not_queueable (open book or no copies held), copies_available, already_borrowed, already_queued.
 */
export async function joinQueue(deps: ApiDeps, callerId: string, input: QueueJoinInput): Promise<QueueJoinResult> {
  const now = deps.now();
  await requireLendable(deps.db, input.epustaka_id, input.book_id, callerId, now, (holding) => {
    if (!holding.using_drm) throw conflict('not_queueable', 'Open books are never out of copies: borrow it instead.');
  });
  return inTransaction(deps.db, async (tx) => {
    const locked = await lockHolding(tx, input.epustaka_id, input.book_id);
    if (!locked) throw notFound('book_not_found', 'This ePustaka does not hold the book.');
    await settleHolding(tx, locked, now);
    const fresh = (await lockHolding(tx, input.epustaka_id, input.book_id))!;
    if (fresh.all_qty === 0) throw conflict('not_queueable', 'This ePustaka holds no copies of the book.');
    if (await findOpenLoan(tx, callerId, input.book_id)) throw conflict('already_borrowed', 'You already have this book on loan.');
    if (await findOpenQueueEntry(tx, callerId, input.book_id)) {
      throw conflict('already_queued', 'You are already in the queue for this book.');
    }
    if (fresh.available_qty > 0) throw conflict('copies_available', 'A copy is available: borrow the book instead.');
    const entry = await insertQueueEntry(tx, { userId: callerId, epustakaId: input.epustaka_id, bookId: input.book_id, now });
    return {
      id: entry.id,
      book_id: entry.book_id,
      epustaka_id: entry.epustaka_id,
      position: await queuePosition(tx, entry.id),
      created_at: iso(entry.created_at),
    };
  });
}

/**
 * Takes the caller out of a line. A copy that was being held for them goes to the next in line.
 * @throws ApiError queue_not_found (404, also when already ended), not_your_queue (403).
 */
export async function leaveQueue(deps: ApiDeps, callerId: string, queueId: string): Promise<void> {
  const entry = await findQueueEntry(deps.db, queueId);
  if (!entry || entry.ended_at !== null) throw notFound('queue_not_found', 'The queue entry could not be found.');
  if (entry.user_id !== callerId) throw forbidden('not_your_queue', 'You can only leave your own queue entries.');
  const now = deps.now();
  await inTransaction(deps.db, async (tx) => {
    const holding = await lockHolding(tx, entry.epustaka_id, entry.book_id);
    if (holding) await settleHolding(tx, holding, now);
    const current = await findQueueEntry(tx, queueId);
    if (!current || current.ended_at !== null) return;
    await endQueueEntry(tx, current.id, 'left', now);
    // The copy held for them goes to the next in line.
    if (holding && current.offered_at !== null) await releaseCopies(tx, holding, 1, now);
  });
  await mailNewOffers(deps);
}
