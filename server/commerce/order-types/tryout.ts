import type { OrderObject } from '../../../src/lib/commerce/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { findQuiz, grantAccess, hasAccess, quizTitles } from '../../quizzes/quizzes.repository.ts';
import { registerOrderType } from './registry.ts';

/*
 * Tryout packages (order type TRYOUT, category TRYOUT): a published paid tryout of the buyer's
 * organisation, one per line, at its price, while its window has not closed and the buyer does not
 * own it yet. Being paid gives the buyer the package: they may start it.
 */
registerOrderType({
  orderType: 'TRYOUT',
  category: 'TRYOUT',
  shipped: false,

  async price(db, { deps, caller, itemId, copies }) {
    const quiz = await findQuiz(db, itemId, caller.organization_id);
    if (!quiz || quiz.kind !== 'tryout' || !quiz.published_at || quiz.price <= 0) throw notFound('item_not_found', 'The tryout package could not be found.');
    if (copies !== 1) throw badRequest('invalid_number_of_copy', 'A tryout package is bought once.', 'number_of_copy');
    if (deps.now() >= quiz.closes_at) throw conflict('quiz_closed', 'This tryout has closed.');
    if (await hasAccess(db, quiz.id, caller.id)) throw conflict('already_owned', 'You already have this package.');
    return { price: quiz.price, discount: 0 };
  },

  async describe(db, ids) {
    const rows = await quizTitles(db, ids);
    return new Map(rows.map((r): [string, OrderObject] => [r.id, { title: r.title, package_name: r.title, name: r.title, type: 'TRYOUT' }]));
  },

  async onPaid(tx, _deps, order, line, now) {
    await grantAccess(tx, line.order_type_id, order.user_id, 'order', now);
  },
});
