import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

/*
 * Demo data of donations and the souvenir shop: a price for most books (every seventh has none, so
 * the picker also shows what cannot be donated), a few souvenirs, and for each demo user an open
 * donation box, a paid donation (of a book the library holds: its seeded copies count them) and an
 * order whose payment time ran out, so the order pages show each tab filled.
 */

const SOUVENIRS: [string, string, number, number][] = [
  ['Tas Kanvas ePustaka', 'Tas kanvas tebal bersablon logo ePustaka.', 85_000, 400],
  ['Pembatas Buku Kayu (isi 3)', 'Tiga pembatas buku dari kayu pinus, diukir tangan.', 25_000, 80],
  ['Mug Keramik Baca Yuk', 'Mug keramik 350 ml bertuliskan "Baca Yuk".', 55_000, 450],
  ['Kaos Literasi Nusantara', 'Kaos katun bergambar peta literasi Nusantara.', 99_000, 250],
  ['Buku Catatan Daur Ulang', 'Buku catatan A5 dari kertas daur ulang, 120 halaman.', 35_000, 300],
];

/** Prices, souvenirs and demo orders. `userIds` by demo account key; `bookIds` by book key. */
export async function insertCommerce(tx: Queryable, organizationId: string, userIds: Map<string, string>, bookIds: Map<string, string>): Promise<void> {
  const books = [...bookIds.values()];
  for (const [i, id] of books.entries()) {
    if (i % 7 === 6) continue;
    await tx.query('UPDATE books SET price = $2 WHERE id = $1', [id, 35_000 + (i % 9) * 7_500]);
  }
  for (const [name, description, price, weight] of SOUVENIRS) {
    await tx.query('INSERT INTO products (organization_id, name, description, price, weight) VALUES ($1, $2, $3, $4, $5)', [organizationId, name, description, price, weight]);
  }
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
