import type { ApiDeps } from '../deps.ts';
import type { BookDetail, BorrowHolding, PublicBookDetail } from '../../src/lib/catalogue/schema.ts';
import type { BorrowStatus } from '../../src/lib/lending/schema.ts';
import { notFound } from '../http/errors.ts';
import { findBookBrief, findBookDetail, toRelatedBook, type BookDetailRow } from './books.repository.ts';
import { findBookView } from './book-view.repository.ts';
import { bestHolding, listHoldingViews, toEpustakaBrief } from '../libraries/epustaka.repository.ts';
import { dateOnly, fileSizeInfo, iso, numberOrNull } from '../db/format.ts';
import { findOpenLoan, hasBorrowedBefore } from '../lending/loans.repository.ts';
import { settleDue } from '../lending/loans.service.ts';
import { hasReadableFile } from '../lending/readable.repository.ts';
import { findLoanRooms } from '../lending/loan-limit.repository.ts';

const bookNotFound = () => notFound('book_not_found', 'The book could not be found.');

/** Maps a book row to what anyone may see; copies are filled in by the caller. */
function toPublicDetail(row: BookDetailRow, copies: { all_qty: number; available_qty: number }, webReadable: boolean): PublicBookDetail {
  return {
    id: row.id,
    book_id: row.id,
    book_title: row.catalog_title,
    book_author: row.author_name,
    author_name: row.author_name,
    book_description: row.description,
    cover_url: row.cover_url,
    avg_rating: numberOrNull(row.avg_rating),
    rating_count: row.rating_count,
    file_ext: row.file_ext,
    file_size_info: fileSizeInfo(row.file_size === null ? null : Number(row.file_size)),
    file_size: row.file_size === null ? null : Number(row.file_size),
    using_drm: row.using_drm,
    all_qty: copies.all_qty,
    available_qty: copies.available_qty,
    all_user_borrow_count: row.all_user_borrow_count,
    publish_date: dateOnly(row.publish_date),
    book_isbn: row.isbn,
    publisher: row.publisher,
    language: row.language,
    pages: row.pages,
    category_id: row.category_id,
    category_name: row.category_name,
    catalog_info: { organization_name: row.publisher },
    share_url: `/book/${row.id}`,
    web_readable: webReadable,
  };
}

function sumCopies(rows: { all_qty: number; available_qty: number }[]) {
  return rows.reduce((sum, r) => ({ all_qty: sum.all_qty + r.all_qty, available_qty: sum.available_qty + r.available_qty }), { all_qty: 0, available_qty: 0 });
}

/**
 * A book as the caller sees it. `epustaka` is the given holding or the best one for the caller,
 * and the copies and queue count are that library's own: copies of a library the caller cannot
 * use are never added to it. `holdings` lists every library holding the book with its own counts
 * and the caller's membership there.
 * @throws ApiError 404 book_not_found (also when `epustakaId` does not hold the book).
 */
export async function getBookDetail(deps: ApiDeps, callerId: string, bookId: string, epustakaId?: string): Promise<BookDetail> {
  const now = deps.now();
  let view = await findBookView(deps.db, bookId, callerId, now);
  // Overdue loans and expired offers are settled before anyone reads copies; the page's one
  // query says whether any are waiting (settleDue reads them again itself).
  if (view?.settle_due) {
    await settleDue(deps);
    view = await findBookView(deps.db, bookId, callerId, now);
  }
  if (!view) throw bookNotFound();
  const holdings = view.holdings;
  if (epustakaId && !holdings.some((h) => h.epustaka_id === epustakaId)) throw notFound('book_not_found', 'This ePustaka does not hold the book.');
  // A copy held for the caller decides which library the page shows, unless the address names one.
  const offer = view.offer ? { epustaka_id: view.offer.epustaka_id, expires_at: iso(view.offer.expires_at) } : null;
  const best = bestHolding(holdings, now, epustakaId ?? offer?.epustaka_id);
  const counted = best ? [best] : [];
  let epustaka: BookDetail['epustaka'] = null;
  if (best) {
    const { total_qty: _total, queue_count: _queue, ...brief } = toEpustakaBrief(best, now);
    epustaka = brief;
  }
  const own = view.own_review;
  return {
    ...toPublicDetail(view, sumCopies(counted), view.readable),
    queue_count: counted.reduce((n, h) => n + h.queue_count, 0),
    active_borrow_count: view.active_loans,
    review_count: view.review_count,
    related_books: view.related.map(toRelatedBook),
    epustaka,
    holdings: holdings.map((h) => toEpustakaBrief(h, now)),
    user_rating: own ? { id: own.id, rating_level: numberOrNull(own.rating_level), rating_comment: own.rating_comment } : null,
    has_borrow: view.has_loan,
    has_borrow_before: view.borrowed_before,
    queue_position: view.queue_position,
    queue_offer: offer,
  };
}

