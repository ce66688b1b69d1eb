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

/**
 * Sets one charge's state. With `note`, the stored notification that brought the change is given
 * its outcome in the same statement.
 */
export async function setChargeState(tx: Queryable, gatewayOrderId: string, state: ChargeRow['state'], note?: { hash: string; outcome: string }): Promise<void> {
  if (!note) {
    await tx.query('UPDATE payment_charges SET state = $2 WHERE gateway_order_id = $1', [gatewayOrderId, state]);
    return;
  }
  await tx.query(
    `WITH noted AS (UPDATE payment_notifications SET outcome = $4 WHERE body_hash = $3)
     UPDATE payment_charges SET state = $2 WHERE gateway_order_id = $1`,
    [gatewayOrderId, state, note.hash, note.outcome],
  );
}

/**
 * How long a stored notification may stay without an outcome before it counts as never handled:
 * its handler died between storing it and its transaction (a crash, a restart), and the gateway's
 * retry of it is then acted on. Much longer than any handling takes, so a repeat arriving while
 * the first is still being handled is answered as a repeat.
 */
export const UNFINISHED_AFTER_SECONDS = 60;

/**
 * Finds the charge a notification is about and stores the notification once by the hash of its
 * body (`body` is its JSON text), in one statement. Undefined when no charge has this gateway order
 * id, and then nothing is stored; `stored` is false when the same body was stored before, unless
 * that one was left unfinished longer than `UNFINISHED_AFTER_SECONDS` (then this one takes it over).
 */
export async function recordNotification(
  db: Queryable,
  n: { hash: string; orderId: string; status: string; body: string },
): Promise<{ charge: ChargeRow; stored: boolean } | undefined> {
  const { rows } = await db.query<ChargeRow & { stored: boolean }>(
    `WITH charge AS (SELECT * FROM payment_charges WHERE gateway_order_id = $2),
          stored AS (
            INSERT INTO payment_notifications (body_hash, gateway_order_id, transaction_status, body)
            SELECT $1, $2, $3, $4::jsonb FROM charge
            ON CONFLICT (body_hash) DO UPDATE SET received_at = now()
              WHERE payment_notifications.outcome IS NULL
                AND payment_notifications.received_at < now() - make_interval(secs => $5)
            RETURNING body_hash
          )
     SELECT charge.*, EXISTS (SELECT 1 FROM stored) AS stored FROM charge`,
    [n.hash, n.orderId, n.status, n.body, UNFINISHED_AFTER_SECONDS],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { stored, ...charge } = row;
  return { charge, stored };
}

/** Notes what handling a notification did. */
export async function setNotificationOutcome(db: Queryable, hash: string, outcome: string): Promise<void> {
  await db.query('UPDATE payment_notifications SET outcome = $2 WHERE body_hash = $1', [hash, outcome]);
}

/** Forgets a stored notification that could not be acted on, so its repeat is handled. */
export async function forgetNotification(db: Queryable, hash: string): Promise<void> {
  await db.query('DELETE FROM payment_notifications WHERE body_hash = $1', [hash]);
}
