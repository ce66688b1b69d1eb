import type { Queryable } from '../db/client.ts';

/* SQL of the charges made at the gateway and of the gateway's notifications. */

export interface ChargeRow {
  gateway_order_id: string;
  order_box_id: string;
  payment_type: string;
  gross_amount: string | number;
  state: 'live' | 'cancelled' | 'settled' | 'failed' | 'expired';
  created_at: Date | string;
}

/** The box's live charge, if any. */
export async function findLiveCharge(db: Queryable, orderBoxId: string): Promise<ChargeRow | undefined> {
  const { rows } = await db.query<ChargeRow>(`SELECT * FROM payment_charges WHERE order_box_id = $1 AND state = 'live'`, [orderBoxId]);
  return rows[0];
}

/** A charge by its gateway order id. */
export async function findCharge(db: Queryable, gatewayOrderId: string): Promise<ChargeRow | undefined> {
  const { rows } = await db.query<ChargeRow>('SELECT * FROM payment_charges WHERE gateway_order_id = $1', [gatewayOrderId]);
  return rows[0];
}

/** How many charges the box has had (to number the next). */
export async function countCharges(db: Queryable, orderBoxId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_charges WHERE order_box_id = $1', [orderBoxId]);
  return rows[0]!.n;
}

/** Records a new live charge. */
export async function insertCharge(tx: Queryable, charge: { gatewayOrderId: string; orderBoxId: string; paymentType: string; grossAmount: number }): Promise<void> {
  await tx.query('INSERT INTO payment_charges (gateway_order_id, order_box_id, payment_type, gross_amount) VALUES ($1, $2, $3, $4)', [
    charge.gatewayOrderId, charge.orderBoxId, charge.paymentType, charge.grossAmount,
  ]);
}

/** Ends the box's live charge with `state`; answers its gateway order id, if there was one. */
export async function cancelLiveCharge(tx: Queryable, orderBoxId: string, state: 'cancelled' | 'expired' | 'failed' | 'settled'): Promise<string | undefined> {
  const { rows } = await tx.query<{ gateway_order_id: string }>(
    `UPDATE payment_charges SET state = $2 WHERE order_box_id = $1 AND state = 'live' RETURNING gateway_order_id`,
    [orderBoxId, state],
  );
  return rows[0]?.gateway_order_id;
}

/** Sets one charge's state. */
export async function setChargeState(tx: Queryable, gatewayOrderId: string, state: ChargeRow['state']): Promise<void> {
  await tx.query('UPDATE payment_charges SET state = $2 WHERE gateway_order_id = $1', [gatewayOrderId, state]);
}

/** Stores a notification once by the hash of its body; false when it was stored before. */
export async function recordNotification(db: Queryable, n: { hash: string; orderId: string; status: string; body: unknown }): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payment_notifications (body_hash, gateway_order_id, transaction_status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (body_hash) DO NOTHING`,
    [n.hash, n.orderId, n.status, JSON.stringify(n.body)],
  );
  return rowCount === 1;
}

/** Notes what handling a notification did. */
export async function setNotificationOutcome(db: Queryable, hash: string, outcome: string): Promise<void> {
  await db.query('UPDATE payment_notifications SET outcome = $2 WHERE body_hash = $1', [hash, outcome]);
}

/** Forgets a stored notification that could not be acted on, so its repeat is handled. */
export async function forgetNotification(db: Queryable, hash: string): Promise<void> {
  await db.query('DELETE FROM payment_notifications WHERE body_hash = $1', [hash]);
}
