import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { signIn } from '../test/catalogue.ts';
import { seedDemo } from './index.ts';

let ctx: TestContext;
const ids = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.query('DELETE FROM organizations');
  // The rows only: adding the eight readable books' files is most of the seed's time.
  await seedDemo(ctx.db, ctx.config, { bookFiles: false });
  const { rows } = await ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM users');
  for (const r of rows) ids.set(r.email.split('@')[0]!, r.id);
  const books = await ctx.db.query<{ id: string; catalog_title: string }>('SELECT id, catalog_title FROM books');
  for (const b of books.rows) ids.set(b.catalog_title, b.id);
});
afterAll(() => ctx.close());

describe('demo accounts', () => {
  test('live in a real district, Coblong in Kota Bandung, so their profile can be saved as it is', async () => {
    const { rows } = await ctx.db.query<{ email: string; district: string | null; regency: string | null }>(
      `SELECT u.email, d.name AS district, r.name AS regency FROM users u
         LEFT JOIN districts d ON d.code = u.district_id LEFT JOIN regencies r ON r.code = d.regency_code
        WHERE u.email LIKE '%@demo.id' ORDER BY u.email`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.district?.toLowerCase()).toBe('coblong');
      expect(row.regency?.toLowerCase()).toContain('bandung');
    }
  });
});

