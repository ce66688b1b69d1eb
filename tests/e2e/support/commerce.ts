import { expect, type APIRequestContext, type Page } from 'playwright/test';
import { open } from './pages.ts';
import { apiJson, holdingsOf, type Holding } from './members.ts';

/* Helpers of the donation and payment journeys. */

export interface DonationBook {
  book_id: string;
  book_title: string;
  price: number;
  using_drm: boolean;
}

export interface Library {
  id: string;
  epustaka_name: string;
}

/** Books that may be donated, and the libraries a donation may go to, as the signed-in user sees them. */
export async function donationChoices(request: APIRequestContext): Promise<{ books: DonationBook[]; libraries: Library[] }> {
  const books = await apiJson<{ data: DonationBook[] }>(request, '/webhook/donation-book-list', { limit: 100 });
  const libraries = await apiJson<{ data: Library[] }>(request, '/webhook/donation-epustaka-list', { limit: 100 });
  return { books: books.data, libraries: libraries.data };
}

/** A donatable, copy-limited book that a public library holds, with that holding. */
export async function donatableHolding(request: APIRequestContext, books: DonationBook[], libraries: Library[], skip = 0): Promise<{ book: DonationBook; holding: Holding }> {
  const allowed = new Set(libraries.map((library) => library.id));
  let seen = 0;
  for (const book of [...books].reverse()) {
    if (!book.using_drm) continue;
    const holding = (await holdingsOf(request, book.book_id)).find((h) => !h.epustaka_isprivate && allowed.has(h.id));
    if (holding && seen++ >= skip) return { book, holding };
  }
  throw new Error('no donatable book held by a public library');
}

/** Opens the book page in that library and the donation dialog from it. */
export async function openDonationDialog(page: Page, book: DonationBook, holding: Holding) {
  await open(page, `/book/${book.book_id}/${holding.id}`);
  await page.getByRole('group', { name: 'Tindakan buku' }).getByRole('button', { name: 'Donasi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donasi buku' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-donation-price]')).not.toHaveText('Rp 0');
  return dialog;
}
