import type { Queryable } from '../db/client.ts';
import type { OrderCategory, PaymentStatus } from '../../src/lib/commerce/schema.ts';
import type { ChargeRow } from './charges.repository.ts';

/* SQL of order boxes and their lines. Every function takes the database or a transaction first. */

export interface OrderRow {
  id: string;
  user_id: string;
  category: OrderCategory;
  buyer_type: string;
  payment_status: PaymentStatus;
  transaction_id: string | null;
  transaction_code: string | null;
  payment_type: string | null;
  amount: string | number;
  discount_amount: string | number;
  service_fee_amount: string | number;
  tax_amount: string | number;
  shipping_fee_amount: string | number;
  bill: string | number;
  invoice_url: string | null;
  notes: string | null;
  expired_at: Date | string | null;
  paid_at: Date | string | null;
  paid_late: boolean;
  late_decision: 'accepted' | 'refunded' | null;
  courier_code: string | null;
  courier_service: string | null;
  courier_etd: string | null;
  shipping_address: string | null;
  receipt_number: string | null;
  created_at: Date | string;
  item_count: number;
}

export interface LineRow {
  id: string;
  order_box_id: string;
  order_type: string;
  order_type_id: string;
  epustaka_id: string | null;
  epustaka_name: string | null;
  price: number;
  number_of_copy: number;
  discount_amount: number;
}

const ORDER = `SELECT o.*, (SELECT count(*)::int FROM order_box_details d WHERE d.order_box_id = o.id) AS item_count FROM order_boxes o`;

/** An order box by id, or undefined. */
export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(`${ORDER} WHERE o.id = $1`, [id]);
  return rows[0];
}

/** An order box by its transaction id, or undefined. */
export async function findOrderByTransaction(db: Queryable, transactionId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(`${ORDER} WHERE o.transaction_id = $1`, [transactionId]);
  return rows[0];
}

/** Reads an order box and locks it until the transaction ends: every status change happens under this lock. */
export async function lockOrder(tx: Queryable, id: string): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>(`${ORDER} WHERE o.id = $1 FOR UPDATE OF o`, [id]);
  return rows[0];
}

/**
 * Reads an order box with the state of one of its charges and locks both until the transaction
 * ends. Both come back as they are once the locks are held (however long the wait for them), so
 * a second notification for the charge sees what the first one's transaction did. The order is
 * locked first, as everywhere else. Undefined when the box has no such charge.
 */
export async function lockOrderAndCharge(tx: Queryable, id: string, gatewayOrderId: string): Promise<(OrderRow & { charge_state: ChargeRow['state'] }) | undefined> {
  const { rows } = await tx.query<OrderRow & { charge_state: ChargeRow['state'] }>(
    `SELECT o.*, (SELECT count(*)::int FROM order_box_details d WHERE d.order_box_id = o.id) AS item_count, c.state AS charge_state
       FROM order_boxes o JOIN payment_charges c ON c.order_box_id = o.id AND c.gateway_order_id = $2
      WHERE o.id = $1 FOR UPDATE OF o, c`,
    [id, gatewayOrderId],
  );
  return rows[0];
}

/** The user's open box of a category, made if there is none; locked. */
export async function lockOpenBox(tx: Queryable, userId: string, category: OrderCategory, buyerType: string): Promise<OrderRow> {
  await tx.query(
    `INSERT INTO order_boxes (user_id, category, buyer_type) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, category) WHERE payment_status = 0 DO NOTHING`,
    [userId, category, buyerType],
  );
  const { rows } = await tx.query<OrderRow>(`${ORDER} WHERE o.user_id = $1 AND o.category = $2 AND o.payment_status = 0 FOR UPDATE OF o`, [userId, category]);
  return rows[0]!;
}

