import type { Queryable } from '../db/client.ts';

/** A souvenir on sale. */
export interface ProductRow {
  id: string;
  name: string;
  description: string;
  image_url: string | null;
  price: number;
  weight: number;
  pre_order: boolean;
  shipping_duration: number | null;
}

const COLUMNS = 'id, name, description, image_url, price, weight, pre_order, shipping_duration';

/** A product of the organisation, or undefined. */
export async function findProduct(db: Queryable, id: string, organizationId: string): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
  return rows[0];
}

/** The products among `ids`, for order lines. */
export async function describeProducts(db: Queryable, ids: string[]): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = ANY($1::uuid[])`, [ids]);
  return rows;
}

/** A page of the organisation's products by name, with the total; `q` matches the name. */
export async function listProducts(db: Queryable, organizationId: string, page: { limit: number; offset: number; q?: string }): Promise<{ rows: ProductRow[]; total: number }> {
  const params: unknown[] = [organizationId];
  let where = 'organization_id = $1';
  if (page.q) {
    params.push(`%${page.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where += ` AND name ILIKE $${params.length}`;
  }
  const { rows } = await db.query<ProductRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM products WHERE ${where} ORDER BY name, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}
