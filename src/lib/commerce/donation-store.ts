import { map } from 'nanostores';
import type { TFunction } from 'i18next';
import { api } from '../http/browser.ts';
import { errorText } from '../i18n/errors.ts';
import type { ListBody } from '../contract/common.ts';
import { createListStore } from '../paging/list-store.ts';
import { addOrderBox, getDonationBooks, getDonationLibraries, getOwnLibrary, getSelfDonations } from './api.ts';
import { cartHref, canContinueDonation, parseCopyCount } from './display.ts';
import { COMMERCE_LIMITS } from './values.ts';
import type { CommerceEpustaka, DonatedBook, DonationBook } from './schema.ts';

/*
 * The book-donation dialog and the donation picker. The dialog opens for a book (from its page,
 * its queue or the picker), loads the book's price and the libraries a donation may go to, and on
 * Continue puts the donation in the order box, once per attempt whatever the clicks, then goes to
 * the cart.
 */

export interface DonationState {
  /** The book the dialog is open for, or null when closed. */
  book: { id: string; title: string } | null;
  info: DonationBook | null;
  loading: boolean;
  /** The failure of loading the book, or of Continue, already translated. */
  error: string | null;
  count: string;
  /** Continue waits until the donor has changed the count (the dialog starts at 1). */
  changed: boolean;
  epustakaId: string | null;
  libraries: CommerceEpustaka[];
  librariesLoading: boolean;
  query: string;
  /** The donor's own ePustaka, labelled "my account". */
  ownId: string | null;
  busy: boolean;
}

const closed: DonationState = {
  book: null,
  info: null,
  loading: false,
  error: null,
  count: '1',
  changed: false,
  epustakaId: null,
  libraries: [],
  librariesLoading: false,
  query: '',
  ownId: null,
  busy: false,
};

export const $donation = map<DonationState>({ ...closed });


// One key per donation the donor means: a double click or a retried call sends the same key, so
// the API adds the copies once. A changed count or library is another donation, with a new key.
let attemptKey: string | null = null;

function newKey(): string {
  return crypto.randomUUID();
}

/** Opens the dialog for a book and loads its price, the libraries and the donor's own library. */
export async function openDonation(t: TFunction, book: { id: string; title: string }): Promise<void> {
  attemptKey = null;
  $donation.set({ ...closed, book, loading: true });
  void searchLibraries(t, '');
  try {
    const [books, own] = await Promise.all([getDonationBooks(api, { book_id: book.id, limit: 1 }), getOwnLibrary(api).catch(() => null)]);
    if ($donation.get().book?.id !== book.id) return;
    const info = books.data[0] ?? null;
    $donation.set({ ...$donation.get(), info, loading: false, ownId: own?.data.has_epustaka ? (own.data.epustaka?.id ?? null) : null, error: info ? null : t('commerce.donate.notForSale') });
  } catch (error) {
    if ($donation.get().book?.id !== book.id) return;
    $donation.set({ ...$donation.get(), loading: false, error: errorText(t, error as never) });
  }
}

export function closeDonation(): void {
  attemptKey = null;
  $donation.set({ ...closed });
}

let librarySearch = 0;

/** Finds the libraries a donation may go to by name (an empty search sends no filter). */
export async function searchLibraries(t: TFunction, query: string): Promise<void> {
  const mine = ++librarySearch;
  $donation.setKey('query', query);
  $donation.setKey('librariesLoading', true);
  try {
    const body = await getDonationLibraries(api, { limit: COMMERCE_LIMITS.donationEpustaka.default, q: query.trim() || undefined });
    if (mine !== librarySearch) return;
    $donation.setKey('libraries', body.data);
  } catch (error) {
    if (mine !== librarySearch) return;
    $donation.setKey('error', errorText(t, error as never));
  } finally {
    if (mine === librarySearch) $donation.setKey('librariesLoading', false);
  }
}

/** Sets the copy count as typed; the message for a bad one is shown by the dialog. */
export function setCount(value: string): void {
  attemptKey = null;
  $donation.set({ ...$donation.get(), count: value, changed: true, error: null });
}

/** One copy more or fewer, never below 1. */
export function stepCount(delta: 1 | -1): void {
  const current = parseCopyCount($donation.get().count).count ?? 1;
  setCount(String(Math.min(COMMERCE_LIMITS.maxCopies, Math.max(1, current + delta))));
}

export function chooseLibrary(id: string): void {
  attemptKey = null;
  $donation.set({ ...$donation.get(), epustakaId: id, error: null });
}

/** True when Continue may be pressed. */
export function donationReady(state: DonationState): boolean {
  return !state.busy && canContinueDonation({ count: state.count, changed: state.changed, epustakaId: state.epustakaId, price: state.info?.price ?? 0 });
}

/**
 * Continue: the donation goes into the order box and the donor to its cart; `onDone` instead,
 * when the caller wants to stay.
 */
export async function submitDonation(t: TFunction, onDone?: (orderBoxId: string) => void): Promise<void> {
  const state = $donation.get();
  if (!state.book || !donationReady(state)) return;
  const count = parseCopyCount(state.count).count!;
  attemptKey ??= newKey();
  $donation.setKey('busy', true);
  try {
    const box = await addOrderBox(
      api,
      { order_type: 'BOOK', order_type_id: state.info!.book_id, number_of_copy: count, category: 'DONATION', buyer_type: 'PERSONAL', epustaka_id: state.epustakaId! },
      attemptKey,
    );
    closeDonation();
    if (onDone) onDone(box.order_box_id);
    else window.location.assign(cartHref(box.order_box_id, 'DONATION'));
  } catch (error) {
    $donation.set({ ...$donation.get(), busy: false, error: errorText(t, error as never) });
  }
}

/** The donation picker: books that may be donated, 10 then 10 more, searched by title. */
export const donationPicker = createListStore<DonationBook, { q?: string }>(
  async (http, params) => asListBody(await getDonationBooks(http, params), params),
  COMMERCE_LIMITS.donationBooks.default,
);

/** The donated-book shelf: 20 then 20 more, searched by title. */
export const donatedBooks = createListStore<DonatedBook, { q?: string }>(
  async (http, params) => asListBody(await getSelfDonations(http, params), params),
  COMMERCE_LIMITS.donatedBooks.default,
);

/** A commerce list answer as the growing lists hold it (its page's limit and offset filled in). */
function asListBody<T>(body: { data: T[]; meta: { total: number } }, page: { limit: number; offset: number }): ListBody<T> {
  return { data: body.data, meta: { total: body.meta.total, limit: page.limit, offset: page.offset } };
}
