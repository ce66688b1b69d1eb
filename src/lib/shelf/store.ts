import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { ApiError, isSilentError } from '../http/errors.ts';
import * as calls from './api.ts';
import { postBorrow, postRating, putRating } from '../catalogue/api.ts';
import type { BorrowShelfItem, HistoryItem, QueueShelfItem, ReviewShelfItem } from './schema.ts';
import { formatDueDate, HISTORY_GRID_PAGE, SHELF_LIMITS } from './rules.ts';
import { catalogueErrorText, createListStore, type ListStore } from '../catalogue/store.ts';
import { notify } from '../shell/store.ts';

/*
 * The shelf's state (spec 02 §2.13, §4.6, §8): the four lists, the confirmations before a return
 * or leaving a queue, the review dialog, and every action that changes them. After an action the
 * lists it touches load again in place; islands only read these stores and call these actions.
 */

export const borrowShelf = createListStore<BorrowShelfItem, { q?: string }>((http, p) => calls.getBorrowShelf(http, p), SHELF_LIMITS.default);
export const queueShelf = createListStore<QueueShelfItem, Record<string, never>>((http, p) => calls.getQueueShelf(http, p), SHELF_LIMITS.default);
export const historyShelf = createListStore<HistoryItem, { q?: string }>((http, p) => calls.getHistoryShelf(http, p), SHELF_LIMITS.default);
/** /book-history-list: a grid growing 20 at a time (spec 02 §9). */
export const historyGrid = createListStore<HistoryItem, { user_id?: string }>((http, p) => calls.getHistoryShelf(http, p), HISTORY_GRID_PAGE);
export const reviewShelf = createListStore<ReviewShelfItem, Record<string, never>>((http, p) => calls.getReviewShelf(http, p), SHELF_LIMITS.default);

/** The text of a failed shelf call: the shelf's own translation of its code, else the catalogue's. */
export function shelfErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const own = code ? t(`shelf.errors.${code}`, { defaultValue: '' }) : '';
  return own || catalogueErrorText(t, error);
}

function fail(t: TFunction, error: unknown, text?: string): void {
  if (isSilentError(error)) return;
  notify('error', text ?? shelfErrorText(t, error));
}

/** What the shelf's actions need of a list, whatever its items and parameters. */
export type ShelfListStore = Pick<ListStore<unknown, unknown>, '$state' | 'more' | 'reload' | 'params'>;

/** Loads a list again as far as it was shown, if this page shows it. */
function refresh(list: ShelfListStore): void {
  if (list.params() !== undefined) void list.reload().catch(() => undefined);
}

/** Starts a list over with a new search (history searches on Enter only, spec 02 §5). */
export function searchList(list: ListStore<unknown, { q?: string }>, q: string, t: TFunction): void {
  list.load({ q: q.trim() || undefined }).catch((error) => fail(t, error));
}

export function loadMore(list: ShelfListStore, t: TFunction): void {
  list.more().catch((error) => fail(t, error));
}

// ---------------------------------------------------------------------------------------------
// Confirmations and busy rows

export type ShelfConfirm =
  | { kind: 'return'; item: BorrowShelfItem }
  | { kind: 'renew'; item: BorrowShelfItem }
  | { kind: 'leave'; item: QueueShelfItem }
  | { kind: 'remove'; item: HistoryItem };

export const $confirm = atom<ShelfConfirm | null>(null);
/** The id of the row an action is running on. */
export const $busy = atom<string | null>(null);

export function askConfirm(confirm: ShelfConfirm): void {
  $confirm.set(confirm);
}

export function cancelConfirm(): void {
  if ($busy.get() === null) $confirm.set(null);
}

async function run(id: string, action: () => Promise<void>): Promise<void> {
  if ($busy.get() !== null) return;
  $busy.set(id);
  try {
    await action();
  } finally {
    $busy.set(null);
  }
}

/** Carries out the confirmed action, then closes the dialog; `lang` writes the dates of its toast. */
export async function confirmAction(t: TFunction, lang: string): Promise<void> {
  const confirm = $confirm.get();
  if (!confirm) return;
  await run(confirm.item.id, async () => {
    if (confirm.kind === 'return') await giveBack(t, confirm.item);
    else if (confirm.kind === 'renew') await renew(t, confirm.item, lang);
    else if (confirm.kind === 'leave') await leave(t, confirm.item);
    else await removeFromHistory(t, confirm.item);
  });
  $confirm.set(null);
}

