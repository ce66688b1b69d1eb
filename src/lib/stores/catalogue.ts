import { atom, computed, map } from 'nanostores';
import type { MapStore } from 'nanostores';
import { nanoquery } from '@nanostores/query';
import type { TFunction } from 'i18next';
import { api } from '../api/browser.ts';
import { ApiError, isSilentError } from '../api/errors.ts';
import type { HttpClient } from '../api/http.ts';
import * as calls from '../api/catalogue.ts';
import type { ListBody } from '../api/schemas/common.ts';
import type {
  Author,
  BookDetail,
  BookListItem,
  Borrower,
  Category,
  CollectionOwner,
  EpustakaBrief,
  Follower,
  QueueEntry,
  Rating,
  RatingListMeta,
  ReportReason,
  UserBrief,
} from '../api/schemas/catalogue.ts';
import { afterBorrow, BOOK_PAGE_SIZE, bookListParams, bookQueryString, PICKER_PAGE_SIZE, readerHref, type BookQuery } from '../domain/book.ts';
import { confirmLoan } from './loan-confirmation.ts';
import type { MembershipAction } from '../domain/membership.ts';
import { errorText } from '../i18n/errors.ts';
import { notify, openPopup } from './shell.ts';

/*
 * The book catalogue's state (spec 01 §2.4–2.6, §4.2–4.6): the book on screen, its reviews, the
 * lists in its dialogs, the book grid, and every action that changes them. Islands only read
 * these stores and call these actions; texts are translated with the `t` they pass in.
 */

/** Page sizes of the lists in dialogs (spec 01 §9). */
export const LIST_SIZES = { borrowers: 5, queue: 10, owners: 25, followers: 10, replies: 10 } as const;

export const [createFetcherStore, , { mutateCache, revalidateKeys }] = nanoquery({
  // The detail is server-rendered and seeded; refetch only when something changed it.
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  dedupeTime: 30_000,
});

// ---------------------------------------------------------------------------------------------
// Errors

/** The text of a failed call: the catalogue's translation of its code, else the shared rule. */
export function catalogueErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : (error as { code?: string } | null)?.code;
  if (code) {
    const own = t(`catalogue.errors.${code}`, { defaultValue: '' }) || t(`lending.errors.${code}`, { defaultValue: '' });
    if (own) return own;
  }
  return errorText(t, error as { code?: string; message?: string } | null);
}

/** Shows a failed call as an error notification (a 401 the session handles is not shown). */
export function notifyCatalogueError(t: TFunction, error: unknown): void {
  if (isSilentError(error)) return;
  notify('error', catalogueErrorText(t, error));
}

function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

// ---------------------------------------------------------------------------------------------
// Growing lists ('load more')

export interface ListState<T> {
  items: T[];
  total: number;
  loading: boolean;
  /** True once a first page arrived. */
  loaded: boolean;
  error: unknown;
}

export interface ListStore<T, P> {
  $state: MapStore<ListState<T>>;
  /** Starts over with `params`: the first page replaces what was shown. */
  load(params: P): Promise<void>;
  /** Appends the next page. */
  more(): Promise<void>;
  /** Fetches again as many items as are shown (after a change). */
  reload(): Promise<void>;
  /** Shows a page the server already rendered. */
  seed(params: P, body: ListBody<T>): void;
  /** The parameters of the last load. */
  params(): P | undefined;
}

function emptyList<T>(): ListState<T> {
  return { items: [], total: 0, loading: false, loaded: false, error: null };
}

/**
 * A list that grows by `size` items per 'load more'. A newer load wins over an older one still
 * on its way; a failed page keeps what was shown and records the error.
 */
export function createListStore<T, P>(
  fetchPage: (http: HttpClient, params: P & { limit: number; offset: number }) => Promise<ListBody<T>>,
  size: number,
  http: HttpClient = api,
): ListStore<T, P> {
  const $state = map<ListState<T>>(emptyList<T>());
  let current: P | undefined;
  let generation = 0;

  async function fetchInto(params: P, offset: number, limit: number, append: boolean) {
    const mine = ++generation;
    $state.setKey('loading', true);
    $state.setKey('error', null);
    try {
      const body = await fetchPage(http, { ...params, limit, offset });
      if (mine !== generation) return;
      const items = append ? [...$state.get().items, ...body.data] : body.data;
      $state.set({ items, total: body.meta.total, loading: false, loaded: true, error: null });
    } catch (error) {
      if (mine !== generation) return;
      $state.set({ ...$state.get(), loading: false, error });
      throw error;
    }
  }

  return {
    $state,
    load(params) {
      current = params;
      $state.set({ ...emptyList<T>(), loading: true });
      return fetchInto(params, 0, size, false);
    },
    more() {
      if (current === undefined) return Promise.resolve();
      return fetchInto(current, $state.get().items.length, size, true);
    },
    reload() {
      if (current === undefined) return Promise.resolve();
      return fetchInto(current, 0, Math.max(size, $state.get().items.length), false);
    },
    seed(params, body) {
      current = params;
      generation++;
      $state.set({ items: body.data, total: body.meta.total, loading: false, loaded: true, error: null });
    },
    params: () => current,
  };
}

