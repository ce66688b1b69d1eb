import { atom } from 'nanostores';

/**
 * A request to open the book-donation dialog, from a button of another island (the book page's
 * actions): the dialog's own island opens it, with its texts. Kept apart from the dialog's store
 * so a button does not carry the dialog's code.
 */
export const $donationRequest = atom<{ id: string; title: string } | null>(null);

/** Asks the page's donation dialog to open for `book`. */
export function requestDonation(book: { id: string; title: string }): void {
  $donationRequest.set({ ...book });
}