// The spec's text for a failed return or history removal (spec 01 §8).
const CLIENT_ERROR = 'shelf.errors.client';

async function giveBack(t: TFunction, loan: BorrowShelfItem): Promise<void> {
  try {
    const result = await calls.returnLoan(api, { borrow_book_id: loan.id });
    notify(result.already_returned ? 'info' : 'success', t(result.already_returned ? 'shelf.borrow.alreadyReturned' : 'shelf.borrow.returned', { title: loan.book_title }));
  } catch (error) {
    fail(t, error, t(CLIENT_ERROR));
  }
  refresh(borrowShelf);
  refresh(reviewShelf);
}

async function leave(t: TFunction, entry: QueueShelfItem): Promise<void> {
  try {
    await calls.leaveQueue(api, { queue_id: entry.id });
    notify('success', t('shelf.queue.left', { title: entry.book_title }));
  } catch (error) {
    // Spec 02 §8: leaving a queue failure is a generic error.
    fail(t, error, t('errors.generic'));
  }
  refresh(queueShelf);
}

async function removeFromHistory(t: TFunction, item: HistoryItem): Promise<void> {
  try {
    await calls.deleteHistoryItem(api, { id: item.id });
    notify('success', t('shelf.history.removed', { title: item.book_title }));
  } catch (error) {
    fail(t, error, t(CLIENT_ERROR));
  }
  refresh(historyShelf);
  refresh(historyGrid);
}

/** Renews a loan for another loan period (once asked with {@link askConfirm}) and says until when. */
async function renew(t: TFunction, loan: BorrowShelfItem, lang: string): Promise<void> {
  try {
    const renewed = await calls.renewLoan(api, { borrow_book_id: loan.id });
    notify('success', t('shelf.borrow.renewed', { title: loan.book_title, date: formatDueDate(renewed.due_at, lang) }));
  } catch (error) {
    fail(t, error);
  }
  refresh(borrowShelf);
}

/** Borrows the copy held for the caller; the entry moves from the queue to the loans. */
export function borrowHeldCopy(t: TFunction, entry: QueueShelfItem, userId: string, lang: string): Promise<boolean> {
  let ok = false;
  return run(entry.id, async () => {
    try {
      const res = await postBorrow(api, { epustaka_id: entry.epustaka_id, user_id: userId, book_id: entry.book_id });
      notify('success', t('shelf.queue.borrowed', { title: entry.book_title, date: formatDueDate(res.data.due_at, lang) }));
      ok = true;
    } catch (error) {
      fail(t, error);
    }
    refresh(queueShelf);
    refresh(borrowShelf);
  }).then(() => ok);
}

// ---------------------------------------------------------------------------------------------
// Reviews from the shelf (spec 03 §4.8): create mode without a rating, edit mode with one

export const $reviewing = atom<ReviewShelfItem | null>(null);
export const $reviewSaving = atom(false);

export function openReview(item: ReviewShelfItem): void {
  $reviewing.set(item);
}

export function closeReview(): void {
  if (!$reviewSaving.get()) $reviewing.set(null);
}

/** Saves the review being written (the same rules and messages as on the book page). */
export async function saveShelfReview(t: TFunction, input: { level: number | null; text: string }): Promise<boolean> {
  const item = $reviewing.get();
  if (!item || $reviewSaving.get()) return false;
  $reviewSaving.set(true);
  try {
    const comment = input.text.trim();
    if (item.rating_id) {
      await putRating(api, { rating_id: item.rating_id, rating_level: input.level ?? item.rating_level, rating_comment: comment });
    } else {
      await postRating(api, { book_id: item.id, rating_level: input.level, rating_comment: comment });
    }
    notify('success', t('catalogue.review.saved'));
    $reviewing.set(null);
    refresh(reviewShelf);
    return true;
  } catch (error) {
    fail(t, error);
    return false;
  } finally {
    $reviewSaving.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Recommend and share a book of the shelf (the book page's dialogs)

export interface BookAction {
  kind: 'recommend' | 'share';
  book: { id: string; book_title: string };
}

export const $bookAction = atom<BookAction | null>(null);

export function openBookAction(kind: BookAction['kind'], book: { book_id: string; book_title: string }): void {
  $bookAction.set({ kind, book: { id: book.book_id, book_title: book.book_title } });
}

export function closeBookAction(): void {
  $bookAction.set(null);
}
