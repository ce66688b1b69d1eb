import type { Queryable } from '../db/client.ts';

/*
 * The demo class's reading, so the teacher's class reading page has something to show: Sekar read
 * both books she has returned to the end, and has spent time in them and in the one she has on
 * loan (which she has not opened yet, so no position asks her to continue it); Rina read her
 * returned novel to the end. Loans and reviews come from the activity seed.
 */

/** [user, book, finished, minutes per page read, pages with time]. */
const READING: [string, string, boolean, number, number][] = [
  ['siswa', 'gerimis-di-kota-kembang', true, 2, 40],
  ['siswa', 'timun-mas-dan-raksasa-hijau', true, 1, 25],
  ['siswa', 'bayang-bayang-gunung-agung', false, 3, 6],
  ['rina', 'gerimis-di-kota-kembang', true, 2, 30],
];

const DAY = 86_400_000;

/** Inserts the positions and reading time above. `userIds` and `bookIds` by demo key. */
export async function insertClassReading(tx: Queryable, userIds: Map<string, string>, bookIds: Map<string, string>, now = new Date()): Promise<void> {
  for (const [user, book, finished, minutes, pages] of READING) {
    const userId = userIds.get(user);
    const bookId = bookIds.get(book);
    if (!userId || !bookId) continue;
    const at = new Date(now.getTime() - 3 * DAY).toISOString();
    if (finished) {
      await tx.query(
        `INSERT INTO reading_progress (user_id, book_id, last_page, total_page, updated_at)
         SELECT $1, id, pages, pages, $3 FROM books WHERE id = $2 AND pages > 0`,
        [userId, bookId, at],
      );
    }
    await tx.query(
      `INSERT INTO reading_durations (user_id, book_id, page, duration, updated_at)
       SELECT $1, $2, g, $3, $5 FROM generate_series(1, $4::int) g`,
      [userId, bookId, minutes * 60, pages, at],
    );
  }
}
