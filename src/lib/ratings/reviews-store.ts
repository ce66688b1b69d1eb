import { atom, computed } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import * as calls from '../catalogue/api.ts';
import type { Rating, RatingListMeta } from './schema.ts';
import type { ReportReason } from '../contract/values.ts';
import { $bookRef, codeOf, createFetcherStore, currentBook, LIST_SIZES, notifyCatalogueError, refreshBook, revalidateKeys } from '../catalogue/store.ts';
import { createListStore, type ListStore } from '../paging/list-store.ts';
import { notify, openPopup } from '../shell/store.ts';

/*
 * The reviews of the book on screen (spec 01 §4.5, §5; 02 §4.4): the list, replies, writing,
 * editing, deleting and reporting.
 */

const $reviewBook = computed($bookRef, (ref) => ref?.id ?? null);
export const REVIEWS_KEY = 'catalogue/reviews/';

export const $reviews = createFetcherStore<{ data: Rating[]; meta: RatingListMeta }>([REVIEWS_KEY, $reviewBook], {
  fetcher: (_prefix, bookId) => calls.getRatings(api, { book_id: String(bookId) }),
});

function refreshReviews(): void {
  const id = $reviewBook.get();
  if (id) revalidateKeys(REVIEWS_KEY + id);
}

/** The one comment in reply or edit mode (spec 02 §4.4), or null. */
export const $commentMode = atom<{ kind: 'reply' | 'edit'; id: string } | null>(null);
export const $reviewBusy = atom(false);

export function setCommentMode(mode: { kind: 'reply' | 'edit'; id: string } | null): void {
  $commentMode.set(mode);
}

const replyLists = new Map<string, ListStore<Rating, { rating_id: string }>>();

/** The replies of a review, 10 at a time (+10). */
export function repliesOf(ratingId: string): ListStore<Rating, { rating_id: string }> {
  let list = replyLists.get(ratingId);
  if (!list) {
    list = createListStore<Rating, { rating_id: string }>(async (http, params) => {
      const body = await calls.getRatingDetail(http, params);
      return { data: body.data.reply, meta: body.meta };
    }, LIST_SIZES.replies);
    replyLists.set(ratingId, list);
  }
  return list;
}

async function afterReviewChange(parentId: string | null): Promise<void> {
  refreshReviews();
  refreshBook();
  if (parentId) await repliesOf(parentId).reload().catch(() => undefined);
}

async function guarded(t: TFunction, run: () => Promise<void>): Promise<boolean> {
  if ($reviewBusy.get()) return false;
  $reviewBusy.set(true);
  try {
    await run();
    return true;
  } catch (error) {
    notifyCatalogueError(t, error);
    return false;
  } finally {
    $reviewBusy.set(false);
  }
}

/** Saves the user's review: the first one is created, later ones edit it. */
export function saveReview(t: TFunction, input: { level: number | null; text: string }): Promise<boolean> {
  return guarded(t, async () => {
    const book = currentBook();
    if (!book) return;
    const own = book.user_rating;
    const comment = input.text.trim();
    if (own) {
      await calls.putRating(api, { rating_id: own.id, rating_level: input.level ?? own.rating_level, rating_comment: comment });
    } else {
      await calls.postRating(api, { book_id: book.id, rating_level: input.level, rating_comment: comment });
    }
    notify('success', t('catalogue.review.saved'));
    await afterReviewChange(null);
  });
}

/** Replies to a review. */
export function replyTo(t: TFunction, parentId: string, text: string): Promise<boolean> {
  return guarded(t, async () => {
    const book = currentBook();
    if (!book) return;
    await calls.postRating(api, { book_id: book.id, parent_id: parentId, rating_comment: text.trim() });
    $commentMode.set(null);
    notify('success', t('catalogue.review.replied'));
    await afterReviewChange(parentId);
  });
}

/** Edits an own review or reply. */
export function editComment(t: TFunction, rating: Rating, input: { text: string; level?: number | null }): Promise<boolean> {
  return guarded(t, async () => {
    await calls.putRating(api, {
      rating_id: rating.id,
      rating_level: rating.parent_id ? undefined : (input.level ?? rating.rating_level),
      rating_comment: input.text.trim(),
    });
    $commentMode.set(null);
    notify('success', t('catalogue.review.saved'));
    await afterReviewChange(rating.parent_id);
  });
}

/** Deletes an own review or reply: 'Ulasan terhapus.' */
export function deleteComment(t: TFunction, rating: Rating): Promise<boolean> {
  return guarded(t, async () => {
    await calls.deleteRating(api, { rating_id: rating.id });
    notify('success', t('catalogue.review.deleted'));
    await afterReviewChange(rating.parent_id);
  });
}

/** The comment being reported, or null. */
export const $reporting = atom<Rating | null>(null);

/**
 * Reports someone else's comment with one of the four reasons: a 'sent' dialog, or the
 * already-reported warning when the server says so.
 */
export async function reportComment(t: TFunction, reason: ReportReason): Promise<void> {
  const rating = $reporting.get();
  if (!rating || $reviewBusy.get()) return;
  $reviewBusy.set(true);
  try {
    await calls.reportRating(api, { rating_id: rating.id, reason });
    $reporting.set(null);
    openPopup({ title: t('catalogue.report.sentTitle'), body: t('catalogue.report.sent') });
    await afterReviewChange(rating.parent_id);
  } catch (error) {
    if (codeOf(error) === 'already_reported') {
      $reporting.set(null);
      openPopup({ title: t('catalogue.report.alreadyTitle'), body: t('catalogue.report.already') });
    } else {
      notifyCatalogueError(t, error);
    }
  } finally {
    $reviewBusy.set(false);
  }
}