describe('demo activity', () => {
  test('the student has read two books, has one on loan, and is still a member of nusantara only', async () => {
    const { rows } = await ctx.db.query<{ catalog_title: string; open: boolean }>(
      `SELECT b.catalog_title, br.returned_at IS NULL AS open FROM borrows br JOIN books b ON b.id = br.book_id
        WHERE br.user_id = $1 ORDER BY br.borrowed_at`,
      [ids.get('siswa')],
    );
    expect(rows).toEqual([
      { catalog_title: 'Gerimis di Kota Kembang', open: false },
      { catalog_title: 'Timun Mas dan Raksasa Hijau', open: false },
      { catalog_title: 'Bayang-Bayang Gunung Agung', open: true },
    ]);
    const memberships = await ctx.db.query<{ epustaka_name: string; member_status: number }>(
      'SELECT e.epustaka_name, m.member_status FROM epustaka_members m JOIN epustaka e ON e.id = m.epustaka_id WHERE m.user_id = $1',
      [ids.get('siswa')],
    );
    expect(memberships.rows).toEqual([{ epustaka_name: 'Perpustakaan Digital Nusantara', member_status: 1 }]);
  });

  test('the API sees the loans, the review and the queue', async () => {
    const token = await signIn(ctx, { id: ids.get('siswa')! });
    const onLoan = await ctx.request('GET', `/webhook/check-borrow-status?book_id=${ids.get('Bayang-Bayang Gunung Agung')}`, { token });
    expect(onLoan.body.data.has_borrow).toBe(true);
    const read = await ctx.request('GET', `/webhook/book-detail?book_id=${ids.get('Gerimis di Kota Kembang')}`, { token });
    expect(read.body.data).toMatchObject({ has_borrow: false, has_borrow_before: true, avg_rating: 4.3, review_count: 2 });
    expect(read.body.data.user_rating.rating_level).toBe(4.5);
    const lent = await ctx.request('GET', `/webhook/book-detail?book_id=${ids.get('Perahu Terakhir dari Buton')}`, { token });
    expect(lent.body.data).toMatchObject({ all_qty: 1, available_qty: 0, queue_count: 2, active_borrow_count: 1 });
    const queue = await ctx.request('GET', `/webhook/book-queue?book_id=${ids.get('Perahu Terakhir dari Buton')}`, { token });
    expect(queue.body.data.map((e: { user: { id: string } }) => e.user.id)).toEqual([ids.get('yoga'), ids.get('rina')]);
    expect(queue.body.data[0].user.followed).toBe(false);
    const followers = await ctx.request('GET', '/webhook/follower', { token });
    expect(followers.body.meta.total).toBe(3);
  });

  test('every review comes from someone who borrowed the book', async () => {
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ratings r
        WHERE r.parent_id IS NULL AND NOT EXISTS (SELECT 1 FROM borrows b WHERE b.user_id = r.user_id AND b.book_id = r.book_id)`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('every loan and review has its timeline item, which the student sees from the people they follow', async () => {
    const { rows } = await ctx.db.query<{ loans: number; reviews: number; borrow_items: number; review_items: number }>(
      `SELECT (SELECT count(*)::int FROM borrows) AS loans,
              (SELECT count(*)::int FROM ratings WHERE parent_id IS NULL) AS reviews,
              (SELECT count(*)::int FROM feeds WHERE feed_type = 'BOOK_BORROW') AS borrow_items,
              (SELECT count(*)::int FROM feeds WHERE feed_type = 'BOOK_REVIEW') AS review_items`,
    );
    expect(rows[0]!.borrow_items).toBe(rows[0]!.loans);
    expect(rows[0]!.review_items).toBe(rows[0]!.reviews);
    const token = await signIn(ctx, { id: ids.get('siswa')! });
    const timeline = await ctx.request('GET', '/webhook/feeds', { token });
    expect(timeline.body.data.length).toBeGreaterThan(0);
    const senders = new Set(timeline.body.data.map((f: { sender: { id: string } }) => f.sender.id));
    for (const sender of senders) expect([ids.get('siswa'), ids.get('guru'), ids.get('rina')]).toContain(sender);
  });
});

describe('demo social', () => {
  test('the student’s timeline shows her own, her friends’ and what was recommended to her; her profile lists the books she read', async () => {
    const token = await signIn(ctx, { id: ids.get('siswa')! });
    const feed = await ctx.request('GET', '/webhook/feeds?limit=50', { token });
    const items = feed.body.data as { feed_type: string; sender: { id: string }; recommendation_target: { id: string }[]; total_like: number; total_comment: number }[];
    const from = (who: string, type: string) => items.filter((i) => i.sender.id === ids.get(who) && i.feed_type === type).length;
    expect(from('siswa', 'BOOK_BORROW')).toBe(3);
    expect(from('siswa', 'BOOK_REVIEW')).toBe(2);
    expect(from('rina', 'BOOK_REVIEW')).toBe(1);
    expect(from('guru', 'VISUAL_POST')).toBe(1);
    const recommended = items.find((i) => i.feed_type === 'BOOK_RECOMMENDATION')!;
    expect(recommended.recommendation_target.map((t) => t.id)).toContain(ids.get('siswa'));
    expect(items.find((i) => i.sender.id === ids.get('guru') && i.feed_type === 'VISUAL_POST')).toMatchObject({ total_like: 2, total_comment: 1 });
    // Andi is not followed by her: his loan is not on her timeline.
    expect(from('andi', 'BOOK_BORROW')).toBe(0);

    const history = await ctx.request('GET', `/webhook/book-history-shelf?user_id=${ids.get('siswa')}`, { token });
    expect(history.body.meta.total).toBe(3);
    expect(history.body.data[0].book_title).toBe('Bayang-Bayang Gunung Agung');
  });

  test('the student has every kind of history her profile shows: books, articles, reviews and a post; Rina has read an article', async () => {
    const token = await signIn(ctx, { id: ids.get('siswa')! });
    const profile = await ctx.request('GET', `/webhook/profile?user_id=${ids.get('siswa')}`, { token });
    expect(profile.body.data.history.book).toBeGreaterThan(0);
    expect(profile.body.data.history.article).toBe(2);
    const articles = await ctx.request('GET', '/webhook/news-history-list', { token });
    expect(articles.body.data.map((a: { news_title: string }) => a.news_title)).toEqual([
      'Cara Menulis Resensi Buku yang Menarik',
      'Lima Cara Meminjam Buku Digital dengan Lancar',
    ]);
    for (const row of articles.body.data) expect(row.collection_id).toBe(row.id);
    const own = await ctx.request('GET', `/webhook/feeds?user_id=${ids.get('siswa')}&limit=50`, { token });
    const types = own.body.data.map((i: { feed_type: string }) => i.feed_type);
    expect(types).toContain('VISUAL_POST');
    expect(types).toContain('BOOK_REVIEW');
    const rina = await ctx.request('GET', `/webhook/profile?user_id=${ids.get('rina')}`, { token });
    expect(rina.body.data.history.article).toBe(1);
  });

  test('the demo bells ring: the librarian has her two join requests and Sekar the teacher\'s recommendation, unread', async () => {
    const ratna = await signIn(ctx, { id: ids.get('pustakawan')! });
    const hers = await ctx.request('GET', '/webhook/notifications', { token: ratna });
    expect(hers.body.meta.unread).toBeGreaterThanOrEqual(2);
    const requests = hers.body.data.filter((n: { event: string }) => n.event === 'join_request');
    expect(requests.map((n: { sender: { id: string } }) => n.sender.id).sort()).toEqual([ids.get('rina'), ids.get('yoga')].sort());
    const sekar = await signIn(ctx, { id: ids.get('siswa')! });
    const mine = await ctx.request('GET', '/webhook/notifications', { token: sekar });
    expect(mine.body.meta.unread).toBeGreaterThanOrEqual(1);
    expect(mine.body.data.find((n: { event: string }) => n.event === 'recommend')).toMatchObject({
      object_type: 'BOOK', object_id: ids.get('Bayang-Bayang Gunung Agung'), sender: { id: ids.get('guru') }, is_read: false,
    });
  });
});
