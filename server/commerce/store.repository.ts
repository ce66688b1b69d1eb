import type { Queryable } from '../db/client.ts';
import type { OrderRow } from './repository.ts';

/* SQL of the store's own view of souvenir orders. */

/** Souvenir orders of an organisation's buyers at `statuses`, oldest first (the first to handle), with the buyer's name. */
export async function listStoreOrders(db: Queryable, organizationId: string, statuses: readonly number[], page: { limit: number; offset: number }): Promise<{ rows: (OrderRow & { buyer_name: string })[]; total: number }> {
  const { rows } = await db.query<OrderRow & { buyer_name: string; total: string }>(
    `SELECT o.*, u.name AS buyer_name, (SELECT count(*)::int FROM order_box_details d WHERE d.order_box_id = o.id) AS item_count, count(*) OVER () AS total
       FROM order_boxes o JOIN users u ON u.id = o.user_id
      WHERE u.organization_id = $1 AND o.category = 'PRODUCT' AND o.payment_status = ANY($2::smallint[])
      ORDER BY COALESCE(o.paid_at, o.created_at), o.id LIMIT $3 OFFSET $4`,
    [organizationId, statuses, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}