/** Adds a line, or adds its copies to the same item's line in the box. Answers the line's id. */
export async function upsertLine(
  tx: Queryable,
  line: { orderBoxId: string; orderType: string; itemId: string; epustakaId: string | null; price: number; copies: number; discount: number },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO order_box_details (order_box_id, order_type, order_type_id, epustaka_id, price, number_of_copy, discount_amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (order_box_id, order_type, order_type_id, coalesce(epustaka_id, '00000000-0000-0000-0000-000000000000'::uuid))
     DO UPDATE SET number_of_copy = order_box_details.number_of_copy + EXCLUDED.number_of_copy, price = EXCLUDED.price,
                   discount_amount = order_box_details.discount_amount + EXCLUDED.discount_amount
     RETURNING id`,
    [line.orderBoxId, line.orderType, line.itemId, line.epustakaId, line.price, line.copies, line.discount],
  );
  return rows[0]!.id;
}

/** The lines of a box, oldest first. */
export async function listLines(db: Queryable, orderBoxId: string, page?: { limit: number; offset: number }): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(
    `SELECT d.id, d.order_box_id, d.order_type, d.order_type_id, d.epustaka_id, e.epustaka_name, d.price, d.number_of_copy, d.discount_amount
       FROM order_box_details d LEFT JOIN epustaka e ON e.id = d.epustaka_id
      WHERE d.order_box_id = $1 ORDER BY d.created_at, d.id
      ${page ? 'LIMIT $2 OFFSET $3' : ''}`,
    page ? [orderBoxId, page.limit, page.offset] : [orderBoxId],
  );
  return rows;
}

/** A line with its box's owner and status, or undefined. */
export async function findLine(db: Queryable, lineId: string): Promise<{ id: string; order_box_id: string; user_id: string } | undefined> {
  const { rows } = await db.query<{ id: string; order_box_id: string; user_id: string }>(
    'SELECT d.id, d.order_box_id, o.user_id FROM order_box_details d JOIN order_boxes o ON o.id = d.order_box_id WHERE d.id = $1',
    [lineId],
  );
  return rows[0];
}

/** Removes a line; answers the lines left in its box. */
export async function deleteLine(tx: Queryable, lineId: string, orderBoxId: string): Promise<number> {
  await tx.query('DELETE FROM order_box_details WHERE id = $1', [lineId]);
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM order_box_details WHERE order_box_id = $1', [orderBoxId]);
  return rows[0]!.n;
}

/** Removes an empty open box. */
export async function deleteOpenBox(tx: Queryable, orderBoxId: string): Promise<void> {
  await tx.query('DELETE FROM order_boxes WHERE id = $1 AND payment_status = 0', [orderBoxId]);
}

/** A page of the user's orders of a category with one of `statuses`, newest first, with the total. */
export async function listOrders(db: Queryable, userId: string, category: OrderCategory, statuses: readonly number[], page: { limit: number; offset: number }): Promise<{ rows: OrderRow[]; total: number }> {
  const { rows } = await db.query<OrderRow & { total: string }>(
    `${ORDER.replace('FROM order_boxes o', ', count(*) OVER () AS total FROM order_boxes o')}
      WHERE o.user_id = $1 AND o.category = $2 AND o.payment_status = ANY($3::smallint[])
      ORDER BY o.created_at DESC, o.id LIMIT $4 OFFSET $5`,
    [userId, category, statuses, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Sets some columns of a box and its updated_at. Column names come from code, never from input. */
export async function updateOrder(tx: Queryable, id: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  const sets = names.map((name, i) => `${name} = $${i + 2}`);
  await tx.query(`UPDATE order_boxes SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, [id, ...names.map((n) => fields[n])]);
}

/** Ids of orders waiting payment whose deadline passed, oldest deadline first. */
export async function findDueOrders(db: Queryable, now: Date, limit: number, userId?: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM order_boxes WHERE payment_status = 1 AND expired_at <= $1 ${userId ? 'AND user_id = $3' : ''}
      ORDER BY expired_at LIMIT $2`,
    userId ? [now.toISOString(), limit, userId] : [now.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}

/** Whether the user has an order shipped with this receipt number. */
export async function ownsReceipt(db: Queryable, userId: string, receiptNumber: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM order_boxes WHERE user_id = $1 AND receipt_number = $2 LIMIT 1', [userId, receiptNumber]);
  return rows.length > 0;
}