/** True while more items than shown exist. */
export function hasMore(state: ListState<unknown>): boolean {
  return state.loaded && state.items.length < state.total;
}

// ---------------------------------------------------------------------------------------------
// Book grid (/books) and the filter pickers

export const bookGrid = createListStore<BookListItem, BookQuery>(
  (http, { limit, offset, ...query }) => {
    const params = { ...bookListParams(query), limit, offset };
    return query.view === 'recommendation' ? calls.getBookRecommendation(http, params) : calls.getBookList(http, params);
  },
  BOOK_PAGE_SIZE,
);

export const categoryPicker = createListStore<Category, { q?: string }>((http, params) => calls.getCategories(http, params), PICKER_PAGE_SIZE);
export const authorPicker = createListStore<Author, { q?: string }>((http, params) => calls.getAuthors(http, params), PICKER_PAGE_SIZE);

/** Whether the filter dialog of the book list is open (the empty state's 'change filter' opens it too). */
export const $filterOpen = atom(false);

export function openFilter(): void {
  $filterOpen.set(true);
}

export function closeFilter(): void {
  $filterOpen.set(false);
}

/** Shows the list `query` describes: its address carries the filters and sort, so it can be shared and reloaded. */
export function showBooks(query: BookQuery): void {
  window.location.assign(`/books${bookQueryString(query)}`);
}

const searchTimers = new Map<object, ReturnType<typeof setTimeout>>();

/** Searches a picker 500 ms after the last keystroke (spec 03 §9); a blank search lists everything. */
export function searchPicker(picker: ListStore<unknown, { q?: string }>, q: string, delay = 500): void {
  clearTimeout(searchTimers.get(picker));
  searchTimers.set(
    picker,
    setTimeout(() => {
      searchTimers.delete(picker);
      picker.load({ q: q.trim() || undefined }).catch(() => undefined);
    }, delay),
  );
}

// ---------------------------------------------------------------------------------------------
// The book on screen

interface BookRef {
  id: string;
  epustakaId: string | null;
  userId: string;
}

/** The book of the detail page and the signed-in user looking at it. */
export const $bookRef = atom<BookRef | null>(null);

const $bookKey = computed($bookRef, (ref) => (ref ? `${ref.id}|${ref.epustakaId ?? ''}` : null));

export const BOOK_KEY = 'catalogue/book/';

export const $book = createFetcherStore<BookDetail>([BOOK_KEY, $bookKey], {
  fetcher: (_prefix, key) => {
    const [book_id, epustaka_id] = String(key).split('|');
    return calls.getBookDetail(api, { book_id: book_id!, epustaka_id: epustaka_id || undefined });
  },
});

function bookCacheKey(): string | null {
  const key = $bookKey.get();
  return key ? BOOK_KEY + key : null;
}

/** The book as last known: the store's data, else what the page rendered. */
let renderedBook: BookDetail | null = null;

export function currentBook(): BookDetail | null {
  return $book.get().data ?? renderedBook;
}

/**
 * Starts the page's stores from the server-rendered book. Only the first call of a page counts:
 * islands hydrating later must not put back an older copy.
 */
export function seedBook(book: BookDetail, epustakaId: string | null, userId: string): void {
  const ref = $bookRef.get();
  if (ref && ref.id === book.id && ref.epustakaId === epustakaId) return;
  renderedBook = book;
  $bookRef.set({ id: book.id, epustakaId, userId });
  mutateCache(bookCacheKey()!, book);
}

function patchBook(next: BookDetail): void {
  const key = bookCacheKey();
  if (!key) return;
  renderedBook = next;
  mutateCache(key, next);
}

/** Fetches the book again (after a change), keeping the shown one until the new one arrives. */
export function refreshBook(): void {
  const key = bookCacheKey();
  if (key) revalidateKeys(key);
}

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
  else if (dialog === 'recommend') {
    $recommendSent.set([]);
    quietly(followers.load({}));
  }
}

