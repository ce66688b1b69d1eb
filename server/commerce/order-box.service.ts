import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import type {
  AddOrderBoxResponse,
  DeleteOrderLineResponse,
  Order,
  OrderBoxDetailsResponse,
  OrderBoxListResponse,
} from '../../src/lib/commerce/schema.ts';
import { COMPLETED_STATUSES, ONGOING_STATUSES } from '../../src/lib/commerce/schema.ts';
import type { addOrderBoxSchema, orderBoxDetailsQuerySchema, orderBoxListQuerySchema } from '../../src/lib/commerce/schema.ts';
import type { z } from 'zod';
import { computeBill } from '../../src/lib/commerce/rules.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { inTransaction } from '../catalogue/transaction.ts';
import { orderTypeOf } from './order-types/index.ts';
import { deleteLine, deleteOpenBox, findLine, findOrder, listLines, listOrders, lockOpenBox, lockOrder, updateOrder, upsertLine, type OrderRow } from './repository.ts';
import { toLines, toOrder } from './views.ts';
import { expireDueOrders } from './expiry.ts';
import { findLiveCharge } from './charges.repository.ts';

/*
 * The order box: a user's open box per category (status 0), its lines, and the lists of their
 * orders. A user only ever reads or changes their own boxes: another user's box answers 404, as
 * one that does not exist.
 */

/** The caller's order, or 404 `order_not_found` (also for another user's). */
export async function ownOrder(deps: ApiDeps, caller: UserRow, orderBoxId: string): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderBoxId);
  if (!order || order.user_id !== caller.id) throw notFound('order_not_found', 'The order could not be found.');
  return order;
}

/** Keeps an open box's amounts equal to its lines (no method chosen yet: no fee). */
export async function refreshBoxAmounts(tx: Parameters<typeof listLines>[0], orderBoxId: string): Promise<void> {
  const bill = computeBill(await listLines(tx, orderBoxId));
  await updateOrder(tx, orderBoxId, { ...bill });
}

/**
 * Lines of a box stay as they are while its charge is being made (the charge's amount was computed
 * from them): a 409 `payment_in_progress`. Call with the box locked.
 */
async function requireNotBeingPaid(tx: Parameters<typeof listLines>[0], orderBoxId: string): Promise<void> {
  if (await findLiveCharge(tx, orderBoxId)) throw conflict('payment_in_progress', 'A payment for this order is being prepared; try again in a moment.');
}

/** add-order-box: a line into the caller's open box of the category. */
export async function addToOrderBox(deps: ApiDeps, caller: UserRow, input: z.output<typeof addOrderBoxSchema>): Promise<AddOrderBoxResponse['data']> {
  const type = orderTypeOf(input.order_type);
  if (type.category !== input.category) throw badRequest('category_mismatch', `Orders of type ${input.order_type} belong to ${type.category}.`, 'category');
  const { price, discount } = await type.price(deps.db, { deps, caller, itemId: input.order_type_id, epustakaId: input.epustaka_id, copies: input.number_of_copy });
  return inTransaction(deps.db, async (tx) => {
    const box = await lockOpenBox(tx, caller.id, input.category, input.buyer_type);
    await requireNotBeingPaid(tx, box.id);
    const lineId = await upsertLine(tx, {
      orderBoxId: box.id, orderType: input.order_type, itemId: input.order_type_id, epustakaId: input.epustaka_id ?? null,
      price, copies: input.number_of_copy, discount: discount * input.number_of_copy,
    }).catch((error: { code?: string }) => {
      // The copies of one line may not pass the limit together either.
      if (error.code === '23514') throw badRequest('invalid_number_of_copy', 'Too many copies in one line.', 'number_of_copy');
      throw error;
    });
    await refreshBoxAmounts(tx, box.id);
    return { order_box_id: box.id, order_box_detail_id: lineId, category: input.category };
  });
}

/** order-box-details: the lines of one of the caller's boxes. */
export async function orderBoxDetails(deps: ApiDeps, caller: UserRow, query: z.output<typeof orderBoxDetailsQuerySchema>): Promise<OrderBoxDetailsResponse> {
  const order = await ownOrder(deps, caller, query.order_box_id);
  if (query.category && query.category !== order.category) throw notFound('order_not_found', 'The order could not be found.');
  const rows = await listLines(deps.db, order.id, { limit: query.limit, offset: query.offset });
  return { data: await toLines(deps.db, rows), meta: { total: order.item_count, limit: query.limit, offset: query.offset } };
}

/** DELETE order-box-details: removes a line of the caller's open box; an emptied box goes too. */
export async function removeOrderLine(deps: ApiDeps, caller: UserRow, lineId: string): Promise<DeleteOrderLineResponse['data']> {
  const line = await findLine(deps.db, lineId);
  if (!line || line.user_id !== caller.id) throw notFound('order_line_not_found', 'The order line could not be found.');
  return inTransaction(deps.db, async (tx) => {
    const box = await lockOrder(tx, line.order_box_id);
    if (!box || box.payment_status !== 0) throw conflict('order_not_open', 'Only lines of an order not yet invoiced can be removed.');
    await requireNotBeingPaid(tx, box.id);
    const left = await deleteLine(tx, lineId, box.id);
    if (left === 0) await deleteOpenBox(tx, box.id);
    else await refreshBoxAmounts(tx, box.id);
    return { order_box_id: box.id, item_count: left };
  });
}

/** order-box-list: the caller's orders of a category, Status or History tab. */
export async function orderBoxList(deps: ApiDeps, caller: UserRow, query: z.output<typeof orderBoxListQuerySchema>): Promise<OrderBoxListResponse> {
  await expireDueOrders(deps, { userId: caller.id });
  const statuses = query.status === 'ongoing' ? ONGOING_STATUSES : COMPLETED_STATUSES;
  const { rows, total } = await listOrders(deps.db, caller.id, query.category, statuses, query);
  const settings = deps.config.commerce;
  return { data: rows.map((r) => toOrder(r, settings)), meta: { total, limit: query.limit, offset: query.offset } };
}

/** invoice-status: one of the caller's orders, its deadline applied first. */
export async function invoiceStatus(deps: ApiDeps, caller: UserRow, orderBoxId: string): Promise<Order> {
  await ownOrder(deps, caller, orderBoxId);
  await expireDueOrders(deps, { userId: caller.id });
  return toOrder((await findOrder(deps.db, orderBoxId))!, deps.config.commerce);
}
