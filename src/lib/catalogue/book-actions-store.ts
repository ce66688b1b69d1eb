import { atom, map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { ApiError, isSilentError } from '../http/errors.ts';
import * as calls from './api.ts';
import type { BorrowHolding, EpustakaBrief } from './schema.ts';
import type { Borrower, CollectionOwner, QueueEntry } from '../lending/schema.ts';
import type { Follower } from '../social/schema.ts';
import { afterBorrow, readerHref } from './book.ts';
import { confirmLoan } from '../lending/loan-confirmation.ts';
import type { MembershipAction } from '../libraries/membership-rules.ts';
import { notify } from '../shell/store.ts';
import { createListStore } from '../paging/list-store.ts';
import { $bookRef, catalogueErrorText, codeOf, currentBook, LIST_SIZES, notifyCatalogueError, patchBook, refreshBook } from './store.ts';

/*
 * What a reader does on a book's page: its dialogs, the ePustaka holding the book, joining one,
 * borrowing, queueing, and the lists the dialogs show (borrowers, queue, owners, followers to
 * recommend to). The book on screen itself lives in store.ts.
 */

// ---------------------------------------------------------------------------------------------
// Dialogs of the detail page

export type BookDialog = 'borrow' | 'borrowers' | 'readers' | 'queue' | 'owners' | 'recommend' | 'share';

/** The dialog open on the detail page, or null. */
export const $dialog = atom<BookDialog | null>(null);

export function openDialog(dialog: BookDialog): void {
  $dialog.set(dialog);
  const book_id = currentBook()?.id;
  if (!book_id) return;
  const quietly = (loading: Promise<void>) => void loading.catch(() => undefined);
  if (dialog === 'borrow') void loadHoldings();
  else if (dialog === 'borrowers') quietly(borrowers.load({ book_id }));
  else if (dialog === 'readers') quietly(borrowers.load({ book_id, all: true }));
  else if (dialog === 'queue') quietly(queue.load({ book_id }));
  else if (dialog === 'owners') quietly(owners.load({ book_id }));
}

export function closeDialog(): void {
  $dialog.set(null);
}

// ---------------------------------------------------------------------------------------------
// Borrowing: the ePustaka holding the book, joining one, and borrowing from it (spec 01 §4.2–4.3, 03 §4.5)

export interface HoldingsState {
  items: BorrowHolding[];
  loading: boolean;
  error: unknown;
  /** The ePustaka whose button is working. */
  busy: string | null;
}

/** The ePustaka holding the book, for the borrow dialog (webhook/epustaka-borrow). */
export const $holdings = map<HoldingsState>({ items: [], loading: false, error: null, busy: null });

/** The book's own ePustaka first, then the others as the server lists them. */
function ordered(items: BorrowHolding[]): BorrowHolding[] {
  const first = currentBook()?.epustaka?.id;
  return [...items].sort((a, b) => Number(b.id === first) - Number(a.id === first));
}

export async function loadHoldings(): Promise<void> {
  const book = currentBook();
  if (!book) return;
  $holdings.set({ ...$holdings.get(), loading: $holdings.get().items.length === 0, error: null });
  try {
    const items = await calls.getEpustakaBorrow(api, { book_id: book.id });
    $holdings.set({ ...$holdings.get(), items: ordered(items), loading: false });
  } catch (error) {
    // No ePustaka holding the book is an answer, not a failure: the dialog says so.
    if (codeOf(error) === 'no_epustaka') $holdings.set({ ...$holdings.get(), items: [], loading: false });
    else $holdings.set({ ...$holdings.get(), loading: false, error });
  }
}

/**
 * Borrows the book from `epustakaId`. On 'SUCCESS' the book turns to Read with its counts updated
 * at once, then is fetched again; any other answer shows the server's messages.
 */
export async function borrowBook(t: TFunction, epustakaId: string): Promise<boolean> {
  const ref = $bookRef.get();
  const book = currentBook();
  if (!ref || !book) return false;
  try {
    const response = await calls.postBorrow(api, { epustaka_id: epustakaId, user_id: ref.userId, book_id: book.id });
    if (response.code !== 'SUCCESS') {
      notify('error', response.message || t('catalogue.errors.borrowFailed'));
      return false;
    }
    patchBook(afterBorrow(book, epustakaId));
    confirmLoan({ title: book.book_title, dueAt: response.data.due_at, readHref: readerHref(book) });
    refreshBook();
    return true;
  } catch (error) {
    if (isSilentError(error)) return false;
    const own = t(`catalogue.errors.${codeOf(error)}`, { defaultValue: '' }) || t(`lending.errors.${codeOf(error)}`, { defaultValue: '' });
    notify('error', own || (error instanceof ApiError ? error.messages.join(' ') : catalogueErrorText(t, error)));
    return false;
  }
}

/**
 * Joins an ePustaka for the user, or renews an expired membership (joining again is renewing):
 * the book page's join and extend, and the media gate's. `active` when the membership is active,
 * `pending` when the request waits for approval (said), `failed` when it failed (the error is shown).
 */
export async function joinMembership(t: TFunction, epustaka: { id: string; epustaka_name: string }, userId: string): Promise<'active' | 'pending' | 'failed'> {
  let joined;
  try {
    joined = await calls.joinEpustaka(api, { epustaka_id: epustaka.id, user_ids: [userId] });
  } catch (error) {
    notifyCatalogueError(t, error);
    return 'failed';
  }
  if (joined.member_status === 1) return 'active';
  notify('info', t('catalogue.borrow.pendingNotice', { name: epustaka.epustaka_name }));
  return 'pending';
}

/**
 * Joins the ePustaka of `holding` for the user. False when that failed (the error is shown) or the
 * request waits for the owner's approval (said, and the holdings and the book loaded again).
 */
export async function joinHolding(t: TFunction, holding: EpustakaBrief, userId: string): Promise<boolean> {
  const outcome = await joinMembership(t, holding, userId);
  if (outcome === 'pending') {
    await loadHoldings();
    refreshBook();
  }
  return outcome === 'active';
}

/**
 * The borrow dialog's button for one ePustaka. Join and extend come first: a private ePustaka then
 * waits for approval (a notice, and the flow stops); a public one goes on to borrow. A successful
 * borrow closes the dialog. The holdings and the book are fetched again after any join.
 */
export async function actOnHolding(t: TFunction, holding: EpustakaBrief, action: MembershipAction): Promise<void> {
  const ref = $bookRef.get();
  if (!ref || action === 'none' || action === 'read' || action === 'queue') return;
  $holdings.setKey('busy', holding.id);
  try {
    if (action === 'join' || action === 'extend') {
      if (!(await joinHolding(t, holding, ref.userId))) return;
      await loadHoldings();
    }
    if (await borrowBook(t, holding.id)) closeDialog();
    else await loadHoldings();
  } finally {
    $holdings.setKey('busy', null);
  }
}

// ---------------------------------------------------------------------------------------------
// Queue: joining the line for a book with no copy free (spec 01 §4.4)

export const $queueBusy = atom(false);

/**
 * Joins the queue of the book's ePustaka, then fetches the queue list and the book again —
 * except when the server says the user is already queued: then only that is said.
 */
export async function joinBookQueue(t: TFunction, epustakaId = currentBook()?.epustaka?.id): Promise<void> {
  const book = currentBook();
  if (!book || !epustakaId || $queueBusy.get()) return;
  $queueBusy.set(true);
  try {
    const entry = await calls.joinQueue(api, { book_id: book.id, epustaka_id: epustakaId });
    notify('success', t('catalogue.queue.joined', { position: entry.position }));
    patchBook({ ...book, queue_position: entry.position, queue_count: book.queue_count + 1 });
    if (queue.$state.get().loaded) queue.reload().catch(() => undefined);
    if ($dialog.get() === 'borrow') void loadHoldings();
    refreshBook();
  } catch (error) {
    if (codeOf(error) === 'already_queued') notify('warning', t('catalogue.errors.already_queued'));
    else notifyCatalogueError(t, error);
  } finally {
    $queueBusy.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// People lists and following (spec 01 §4.6, 03 §2.20, §4.6)

export const borrowers = createListStore<Borrower, { book_id: string; all?: boolean }>((http, p) => calls.getBorrowers(http, p), LIST_SIZES.borrowers);
export const queue = createListStore<QueueEntry, { book_id: string }>((http, p) => calls.getQueue(http, p), LIST_SIZES.queue);
export const owners = createListStore<CollectionOwner, { book_id: string }>((http, p) => calls.getCollectionOwners(http, p), LIST_SIZES.owners);
export const followers = createListStore<Follower, { q?: string }>((http, p) => calls.getFollowers(http, p), LIST_SIZES.followers);
