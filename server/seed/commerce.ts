import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { sandboxShipping } from '../commerce/shipping.ts';

/*
 * Demo data of donations and the souvenir shop: a price for most books (every seventh has none, so
 * the picker also shows what cannot be donated), a few souvenirs with pictures, and for each demo
 * user an open donation box, a paid donation (of a book the library holds: its seeded copies count
 * them), an order whose payment time ran out, and souvenir orders waiting to be shipped, on their
 * way and received, so the order pages show each tab filled.
 */

/** Name, description, price, weight in grams and picture (in public/souvenirs/). */
const SOUVENIRS: [string, string, number, number, string][] = [
  ['Tas Kanvas ePustaka', 'Tas kanvas tebal bersablon logo ePustaka.', 85_000, 400, 'tas'],
  ['Pembatas Buku Kayu (isi 3)', 'Tiga pembatas buku dari kayu pinus, diukir tangan.', 25_000, 80, 'pembatas'],
  ['Mug Keramik Baca Yuk', 'Mug keramik 350 ml bertuliskan "Baca Yuk".', 55_000, 450, 'mug'],
  ['Kaos Literasi Nusantara', 'Kaos katun bergambar peta literasi Nusantara.', 99_000, 250, 'kaos'],
  ['Buku Catatan Daur Ulang', 'Buku catatan A5 dari kertas daur ulang, 120 halaman.', 35_000, 300, 'catatan'],
];

/**
 * Each demo user's souvenir orders: paid and waiting to be shipped (6), on its way with a waybill
 * the sandbox courier knows (7), and received (8). [status, souvenir index, pieces, days ago].
 */
const SOUVENIR_ORDERS: [6 | 7 | 8, number, number, number][] = [
  [6, 0, 1, 1],
  [7, 2, 2, 2],
  [8, 1, 3, 9],
];

/** Prices, souvenirs and demo orders. `userIds` by demo account key; `bookIds` by book key. */
export async function insertCommerce(tx: Queryable, organizationId: string, userIds: Map<string, string>, bookIds: Map<string, string>): Promise<void> {
  const books = [...bookIds.values()];
  for (const [i, id] of books.entries()) {
    if (i % 7 === 6) continue;
    await tx.query('UPDATE books SET price = $2 WHERE id = $1', [id, 35_000 + (i % 9) * 7_500]);
  }
  const products: { id: string; price: number }[] = [];
  for (const [name, description, price, weight, picture] of SOUVENIRS) {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO products (organization_id, name, description, price, weight, image_url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [organizationId, name, description, price, weight, `/souvenirs/${picture}.svg`],
    );
    products.push({ id: rows[0]!.id, price });
  }
  await insertSouvenirOrders(tx, [...userIds.values()], products);
  const { rows: libraries } = await tx.query<{ id: string }>(`SELECT id FROM epustaka WHERE organization_id = $1 AND epustaka_category = 'L' ORDER BY epustaka_name LIMIT 1`, [organizationId]);
  const library = libraries[0]?.id;
  if (!library) return;
  // Books the library holds, whose seeded copies stand for what was donated.
  const { rows: priced } = await tx.query<{ id: string; price: number }>(
    `SELECT b.id, b.price FROM books b JOIN epustaka_books eb ON eb.book_id = b.id AND eb.epustaka_id = $2
      WHERE b.id = ANY($1::uuid[]) AND b.price IS NOT NULL ORDER BY b.catalog_title LIMIT 3`,
    [books, library],
  );
  if (priced.length < 3) return;
  const day = 86_400_000;
  const now = Date.now();
  for (const userId of userIds.values()) {
    const orders: { status: number; book: { id: string; price: number }; copies: number; at: number }[] = [
      { status: 0, book: priced[0]!, copies: 1, at: now },
      { status: 3, book: priced[1]!, copies: 2, at: now - 3 * day },
      { status: 5, book: priced[2]!, copies: 1, at: now - 5 * day },
    ];
    for (const o of orders) {
      const amount = o.book.price * o.copies;
      const invoiced = o.status !== 0;
      const fee = invoiced ? 4_000 : 0;
      const tax = invoiced ? 440 : 0;
      const id = randomUUID();
      await tx.query(
        `INSERT INTO order_boxes (id, user_id, category, payment_status, transaction_id, transaction_code, payment_type, amount, service_fee_amount,
                                  tax_amount, bill, expired_at, paid_at, created_at, updated_at)
         VALUES ($1, $2, 'DONATION', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [
          id, userId, o.status, invoiced ? randomUUID() : null,
          invoiced ? `INV/${new Date(o.at).toISOString().slice(0, 10).replace(/-/g, '')}/${id.slice(0, 8).toUpperCase()}` : null,
          invoiced ? 'bca_va' : null, amount, fee, tax, amount + fee + tax,
          invoiced ? new Date(o.at + day).toISOString() : null, o.status === 3 ? new Date(o.at + 3_600_000).toISOString() : null,
          new Date(o.at).toISOString(),
        ],
      );
      await tx.query(
        'INSERT INTO order_box_details (order_box_id, order_type, order_type_id, epustaka_id, price, number_of_copy) VALUES ($1, $2, $3, $4, $5, $6)',
        [id, 'BOOK', o.book.id, library, o.book.price, o.copies],
      );
    }
  }
}

/** A receipt number from `prefix` whose story at the sandbox courier is `story` (on its way, delivered). */
async function demoReceipt(prefix: string, story: string): Promise<string> {
  for (let n = 0; ; n++) {
    const receipt = `${prefix}DEMO${n}`;
    if ((await sandboxShipping.waybill('jne', receipt))?.delivery_status.status === story) return receipt;
  }
}

/** The souvenir orders of SOUVENIR_ORDERS for each user, paid by virtual account and sent by JNE. */
async function insertSouvenirOrders(tx: Queryable, userIds: string[], products: { id: string; price: number }[]): Promise<void> {
  const day = 86_400_000;
  for (const [u, userId] of userIds.entries()) {
    for (const [status, index, pieces, daysAgo] of SOUVENIR_ORDERS) {
      const product = products[index]!;
      const at = Date.now() - daysAgo * day;
      const id = randomUUID();
      const amount = product.price * pieces;
      const shipping = 18_000;
      await tx.query(
        `INSERT INTO order_boxes (id, user_id, category, payment_status, transaction_id, transaction_code, payment_type, amount, service_fee_amount,
                                  tax_amount, shipping_fee_amount, bill, expired_at, paid_at, courier_code, courier_service, courier_etd,
                                  shipping_address, receipt_number, created_at, updated_at)
         VALUES ($1, $2, 'PRODUCT', $3, $4, $5, 'bni_va', $6, 4000, 440, $7, $8, $9, $10, 'jne', 'REG', '2-3', 'Jl. Merdeka No. 17, Bandung', $11, $12, $12)`,
        [
          id, userId, status, randomUUID(), `INV/${new Date(at).toISOString().slice(0, 10).replace(/-/g, '')}/${id.slice(0, 8).toUpperCase()}`,
          amount, shipping, amount + 4_440 + shipping, new Date(at + day).toISOString(), new Date(at + 3_600_000).toISOString(),
          status === 6 ? null : await demoReceipt(`JNE${String(u + 1).padStart(3, '0')}${status}`, status === 7 ? 'ON PROCESS' : 'DELIVERED'), new Date(at).toISOString(),
        ],
      );
      await tx.query('INSERT INTO order_box_details (order_box_id, order_type, order_type_id, price, number_of_copy) VALUES ($1, $2, $3, $4, $5)', [id, 'SOUVENIR', product.id, product.price, pieces]);
    }
  }
}