export function closeDialog(): void {
  $dialog.set(null);
}

// ---------------------------------------------------------------------------------------------
// Borrowing (spec 01 §4.2–4.3, 03 §4.5)

export interface HoldingsState {
  items: EpustakaBrief[];
  loading: boolean;
  error: unknown;
  /** The ePustaka whose button is working. */
  busy: string | null;
}

/** The ePustaka holding the book, for the borrow dialog (webhook/epustaka-borrow). */
export const $holdings = map<HoldingsState>({ items: [], loading: false, error: null, busy: null });

/** The book's own ePustaka first, then the others as the server lists them. */
function ordered(items: EpustakaBrief[]): EpustakaBrief[] {
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
      let joined;
      try {
        joined = await calls.joinEpustaka(api, { epustaka_id: holding.id, user_ids: [ref.userId] });
      } catch (error) {
        notifyCatalogueError(t, error);
        return;
      }
      await loadHoldings();
      if (joined.member_status !== 1) {
        notify('info', t('catalogue.borrow.pendingNotice', { name: holding.epustaka_name }));
        refreshBook();
        return;
      }
    }
    if (await borrowBook(t, holding.id)) closeDialog();
    else await loadHoldings();
  } finally {
    $holdings.setKey('busy', null);
  }
}

// ---------------------------------------------------------------------------------------------
// Queue (spec 01 §4.4)

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

/** A list that can be fetched again after a change. */
export interface Reloadable {
  reload(): Promise<void>;
}

export interface FollowConfirm {
  user: Pick<UserBrief, 'id' | 'name' | 'followed' | 'follow_id'>;
  /** The list to refresh afterwards. */
  list: Reloadable | null;
}

/** The follow/unfollow confirmation, stacked over the list it came from, or null. */
export const $followConfirm = atom<FollowConfirm | null>(null);
export const $followBusy = atom(false);

export function askFollow(user: FollowConfirm['user'], list: Reloadable | null): void {
  $followConfirm.set({ user, list });
}

export function cancelFollow(): void {
  $followConfirm.set(null);
}

/** Follows or unfollows the user being confirmed, says so, closes, and refreshes their list. */
export async function confirmFollow(t: TFunction): Promise<void> {
  const pending = $followConfirm.get();
  if (!pending || $followBusy.get()) return;
  const { user, list } = pending;
  $followBusy.set(true);
  try {
    if (user.followed && user.follow_id) {
      await calls.unfollowUser(api, { id: user.follow_id });
      notify('success', t('catalogue.follow.unfollowed', { name: user.name }));
    } else {
      await calls.followUser(api, { user_id: user.id });
      notify('success', t('catalogue.follow.followed', { name: user.name }));
    }
    $followConfirm.set(null);
    await list?.reload().catch(() => undefined);
  } catch (error) {
    notifyCatalogueError(t, error);
  } finally {
    $followBusy.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Recommend to a friend (spec 01 §7.1)

/** Followers the book was recommended to while the dialog is open. */
export const $recommendSent = atom<string[]>([]);
export const $recommendBusy = atom<string | null>(null);

/** Starts a recommendation of another book than the page's (from a list): nobody sent to yet, followers loading. */
export function startRecommendation(): void {
  $recommendSent.set([]);
  void followers.load({}).catch(() => undefined);
}

/**
 * Recommends a book to one follower, with an optional message: the detail page's book, or
 * `other` (a book in a list, with the viewer's id).
 */
export async function recommendTo(t: TFunction, user: { id: string; name: string }, message: string, other?: { id: string; viewerId: string }): Promise<void> {
  const book = other ? { id: other.id } : currentBook();
  const viewerId = other ? other.viewerId : $bookRef.get()?.userId;
  if (!book || user.id === viewerId || $recommendBusy.get()) return;
  $recommendBusy.set(user.id);
  try {
    await calls.postRecommendation(api, {
      feed_type: 'BOOK_RECOMMENDATION',
      object_id: book.id,
      object_type: 'BOOK',
      feed_message: message.trim(),
      recommendation_target: [{ id: user.id, name: user.name }],
    });
    $recommendSent.set([...$recommendSent.get(), user.id]);
    notify('success', t('catalogue.recommend.sent'));
  } catch (error) {
    notifyCatalogueError(t, error);
  } finally {
    $recommendBusy.set(null);
  }
}

// ---------------------------------------------------------------------------------------------
// Reviews (spec 01 §4.5, §5; 02 §4.4)

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
