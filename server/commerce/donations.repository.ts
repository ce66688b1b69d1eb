import type { Queryable } from '../db/client.ts';

/*
 * SQL of donations: the books that may be donated and their price, the libraries a donation may go
 * to, the copies a paid donation adds, and what a donor gave and a library received.
 */

/** `%text%` for ILIKE with `%`, `_` and `\` matching themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export interface DonatableBookRow {
  id: string;
  catalog_title: string;
  author_name: string | null;
  cover_url: string | null;
  price: number | null;
  using_drm: boolean;
  available_qty: number;
}

const BOOK_COLUMNS = `b.id, b.catalog_title, a.author_name, b.cover_url, b.price, b.using_drm,
  coalesce((SELECT sum(eb.available_qty) FROM epustaka_books eb JOIN epustaka e ON e.id = eb.epustaka_id
             WHERE eb.book_id = b.id AND e.organization_id = b.organization_id), 0)::int AS available_qty`;

/** A book of the organisation (priced or not), or undefined. */
export async function findDonatableBook(db: Queryable, bookId: string, organizationId: string): Promise<DonatableBookRow | undefined> {
  const { rows } = await db.query<DonatableBookRow>(
    `SELECT ${BOOK_COLUMNS} FROM books b LEFT JOIN authors a ON a.id = b.author_id WHERE b.id = $1 AND b.organization_id = $2`,
    [bookId, organizationId],
  );
  return rows[0];
}

