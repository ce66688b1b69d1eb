import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCallers, createEpustaka } from '../test/catalogue.ts';

/*
 * The review count and level sum each book keeps (migration 20261128_01_book_rating_summary)
 * against the aggregate over its ratings, after every kind of change to ratings, and with many
 * reviews of one book written at the same time.
 */

let ctx: TestContext;
let epustakaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  epustakaId = await createEpustaka(ctx);
});
afterAll(() => ctx.close());

/** Books whose kept figures differ from their ratings' aggregate (none when the trigger is right). */
async function drift(): Promise<unknown[]> {
  const { rows } = await ctx.db.query(
    `SELECT b.id, b.rating_count, b.rating_level_sum, coalesce(s.n, 0) AS n, coalesce(s.total, 0) AS total
       FROM books b LEFT JOIN (SELECT book_id, count(*)::int AS n, sum(rating_level) AS total FROM ratings
                                WHERE parent_id IS NULL AND deleted_at IS NULL GROUP BY book_id) s ON s.book_id = b.id
      WHERE b.rating_count <> coalesce(s.n, 0) OR b.rating_level_sum <> coalesce(s.total, 0)`,
    [],
  );
  return rows;
}

async function kept(bookId: string): Promise<{ rating_count: number; avg: number | null }> {
  const detail = await ctx.db.query<{ rating_count: number; avg: number | null }>(
    'SELECT rating_count, CASE WHEN rating_count > 0 THEN round(rating_level_sum / rating_count, 1)::float8 END AS avg FROM books WHERE id = $1',
    [bookId],
  );
  return detail.rows[0]!;
}

async function review(bookId: string, userId: string, level: number, parentId: string | null = null): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'INSERT INTO ratings (book_id, user_id, parent_id, rating_level, rating_comment) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [bookId, userId, parentId, parentId ? null : level, 'Catatan'],
  );
  return rows[0]!.id;
}

describe('the review summary kept on books', () => {
  test('follows inserts, replies, new levels, soft and hard deletes, moves between books and deleted accounts', async () => {
    const [a, b] = [await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] }), await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] })];
    const users = await createCallers(ctx, 4, 'Penilai');
    const first = await review(a, users[0]!.id, 4.5);
    const second = await review(a, users[1]!.id, 3);
    await review(a, users[2]!.id, 0, first); // a reply counts for nothing
    expect(await kept(a)).toEqual({ rating_count: 2, avg: 3.8 });
    await ctx.db.query('UPDATE ratings SET rating_level = 5 WHERE id = $1', [second]);
    expect(await kept(a)).toEqual({ rating_count: 2, avg: 4.8 });
    await ctx.db.query('UPDATE ratings SET deleted_at = now() WHERE id = $1', [first]);
    expect(await kept(a)).toEqual({ rating_count: 1, avg: 5 });
    await ctx.db.query('UPDATE ratings SET deleted_at = NULL WHERE id = $1', [first]);
    expect(await kept(a)).toEqual({ rating_count: 2, avg: 4.8 });
    await ctx.db.query('UPDATE ratings SET book_id = $2 WHERE id = $1', [second, b]);
    expect(await kept(a)).toEqual({ rating_count: 1, avg: 4.5 });
    expect(await kept(b)).toEqual({ rating_count: 1, avg: 5 });
    await ctx.db.query('DELETE FROM ratings WHERE id = $1', [first]);
    expect(await kept(a)).toEqual({ rating_count: 0, avg: null });
    await review(b, users[3]!.id, 2);
    await ctx.db.query('DELETE FROM users WHERE id = $1', [users[3]!.id]);
    expect(await kept(b)).toEqual({ rating_count: 1, avg: 5 });
    expect(await drift()).toEqual([]);
  });

  test('counts every one of many reviews of one book written at once', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const users = await createCallers(ctx, 24, 'Serentak');
    await Promise.all(users.map((u, i) => review(book, u.id, 0.5 + (i % 10) / 2)));
    const levels = users.map((_, i) => 0.5 + (i % 10) / 2);
    expect(await kept(book)).toEqual({ rating_count: 24, avg: Math.round((levels.reduce((x, y) => x + y, 0) / 24) * 10) / 10 });
    expect(await drift()).toEqual([]);
  });

  test('the API shows the kept average and count on the book', async () => {
    const book = await createBook(ctx, { holdings: [{ epustakaId, copies: 1 }] });
    const users = await createCallers(ctx, 3, 'Pembaca');
    for (const [i, level] of [4, 4.5, 2].entries()) await review(book, users[i]!.id, level);
    const res = await ctx.request('GET', `/webhook/book-detail?book_id=${book}`, { token: users[0]!.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rating_count: 3, avg_rating: 3.5 });
  });
});
