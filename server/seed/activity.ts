import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { LOAN_DAYS } from '../../src/lib/contract/values.ts';
import { addFeedItem } from '../feed/feed.repository.ts';

/** A loan in the demo: `daysAgo` it started; `returnedAfter` days later it came back (open when absent). */
interface DemoLoan {
  user: string;
  book: string;
  daysAgo: number;
  returnedAfter?: number;
}

interface DemoReview {
  user: string;
  book: string;
  level: number;
  comment: string;
  daysAgo: number;
  replies: { user: string; comment: string; daysAgo: number }[];
}

/** Loans: the student has read two books and has a third on loan; a one-copy novel is out with a line waiting. */
const loans: DemoLoan[] = [
  { user: 'siswa', book: 'gerimis-di-kota-kembang', daysAgo: 24, returnedAfter: 6 },
  { user: 'siswa', book: 'timun-mas-dan-raksasa-hijau', daysAgo: 14, returnedAfter: 2 },
  { user: 'siswa', book: 'bayang-bayang-gunung-agung', daysAgo: 2 },
  { user: 'rina', book: 'gerimis-di-kota-kembang', daysAgo: 40, returnedAfter: 7 },
  { user: 'andi', book: 'perahu-terakhir-dari-buton', daysAgo: 30, returnedAfter: 5 },
  { user: 'guru', book: 'perahu-terakhir-dari-buton', daysAgo: 1 },
];

/** Waiting for the one copy of the novel the teacher has on loan, first in line first. */
const queue: { user: string; book: string; hoursAgo: number }[] = [
  { user: 'yoga', book: 'perahu-terakhir-dari-buton', hoursAgo: 20 },
  { user: 'rina', book: 'perahu-terakhir-dari-buton', hoursAgo: 5 },
];

const reviews: DemoReview[] = [
  {
    user: 'siswa',
    book: 'gerimis-di-kota-kembang',
    level: 4.5,
    comment: 'Ceritanya hangat dan bikin kangen Bandung. Surat-surat neneknya bikin terharu.',
    daysAgo: 17,
    replies: [
      { user: 'guru', comment: 'Setuju, cocok untuk bahan diskusi kelas Bahasa Indonesia.', daysAgo: 16 },
      { user: 'rina', comment: 'Bagian tahun 1950-an paling seru!', daysAgo: 15 },
    ],
  },
  {
    user: 'rina',
    book: 'gerimis-di-kota-kembang',
    level: 4,
    comment: 'Alurnya pelan di awal, tapi akhirnya memuaskan.',
    daysAgo: 32,
    replies: [{ user: 'siswa', comment: 'Iya, sabar sedikit di bab-bab awal ya.', daysAgo: 16 }],
  },
  {
    user: 'siswa',
    book: 'timun-mas-dan-raksasa-hijau',
    level: 5,
    comment: 'Gambarnya cantik, adik saya langsung suka.',
    daysAgo: 12,
    replies: [],
  },
  {
    user: 'andi',
    book: 'perahu-terakhir-dari-buton',
    level: 3.5,
    comment: 'Kisah pelaut yang kuat, walau akhirnya agak terburu-buru.',
    daysAgo: 24,
    replies: [{ user: 'yoga', comment: 'Jadi penasaran, saya sudah antre.', daysAgo: 1 }],
  },
];

/** Who follows whom: [follower, followed]. */
const follows: [string, string][] = [
  ['siswa', 'guru'],
  ['guru', 'siswa'],
  ['siswa', 'rina'],
  ['rina', 'siswa'],
  ['yoga', 'siswa'],
  ['rina', 'guru'],
  ['andi', 'guru'],
];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * A little activity on the demo catalogue: past and open loans (open DRM loans take their copy),
 * a queue on a fully lent one-copy book, reviews with replies, and follows. All in the
 * demo ePustaka "nusantara", where every user named here is an active member.
 */
export async function insertActivity(
  db: Queryable,
  userIds: Map<string, string>,
  bookIds: Map<string, string>,
  epustakaId: string,
  now = new Date(),
): Promise<void> {
  const user = (key: string) => userIds.get(key)!;
  const book = (key: string) => bookIds.get(key)!;
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();

  for (const loan of loans) {
    const borrowedAt = now.getTime() - loan.daysAgo * DAY;
    const returnedAt = loan.returnedAfter === undefined ? null : new Date(borrowedAt + loan.returnedAfter * DAY).toISOString();
    await db.query(
      `INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at, returned_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        user(loan.user), book(loan.book), epustakaId, randomBytes(32).toString('base64url'),
        new Date(borrowedAt).toISOString(), new Date(borrowedAt + LOAN_DAYS * DAY).toISOString(), returnedAt,
      ],
    );
    await addFeedItem(db, { type: 'BOOK_BORROW', senderId: user(loan.user), objectType: 'BOOK', objectId: book(loan.book), now: new Date(borrowedAt) });
    if (returnedAt === null) {
      await db.query(
        `UPDATE epustaka_books SET available_qty = available_qty - 1
          WHERE epustaka_id = $1 AND book_id = $2 AND available_qty > 0
            AND (SELECT using_drm FROM books WHERE id = $2)`,
        [epustakaId, book(loan.book)],
      );
    }
  }

  for (const entry of queue) {
    await db.query('INSERT INTO book_queues (user_id, epustaka_id, book_id, created_at) VALUES ($1, $2, $3, $4)', [
      user(entry.user), epustakaId, book(entry.book), at(entry.hoursAgo * HOUR),
    ]);
  }

  for (const review of reviews) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO ratings (book_id, user_id, rating_level, rating_comment, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [book(review.book), user(review.user), review.level, review.comment, at(review.daysAgo * DAY)],
    );
    await addFeedItem(db, { type: 'BOOK_REVIEW', senderId: user(review.user), objectType: 'RATING', objectId: rows[0]!.id, now: new Date(at(review.daysAgo * DAY)) });
    for (const reply of review.replies) {
      await db.query(
        `INSERT INTO ratings (book_id, user_id, parent_id, rating_comment, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)`,
        [book(review.book), user(reply.user), rows[0]!.id, reply.comment, at(reply.daysAgo * DAY)],
      );
    }
  }

  for (const [follower, followed] of follows) {
    await db.query('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2)', [user(follower), user(followed)]);
  }
}
