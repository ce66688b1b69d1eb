import type { Queryable } from '../db/client.ts';

/* SQL of where a buyer's parcels go. */

/** The address of a user's profile and the regency of its district (the couriers' destination). */
export async function findShippingAddress(db: Queryable, userId: string): Promise<{ address: string | null; destination: string | null; destination_name: string | null } | undefined> {
  const { rows } = await db.query<{ address: string | null; destination: string | null; destination_name: string | null }>(
    `SELECT u.address, r.code AS destination, r.name AS destination_name
       FROM users u LEFT JOIN districts d ON d.code = u.district_id LEFT JOIN regencies r ON r.code = d.regency_code
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}
