import type { ApiDeps } from '../deps.ts';
import type { Rating, RatingCreateInput, RatingReportInput, RatingUpdateInput } from '../../src/lib/ratings/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { findBookBrief } from '../catalogue/books.repository.ts';
import { hasBorrowedBefore } from '../lending/loans.repository.ts';
import { findRating, findRatingView, insertRating, insertReport, softDeleteRating, updateRating, type RatingRow } from './ratings.repository.ts';
import { violatedConstraint } from '../db/transaction.ts';
import { addFeedItem } from '../feed/feed.repository.ts';

const ratingNotFound = () => notFound('rating_not_found', 'The review could not be found.');

/**
 * Writes a review or, with `parent_id`, a reply. Reviews need a past loan of the book and are one
 * per user and book (edit with PUT); replies may come from anyone signed in, one level deep.
 * @throws ApiError book_not_found, rating_not_found (404), not_borrowed_before (403),
 *   already_rated, rating_deleted (409), invalid_parent (400).
 */
export async function createRating(deps: ApiDeps, callerId: string, input: RatingCreateInput): Promise<Rating> {
  if (!(await findBookBrief(deps.db, input.book_id))) throw notFound('book_not_found', 'The book could not be found.');
  const now = deps.now();
  const comment = input.rating_comment!;
  if (input.parent_id) {
    const parent = await findRating(deps.db, input.parent_id);
    if (!parent || parent.book_id !== input.book_id) throw ratingNotFound();
    if (parent.parent_id !== null) throw badRequest('invalid_parent', 'Replies go to a review, not to another reply.', 'parent_id');
    if (parent.deleted_at !== null) throw conflict('rating_deleted', 'The review has been deleted.');
    const id = await insertRating(deps.db, { bookId: input.book_id, userId: callerId, parentId: parent.id, level: null, comment, now });
    return (await findRatingView(deps.db, id, callerId))!;
  }
  if (!(await hasBorrowedBefore(deps.db, callerId, input.book_id))) {
    throw forbidden('not_borrowed_before', 'You can review a book only after borrowing it.');
  }
  let id: string;
  try {
    // The review and its feed item stand or fall together.
    id = await deps.db.transaction(async (tx) => {
      const ratingId = await insertRating(tx, { bookId: input.book_id, userId: callerId, parentId: null, level: input.rating_level!, comment, now });
      await addFeedItem(tx, { type: 'BOOK_REVIEW', senderId: callerId, objectType: 'RATING', objectId: ratingId, now });
      return ratingId;
    });
  } catch (error) {
    if (violatedConstraint(error) === 'ratings_one_review_key') {
      throw conflict('already_rated', 'You have reviewed this book already: edit your review instead.');
    }
    throw error;
  }
  return (await findRatingView(deps.db, id, callerId))!;
}

async function ownRating(deps: ApiDeps, callerId: string, ratingId: string): Promise<RatingRow> {
  const rating = await findRating(deps.db, ratingId);
  if (!rating) throw ratingNotFound();
  if (rating.user_id !== callerId) throw forbidden('not_owner', 'Only the author can change this review.');
  return rating;
}

/**
 * Edits an own review or reply; a review keeps its level when none is given.
 * @throws ApiError rating_not_found (404), not_owner (403), rating_deleted (409).
 */
export async function editRating(deps: ApiDeps, callerId: string, input: RatingUpdateInput): Promise<Rating> {
  const rating = await ownRating(deps, callerId, input.rating_id);
  if (rating.deleted_at !== null) throw conflict('rating_deleted', 'The review has been deleted.');
  await updateRating(deps.db, rating.id, { level: input.rating_level ?? null, comment: input.rating_comment, now: deps.now() });
  return (await findRatingView(deps.db, rating.id, callerId))!;
}

/**
 * Soft-deletes an own review or reply: it keeps its place, its text is hidden. Deleting twice is fine.
 * @throws ApiError rating_not_found (404), not_owner (403).
 */
export async function deleteRating(deps: ApiDeps, callerId: string, ratingId: string): Promise<Rating> {
  const rating = await ownRating(deps, callerId, ratingId);
  await softDeleteRating(deps.db, rating.id, deps.now());
  return (await findRatingView(deps.db, rating.id, callerId))!;
}

/**
 * Reports someone else's review or reply.
 * @throws ApiError rating_not_found (404), cannot_report_own (403), already_reported (409).
 */
export async function reportRating(deps: ApiDeps, callerId: string, input: RatingReportInput): Promise<void> {
  const rating = await findRating(deps.db, input.rating_id);
  if (!rating) throw ratingNotFound();
  if (rating.user_id === callerId) throw forbidden('cannot_report_own', 'You cannot report your own review.');
  if (!(await insertReport(deps.db, rating.id, callerId, input.reason, deps.now()))) {
    throw conflict('already_reported', 'Sorry. you have reported the content before.');
  }
}
