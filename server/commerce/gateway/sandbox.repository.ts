import type { Queryable } from '../../db/client.ts';

/* SQL of the payment sandbox's own record of charges, as a real gateway would keep it. */

export interface SandboxChargeRow {
  order_id: string;
  transaction_id: string;
  payment_type: string;
  bank: string | null;
  gross_amount: string;
  transaction_status: string;
  transaction_time: Date | string;
  settlement_time: Date | string | null;
  expiry_time: Date | string;
  request: Record<string, unknown>;
}

/** Records a new charge; undefined when the order id was charged before. */
export async function insertSandboxCharge(db: Queryable, charge: { orderId: string; paymentType: string; bank: string | null; grossAmount: string; at: Date; expiry: Date; request: unknown }): Promise<SandboxChargeRow | undefined> {
  const { rows } = await db.query<SandboxChargeRow>(
    `INSERT INTO payment_sandbox_charges (order_id, payment_type, bank, gross_amount, transaction_status, transaction_time, expiry_time, request)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7) ON CONFLICT (order_id) DO NOTHING RETURNING *`,
    [charge.orderId, charge.paymentType, charge.bank, charge.grossAmount, charge.at.toISOString(), charge.expiry.toISOString(), JSON.stringify(charge.request)],
  );
  return rows[0];
}

/** A charge by order id, or undefined. */
export async function findSandboxCharge(db: Queryable, orderId: string): Promise<SandboxChargeRow | undefined> {
  const { rows } = await db.query<SandboxChargeRow>('SELECT * FROM payment_sandbox_charges WHERE order_id = $1', [orderId]);
  return rows[0];
}

/**
 * Moves a pending charge to `status` (settlement sets its time); answers the charge when it moved,
 * undefined when it was no longer pending. A pending charge past its expiry becomes `expire` first.
 */
export async function settleSandboxCharge(db: Queryable, orderId: string, status: string, now: Date): Promise<SandboxChargeRow | undefined> {
  await expireSandboxCharge(db, orderId, now);
  const { rows } = await db.query<SandboxChargeRow>(
    `UPDATE payment_sandbox_charges SET transaction_status = $2, settlement_time = CASE WHEN $2 = 'settlement' THEN $3::timestamptz END
      WHERE order_id = $1 AND transaction_status = 'pending' RETURNING *`,
    [orderId, status, now.toISOString()],
  );
  return rows[0];
}

/** Marks a pending charge past its expiry time as expired. */
export async function expireSandboxCharge(db: Queryable, orderId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE payment_sandbox_charges SET transaction_status = 'expire' WHERE order_id = $1 AND transaction_status = 'pending' AND expiry_time <= $2`,
    [orderId, now.toISOString()],
  );
}