/**
 * A book as anyone may see it, without user data. Only books a public ePustaka holds.
 * @throws ApiError 404 book_not_found.
 */
export async function getPublicBookDetail(deps: ApiDeps, bookId: string): Promise<PublicBookDetail> {
  const row = await findBookDetail(deps.db, bookId);
  if (!row || !row.is_public) throw bookNotFound();
  // Visitors see the copies of public libraries only: a private library's holdings are its members'.
  const holdings = (await listHoldingViews(deps.db, bookId, null)).filter((h) => !h.epustaka_isprivate);
  return toPublicDetail(row, sumCopies(holdings), await hasReadableFile(deps.db, bookId));
}

/** Whether the caller has the book on loan now, and the loan's key for the reader. */
export async function getBorrowStatus(deps: ApiDeps, callerId: string, bookId: string, epustakaId?: string): Promise<BorrowStatus> {
  await settleDue(deps);
  const now = deps.now();
  if (!(await findBookBrief(deps.db, bookId))) throw bookNotFound();
  const [open, before] = await Promise.all([findOpenLoan(deps.db, callerId, bookId), hasBorrowedBefore(deps.db, callerId, bookId)]);
  const loan = open && new Date(open.due_at) > now ? open : undefined;
  let epustakaIdOut = loan?.epustaka_id ?? null;
  if (!epustakaIdOut) epustakaIdOut = bestHolding(await listHoldingViews(deps.db, bookId, callerId), now, epustakaId)?.epustaka_id ?? null;
  return {
    has_borrow: loan !== undefined,
    has_borrow_before: before,
    epustaka: epustakaIdOut ? { id: epustakaIdOut } : null,
    epustaka_id: epustakaIdOut,
    borrow_book_id: loan?.id ?? null,
    borrow_key: loan?.borrow_key ?? null,
    due_at: loan ? iso(loan.due_at) : null,
    url_file: null,
  };
}

/**
 * The ePustaka holding a book, with the caller's membership, the copies of each, and the caller's
 * open loans from each against its limit.
 * @throws ApiError 404 book_not_found, or no_epustaka when no ePustaka (of the organisation) holds it.
 */
export async function listBookEpustaka(deps: ApiDeps, callerId: string, bookId: string, organizationId?: string): Promise<BorrowHolding[]> {
  await settleDue(deps);
  if (!(await findBookBrief(deps.db, bookId))) throw bookNotFound();
  const now = deps.now();
  const holdings = await listHoldingViews(deps.db, bookId, callerId, organizationId);
  if (holdings.length === 0) throw notFound('no_epustaka', 'No ePustaka holds this book.');
  const rooms = await findLoanRooms(deps.db, holdings.map((h) => h.epustaka_id), callerId, now);
  return holdings.map((h) => {
    const room = rooms.get(h.epustaka_id) ?? { limit: 0, open: 0 };
    return { ...toEpustakaBrief(h, now), loan_limit: room.limit, open_loans: room.open };
  });
}
