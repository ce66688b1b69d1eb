import type { Queryable } from '../db/client.ts';
import { addFeedItem } from '../feed/feed.repository.ts';
import { notifyRecommendation } from '../notifications/social-events.ts';

/*
 * The social side of the demo, so profiles and timelines have something to show: every demo loan
 * is in its reader's history and on the timeline (as borrowing and reviewing put it there), a
 * recommendation, posts with a few likes and comments (one by the student), some more follows,
 * and the articles, video and audio the student opened, so her profile has every tab.
 */

/** More follows, besides those of the activity seed: [follower, followed]. */
const follows: [string, string][] = [
  ['guru', 'andi'],
  ['andi', 'rina'],
  ['yoga', 'guru'],
];

const posts: { user: string; message: string; daysAgo: number; likes: string[]; comments: { user: string; body: string }[] }[] = [
  {
    user: 'guru',
    message: 'Resensi novel untuk kelas XI dikumpulkan Jumat depan. Pilih satu novel dari Perpustakaan Digital Nusantara, ya.',
    daysAgo: 3,
    likes: ['siswa', 'rina'],
    comments: [{ user: 'siswa', body: 'Siap, Pak! Saya pilih Gerimis di Kota Kembang.' }],
  },
  {
    user: 'siswa',
    message: 'Baru selesai membaca Timun Mas dan Raksasa Hijau. Ceritanya seru untuk dibacakan ke adik!',
    daysAgo: 2,
    likes: ['rina', 'guru'],
    comments: [{ user: 'rina', body: 'Setuju, aku juga suka bagian akhirnya.' }],
  },
  {
    user: 'rina',
    message: 'Ada yang mau ikut klub baca cerita rakyat setiap Kamis sore?',
    daysAgo: 1,
    likes: ['siswa'],
    comments: [{ user: 'guru', body: 'Ide bagus, ruang perpustakaan bisa dipakai.' }],
  },
];

const DAY = 86_400_000;

export async function insertSocial(db: Queryable, userIds: Map<string, string>, bookIds: Map<string, string>, now = new Date()): Promise<void> {
  const user = (key: string) => userIds.get(key)!;
  const users = [...userIds.values()];

  // Every loan in the reader's history (last opened when it came back, or now); insertActivity puts
  // loans and reviews on the timeline.
  await db.query(
    `INSERT INTO content_access_history (user_id, object_type, object_id, epustaka_id, first_accessed_at, last_accessed_at)
     SELECT DISTINCT ON (user_id, book_id) user_id, 'BOOK', book_id, epustaka_id, borrowed_at, coalesce(returned_at, borrowed_at + interval '1 hour')
       FROM borrows WHERE user_id = ANY($1::uuid[])
      ORDER BY user_id, book_id, borrowed_at DESC
     ON CONFLICT (user_id, object_type, object_id) DO NOTHING`,
    [users],
  );
  // The recommendation is told to its targets as recommending does (a notification each).
  const recommended = bookIds.get('bayang-bayang-gunung-agung')!;
  const targets = [user('siswa'), user('rina')];
  const feedId = await addFeedItem(db, {
    type: 'BOOK_RECOMMENDATION',
    senderId: user('guru'),
    objectType: 'BOOK',
    objectId: recommended,
    message: 'Novel sejarah yang pas untuk tugas resensi.',
    targets,
    now: new Date(now.getTime() - 4 * DAY),
  });
  const { rows: titled } = await db.query<{ catalog_title: string }>('SELECT catalog_title FROM books WHERE id = $1', [recommended]);
  await notifyRecommendation(db, { feedId, senderId: user('guru'), bookId: recommended, title: titled[0]!.catalog_title, targetIds: targets });

  for (const post of posts) {
    const at = new Date(now.getTime() - post.daysAgo * DAY);
    const id = await addFeedItem(db, { type: 'VISUAL_POST', senderId: user(post.user), message: post.message, now: at });
    for (const liker of post.likes) {
      await db.query(`INSERT INTO likes (object_type, object_id, user_id, created_at) VALUES ('FEED', $1, $2, $3)`, [id, user(liker), at.toISOString()]);
    }
    for (const [i, comment] of post.comments.entries()) {
      await db.query(`INSERT INTO comments (object_type, object_id, user_id, body, created_at) VALUES ('FEED', $1, $2, $3, $4)`, [
        id, user(comment.user), comment.body, new Date(at.getTime() + (i + 1) * 3_600_000).toISOString(),
      ]);
    }
  }

  for (const [follower, followed] of follows) {
    await db.query('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user(follower), user(followed)]);
  }
}

/** The articles the student and Rina read (demo articles by title, read from the library holding them). */
const ARTICLE_HISTORY: { user: string; title: string; daysAgo: number }[] = [
  { user: 'siswa@demo.id', title: 'Lima Cara Meminjam Buku Digital dengan Lancar', daysAgo: 3 },
  { user: 'siswa@demo.id', title: 'Cara Menulis Resensi Buku yang Menarik', daysAgo: 1 },
  { user: 'rina@demo.id', title: 'Klub Buku Bulan Ini Membahas Laskar Pelangi', daysAgo: 2 },
];

/** Puts those article reads in the readers' histories; call after the demo articles are in. */
export async function insertArticleHistory(db: Queryable, organizationId: string, now = new Date()): Promise<void> {
  for (const entry of ARTICLE_HISTORY) {
    const at = new Date(now.getTime() - entry.daysAgo * DAY).toISOString();
    await db.query(
      `INSERT INTO content_access_history (user_id, object_type, object_id, epustaka_id, progress, first_accessed_at, last_accessed_at)
       SELECT u.id, 'ARTICLE', n.id, en.epustaka_id, 0, $3, $3
         FROM users u
         JOIN news n ON n.organization_id = u.organization_id AND n.news_title = $2
         JOIN LATERAL (SELECT epustaka_id FROM epustaka_news WHERE news_id = n.id ORDER BY created_at LIMIT 1) en ON true
        WHERE u.email = $1 AND u.organization_id = $4
       ON CONFLICT (user_id, object_type, object_id) DO NOTHING`,
      [entry.user, entry.title, at, organizationId],
    );
  }
}

/** What the student watched and listened to, once the demo media are in: her profile then shows those tabs. */
const MEDIA_HISTORY: { user: string; title: string; progress: number; daysAgo: number }[] = [
  { user: 'siswa@demo.id', title: 'Cara Meminjam Buku Digital', progress: 20, daysAgo: 2 },
  { user: 'siswa@demo.id', title: 'Dongeng Kancil dan Buaya', progress: 45, daysAgo: 1 },
];

export async function insertMediaHistory(db: Queryable, organizationId: string, now = new Date()): Promise<void> {
  for (const entry of MEDIA_HISTORY) {
    const at = new Date(now.getTime() - entry.daysAgo * DAY).toISOString();
    await db.query(
      `INSERT INTO content_access_history (user_id, object_type, object_id, epustaka_id, progress, progress_total, first_accessed_at, last_accessed_at)
       SELECT u.id, upper(mi.media_type), mi.id, em.epustaka_id, least($3, mi.media_duration), mi.media_duration, $4, $4
         FROM users u
         JOIN media_items mi ON mi.organization_id = u.organization_id AND mi.media_title = $2
         JOIN LATERAL (SELECT epustaka_id FROM epustaka_media WHERE media_id = mi.id ORDER BY created_at LIMIT 1) em ON true
        WHERE u.email = $1 AND u.organization_id = $5
       ON CONFLICT (user_id, object_type, object_id) DO NOTHING`,
      [entry.user, entry.title, entry.progress, at, organizationId],
    );
  }
}