/** A page of the organisation's priced books, by title; `q` matches title or author. */
export async function listDonatableBooks(db: Queryable, organizationId: string, page: { limit: number; offset: number; q?: string; bookId?: string }): Promise<{ rows: DonatableBookRow[]; total: number }> {
  const params: unknown[] = [organizationId];
  let where = 'b.organization_id = $1 AND b.price IS NOT NULL';
  if (page.q) {
    params.push(likePattern(page.q));
    where += ` AND (b.catalog_title ILIKE $${params.length} OR a.author_name ILIKE $${params.length})`;
  }
  if (page.bookId) {
    params.push(page.bookId);
    where += ` AND b.id = $${params.length}`;
  }
  const { rows } = await db.query<DonatableBookRow & { total: string }>(
    `SELECT ${BOOK_COLUMNS}, count(*) OVER () AS total FROM books b LEFT JOIN authors a ON a.id = b.author_id
      WHERE ${where} ORDER BY b.catalog_title, b.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Books among `ids` with their author, for order lines. */
export async function describeBooks(db: Queryable, ids: string[]): Promise<{ id: string; catalog_title: string; author_name: string | null; cover_url: string | null }[]> {
  const { rows } = await db.query<{ id: string; catalog_title: string; author_name: string | null; cover_url: string | null }>(
    'SELECT b.id, b.catalog_title, a.author_name, b.cover_url FROM books b LEFT JOIN authors a ON a.id = b.author_id WHERE b.id = ANY($1::uuid[])',
    [ids],
  );
  return rows;
}

export interface EpustakaRow {
  id: string;
  epustaka_name: string;
  epustaka_logo: string | null;
  epustaka_category: 'P' | 'L';
  organization_id: string;
  created_by: string | null;
}

const EPUSTAKA_COLUMNS = 'e.id, e.epustaka_name, e.epustaka_logo, e.epustaka_category, e.organization_id, e.created_by';

/** An ePustaka of the organisation, or undefined. */
export async function findOrganizationEpustaka(db: Queryable, id: string, organizationId: string): Promise<EpustakaRow | undefined> {
  const { rows } = await db.query<EpustakaRow>(`SELECT ${EPUSTAKA_COLUMNS} FROM epustaka e WHERE e.id = $1 AND e.organization_id = $2`, [id, organizationId]);
  return rows[0];
}

/** The user's own personal ePustaka (category P, made by them), if any. */
export async function findOwnEpustaka(db: Queryable, userId: string): Promise<EpustakaRow | undefined> {
  const { rows } = await db.query<EpustakaRow>(
    `SELECT ${EPUSTAKA_COLUMNS} FROM epustaka e WHERE e.created_by = $1 AND e.epustaka_category = 'P' ORDER BY e.created_at, e.id LIMIT 1`,
    [userId],
  );
  return rows[0];
}

/** A page of the organisation's ePustaka by name, the user's own first; `q` matches the name. */
export async function listOrganizationEpustaka(db: Queryable, organizationId: string, userId: string, page: { limit: number; offset: number; q?: string }): Promise<{ rows: EpustakaRow[]; total: number }> {
  const params: unknown[] = [organizationId, userId];
  let where = 'e.organization_id = $1';
  if (page.q) {
    params.push(likePattern(page.q));
    where += ` AND e.epustaka_name ILIKE $${params.length}`;
  }
  const { rows } = await db.query<EpustakaRow & { total: string }>(
    `SELECT ${EPUSTAKA_COLUMNS}, count(*) OVER () AS total FROM epustaka e WHERE ${where}
      ORDER BY (e.created_by = $2 AND e.epustaka_category = 'P') DESC NULLS LAST, e.epustaka_name, e.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Adds `copies` to a library's holding of a book (making the holding); call inside the paying transaction. */
export async function addDonatedCopies(tx: Queryable, epustakaId: string, bookId: string, copies: number): Promise<void> {
  await tx.query(
    `INSERT INTO epustaka_books (epustaka_id, book_id, all_qty, available_qty) VALUES ($1, $2, $3, 0)
     ON CONFLICT (epustaka_id, book_id) DO UPDATE SET all_qty = epustaka_books.all_qty + EXCLUDED.all_qty`,
    [epustakaId, bookId, copies],
  );
}

export interface DonatedBookRow {
  id: string;
  catalog_title: string;
  author_name: string | null;
  cover_url: string | null;
  epustaka_id: string;
  epustaka_name: string;
  all_qty: number;
  available_qty: number;
  queue_count: number;
  donated_qty: number;
}

/** The books a user donated (paid), per book and library, newest first; `q` matches the title. */
export async function listDonatedBooks(db: Queryable, userId: string, page: { limit: number; offset: number; q?: string }): Promise<{ rows: DonatedBookRow[]; total: number }> {
  const params: unknown[] = [userId];
  let where = '';
  if (page.q) {
    params.push(likePattern(page.q));
    where = ` AND b.catalog_title ILIKE $${params.length}`;
  }
  const { rows } = await db.query<DonatedBookRow & { total: string }>(
    `WITH given AS (
       SELECT d.order_type_id AS book_id, d.epustaka_id, sum(d.number_of_copy)::int AS donated_qty, max(o.paid_at) AS last_paid
         FROM order_box_details d JOIN order_boxes o ON o.id = d.order_box_id
        WHERE o.user_id = $1 AND d.order_type = 'BOOK' AND o.payment_status = 3 AND d.epustaka_id IS NOT NULL
        GROUP BY d.order_type_id, d.epustaka_id)
     SELECT b.id, b.catalog_title, a.author_name, b.cover_url, e.id AS epustaka_id, e.epustaka_name,
            coalesce(eb.all_qty, 0) AS all_qty, coalesce(eb.available_qty, 0) AS available_qty, g.donated_qty,
            (SELECT count(*)::int FROM book_queues q WHERE q.book_id = b.id AND q.epustaka_id = e.id AND q.ended_at IS NULL) AS queue_count,
            count(*) OVER () AS total
       FROM given g JOIN books b ON b.id = g.book_id JOIN epustaka e ON e.id = g.epustaka_id
       LEFT JOIN authors a ON a.id = b.author_id
       LEFT JOIN epustaka_books eb ON eb.epustaka_id = e.id AND eb.book_id = b.id
      WHERE true${where}
      ORDER BY g.last_paid DESC, b.id, e.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

export interface ReceivedDonationRow {
  order_box_id: string;
  transaction_id: string | null;
  transaction_code: string | null;
  payment_status: number;
  payment_type: string | null;
  paid_late: boolean;
  late_decision: 'accepted' | 'refunded' | null;
  donor_id: string;
  donor_name: string;
  book_id: string;
  catalog_title: string;
  number_of_copy: number;
  price: number;
  discount_amount: number;
  created_at: Date | string;
  paid_at: Date | string | null;
}

/** The invoiced donations to a library (every status from 1 on), newest first. */
export async function listReceivedDonations(db: Queryable, epustakaId: string, page: { limit: number; offset: number }): Promise<{ rows: ReceivedDonationRow[]; total: number }> {
  const { rows } = await db.query<ReceivedDonationRow & { total: string }>(
    `SELECT o.id AS order_box_id, o.transaction_id, o.transaction_code, o.payment_status, o.payment_type, o.paid_late, o.late_decision,
            u.id AS donor_id, u.name AS donor_name, b.id AS book_id, b.catalog_title, d.number_of_copy, d.price, d.discount_amount,
            o.created_at, o.paid_at, count(*) OVER () AS total
       FROM order_box_details d JOIN order_boxes o ON o.id = d.order_box_id
       JOIN users u ON u.id = o.user_id JOIN books b ON b.id = d.order_type_id
      WHERE d.epustaka_id = $1 AND d.order_type = 'BOOK' AND o.payment_status > 0
      ORDER BY o.created_at DESC, d.id LIMIT $2 OFFSET $3`,
    [epustakaId, page.limit, page.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}
