import type { OrderObject } from '../../../src/lib/commerce/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { lockHolding } from '../../catalogue/epustaka.repository.ts';
import { releaseCopies } from '../../catalogue/loans.service.ts';
import { mailNewOffers } from '../../catalogue/queue-mail.ts';
import { addDonatedCopies, findDonatableBook, findOrganizationEpustaka, describeBooks } from '../donations.repository.ts';
import { registerOrderType } from './registry.ts';

/*
 * Donating copies of a book to a library (order type BOOK, category DONATION). The price of a copy
 * is the book's own; the library must be of the donor's organisation. Once paid, the library holds
 * that many more copies (a new holding if it had none) and, for a book lent copy by copy, each new
 * copy goes to the next reader waiting for it, who gets the usual 24-hour offer, exactly as when a
 * copy comes back.
 */
registerOrderType({
  orderType: 'BOOK',
  category: 'DONATION',
  shipped: false,

  async price(db, { deps, caller, itemId, epustakaId }) {
    if (!deps.config.features.bookDonation) throw badRequest('donation_disabled', 'Book donation is turned off.');
    const book = await findDonatableBook(db, itemId, caller.organization_id);
    if (!book) throw notFound('item_not_found', 'The book could not be found.');
    if (book.price === null || book.price <= 0) throw badRequest('not_donatable', 'This book cannot be donated.', 'order_type_id');
    if (!epustakaId) throw badRequest('invalid_epustaka', 'Choose the ePustaka to donate to.', 'epustaka_id');
    const epustaka = await findOrganizationEpustaka(db, epustakaId, caller.organization_id);
    if (!epustaka) throw badRequest('invalid_epustaka', 'Donations go to an ePustaka of your organisation.', 'epustaka_id');
    return { price: book.price, discount: 0 };
  },

  async describe(db, ids) {
    const rows = await describeBooks(db, ids);
    return new Map(rows.map((r): [string, OrderObject] => [r.id, { book_title: r.catalog_title, title: r.catalog_title, type: 'BOOK', name: r.author_name, image_url: r.cover_url }]));
  },

  async onPaid(tx, deps, _order, line, now) {
    if (!line.epustaka_id) return;
    await addDonatedCopies(tx, line.epustaka_id, line.order_type_id, line.number_of_copy);
    const holding = await lockHolding(tx, line.epustaka_id, line.order_type_id);
    if (!holding) return;
    if (holding.using_drm) await releaseCopies(tx, holding, line.number_of_copy, now);
    else await tx.query('UPDATE epustaka_books SET available_qty = all_qty WHERE epustaka_id = $1 AND book_id = $2', [line.epustaka_id, line.order_type_id]);
    return () => mailNewOffers(deps);
  },
});
