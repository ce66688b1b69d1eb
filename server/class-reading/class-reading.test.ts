import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook, createCaller } from '../test/catalogue.ts';
import { createReadingFixture, NOW, type ReadingFixture } from './testing.ts';

let ctx: TestContext;
let f: ReadingFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createReadingFixture(ctx);
  ctx.setNow(NOW);
});
afterAll(() => ctx.close());

const reading = (token: string, query = '') => ctx.request('GET', `/webhook/class-reading?class_id=${f.classId}${query}`, { token });
const recommend = (token: string, bookId: string, classId = f.classId) => ctx.request('POST', '/webhook/class-recommendation', { token, body: { class_id: classId, book_id: bookId } });
const notices = async (userId: string) =>
  (await ctx.db.query<{ link: string; params: Record<string, string> }>(`SELECT link, params FROM notifications WHERE user_id = $1 AND event = 'class_recommend' ORDER BY created_at`, [userId])).rows;

describe('who sees a class reading', () => {
  test('a teacher of the class and an admin of its school see it; every other person is refused with a code and nothing else', async () => {
    expect((await reading(f.teacher.token)).status).toBe(200);
    expect((await reading(f.schoolAdmin.token)).status).toBe(200);
    for (const who of [f.otherTeacher, f.student, f.otherStudent, f.outsider, f.otherSchoolAdmin]) {
      const res = await reading(who.token);
      expect(res.status, who.name).toBe(403);
      expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'not_class_teacher' })] });
    }
    const unknown = await ctx.request('GET', '/webhook/class-reading?class_id=00000000-0000-4000-8000-000000000000', { token: f.teacher.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('class_not_found');
    const bad = await ctx.request('GET', '/webhook/class-reading?class_id=xyz', { token: f.teacher.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_class_id');
    expect((await ctx.request('GET', `/webhook/class-reading?class_id=${f.classId}`)).status).toBe(401);
  });

  test('the class list offers the classes one teaches, and every class of a school one administers', async () => {
    const mine = await ctx.request('GET', '/webhook/class-reading-classes', { token: f.teacher.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: f.classId, name: 'XI IPA 1', role: 'teacher', student_count: 2 })]);
    const admin = await ctx.request('GET', '/webhook/class-reading-classes', { token: f.schoolAdmin.token });
    expect(admin.body.data.map((c: { name: string; role: string }) => `${c.name}:${c.role}`)).toEqual(['XI IPA 1:admin', 'XI IPS 2:admin']);
    expect((await ctx.request('GET', '/webhook/class-reading-classes', { token: f.student.token })).body.data).toEqual([]);
    expect((await ctx.request('GET', '/webhook/class-reading-classes', { token: f.otherSchoolAdmin.token })).body.data.map((c: { id: string }) => c.id)).not.toContain(f.classId);
  });
});

describe('what a teacher sees', () => {
  test('each student’s counts and books, and the class totals, as computed by hand from the seeded reading', async () => {
    const res = await reading(f.teacher.token);
    const data = res.body.data;
    expect(data.class).toMatchObject({ id: f.classId, name: 'XI IPA 1' });
    expect(data.month).toBe('2026-11');
    expect(data.columns).toEqual({ progress: true, duration: true });
    // Ani: open A; this month book1, the other library's book, book2 (C began on 31 October in WIB);
    // book2 finished; 600+300+300+1800 s; reviews of book2 and of the other library's book.
    // Budi: open E; this month book3; 450 s; his reply is not a review.
    expect(data.totals).toEqual({ students: 2, reading_now: 2, books_this_month: 4, books_finished: 1, seconds_read: 3450, reviews: 2 });
    const [ani, budi] = data.students;
    expect(ani).toMatchObject({ user_id: f.student.id, name: 'Ani', open_loans: 1, books_this_month: 3, books_finished: 1, seconds_read: 3000, reviews: 2 });
    expect(ani.books.map((b: { title: string; current: boolean }) => [b.title, b.current])).toEqual([
      ['Laskar Pelangi', true],
      ['Buku Lain', false],
      ['Bumi Manusia', false],
      ['Ronggeng Dukuh Paruk', false],
    ]);
    expect(ani.books[0]).toMatchObject({ progress: { last_page: 30, total_page: 120 }, seconds_read: 1200 });
    expect(ani.books[2]).toMatchObject({ progress: { last_page: 200, total_page: 200 }, seconds_read: 1800 });
    expect(ani.books[3]).toMatchObject({ progress: null, seconds_read: 0 });
    expect(budi).toMatchObject({ name: 'Budi', open_loans: 1, books_this_month: 1, books_finished: 0, seconds_read: 450, reviews: 0 });
    // F, past due and never returned, is neither open nor recent.
    expect(budi.books).toEqual([expect.objectContaining({ book_id: f.books.book3, current: true, progress: null, seconds_read: 450 })]);
    expect(data.reviews.map((r: { user: { name: string }; book: { title: string }; rating_level: number }) => [r.user.name, r.book.title, r.rating_level])).toEqual([
      ['Ani', 'Buku Lain', 4],
      ['Ani', 'Bumi Manusia', 4.5],
    ]);
    expect(JSON.stringify(data)).not.toContain('Citra');
  });

  test('students are paged by name; the totals always cover the whole class', async () => {
    const first = await reading(f.teacher.token, '&limit=1');
    expect(first.body.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(first.body.data.students.map((s: { name: string }) => s.name)).toEqual(['Ani']);
    const second = await reading(f.teacher.token, '&limit=1&offset=1');
    expect(second.body.data.students.map((s: { name: string }) => s.name)).toEqual(['Budi']);
    expect(second.body.data.totals.students).toBe(2);
    expect((await reading(f.teacher.token, '&limit=51')).body.errors[0].code).toBe('invalid_limit');
  });

  test('reading data whose feature is off is neither shown nor answered', async () => {
    const features = { ...ctx.config.features };
    try {
      ctx.config.features.readingProgress = false;
      const noProgress = (await reading(f.teacher.token)).body.data;
      expect(noProgress.columns).toEqual({ progress: false, duration: true });
      expect(noProgress.totals).not.toHaveProperty('books_finished');
      expect(noProgress.students[0]).not.toHaveProperty('books_finished');
      expect(noProgress.students[0].books[0]).not.toHaveProperty('progress');
      expect(noProgress.students[0].seconds_read).toBe(3000);
      ctx.config.features.readingProgress = true;
      ctx.config.features.readingDuration = false;
      const noTime = (await reading(f.teacher.token)).body.data;
      expect(noTime.totals).not.toHaveProperty('seconds_read');
      expect(noTime.students[0]).not.toHaveProperty('seconds_read');
      expect(noTime.students[0].books[0]).not.toHaveProperty('seconds_read');
      expect(noTime.students[0].books[0].progress).toEqual({ last_page: 30, total_page: 120 });
    } finally {
      Object.assign(ctx.config.features, features);
    }
  });
});

describe('recommending a book to a class', () => {
  test('every student is told once, leading to the book; the recommendation is listed; the same book again is refused', async () => {
    const res = await recommend(f.teacher.token, f.books.book3);
    expect(res.status).toBe(201);
    expect(res.body.data.notified).toBe(2);
    for (const student of [f.student, f.student2]) {
      expect(await notices(student.id)).toEqual([{ link: `/book/${f.books.book3}`, params: { name: f.teacher.name, title: 'Ronggeng Dukuh Paruk', class: 'XI IPA 1' } }]);
    }
    expect(await notices(f.otherStudent.id)).toEqual([]);
    expect(await notices(f.teacher.id)).toEqual([]);
    const again = await recommend(f.teacher.token, f.books.book3);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('class_book_already_recommended');
    expect(await notices(f.student.id)).toHaveLength(1);
    const listed = (await reading(f.schoolAdmin.token)).body.data.recommendations;
    expect(listed).toEqual([expect.objectContaining({ book: { id: f.books.book3, title: 'Ronggeng Dukuh Paruk' }, recommended_by: { id: f.teacher.id, name: f.teacher.name } })]);
    // The student's own notification list words it in their language.
    const list = await ctx.request('GET', '/webhook/notifications', { token: f.student.token, headers: { 'accept-language': 'en' } });
    expect(list.body.data[0]).toMatchObject({ object_type: 'BOOK', object_id: f.books.book3 });
  });

  test('two recommendations of one book racing each other record it once and tell each student once', async () => {
    const results = await Promise.all([recommend(f.teacher.token, f.books.book2), recommend(f.schoolAdmin.token, f.books.book2)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM class_book_recommendations WHERE class_id = $1 AND book_id = $2', [f.classId, f.books.book2]);
    expect(rows[0]!.n).toBe(1);
    expect((await notices(f.student2.id)).filter((n) => n.link === `/book/${f.books.book2}`)).toHaveLength(1);
  });

  test('only the class’s teachers and its school’s admins recommend, and only books of the catalogue', async () => {
    for (const who of [f.student, f.otherTeacher, f.otherSchoolAdmin, f.outsider]) {
      const res = await recommend(who.token, f.books.book1);
      expect(res.status, who.name).toBe(403);
      expect(res.body.errors[0].code).toBe('not_class_teacher');
    }
    expect(await notices(f.student.id)).toHaveLength(2);
    const missing = await recommend(f.teacher.token, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('book_not_found');
    const foreign = await createBook(ctx, { title: 'Buku Organisasi Lain' });
    await ctx.db.query(`INSERT INTO organizations (id, name) VALUES ('00000000-0000-4000-8000-0000000000aa', 'Lain') ON CONFLICT DO NOTHING`);
    await ctx.db.query(`UPDATE books SET organization_id = '00000000-0000-4000-8000-0000000000aa' WHERE id = $1`, [foreign]);
    expect((await recommend(f.teacher.token, foreign)).body.errors[0].code).toBe('book_not_found');
    expect((await recommend(f.teacher.token, 'buku')).body.errors[0].code).toBe('invalid_book_id');
    const newcomer = await createCaller(ctx, { name: 'Tamu' });
    expect((await recommend(newcomer.token, f.books.book1)).status).toBe(403);
  });
});

describe('what a student is told', () => {
  test('their classes and libraries, whose teachers and admins see their reading, and which reading data is kept', async () => {
    const res = await ctx.request('GET', '/webhook/reading-visibility', { token: f.student.token });
    expect(res.body.data).toEqual({
      columns: { progress: true, duration: true },
      classes: [{ id: f.classId, name: 'XI IPA 1', school_name: 'SMA Uji' }],
      libraries: [{ id: expect.any(String), name: 'Pustaka Lain' }, { id: f.library.id, name: 'Pustaka Sekolah' }],
    });
    expect((await ctx.request('GET', '/webhook/reading-visibility', { token: f.outsider.token })).body.data).toMatchObject({ classes: [], libraries: [] });
  });
});

describe('a library’s members’ reading', () => {
  const loans = (token: string, query = '') => ctx.request('GET', `/webhook/epustaka-member-loan-list?epustaka_id=${f.library.id}${query}`, { token });
  const reviews = (token: string) => ctx.request('GET', `/webhook/epustaka-member-review-list?epustaka_id=${f.library.id}`, { token });

  test('its owner and admins see the members’ loans from it, newest first, with the counts', async () => {
    for (const who of [f.library.owner, f.library.admin]) {
      const res = await loans(who.token);
      expect(res.status).toBe(200);
      // Seven loans from this library (Ani's from the other library is not one); open now: A, E and
      // Citra's; begun in the last 30 days: A, B, C, E and Citra's; reviews: Ani's of book2, Citra's of book1.
      expect(res.body.meta).toEqual({ total: 7, limit: 20, offset: 0, summary: { open_loans: 3, loans_last_30_days: 5, reviews: 2 } });
      expect(res.body.data.map((l: { user: { name: string }; book: { title: string } }) => `${l.user.name}:${l.book.title}`)).toEqual([
        'Ani:Laskar Pelangi',
        'Citra:Laskar Pelangi',
        'Budi:Ronggeng Dukuh Paruk',
        'Ani:Bumi Manusia',
        'Ani:Ronggeng Dukuh Paruk',
        'Budi:Bumi Manusia',
        'Ani:Laskar Pelangi',
      ]);
      expect(res.body.data[0].ended_at).toBeNull();
      // Never returned and past due: ended at its due time.
      expect(res.body.data[5].ended_at).toBe('2026-11-03T03:00:00.000Z');
    }
    const page = await loans(f.library.owner.token, '&limit=2&offset=6');
    expect(page.body.data).toHaveLength(1);
  });

  test('its owner sees the members’ reviews of its books only', async () => {
    const res = await reviews(f.library.owner.token);
    expect(res.body.meta.total).toBe(2);
    expect(res.body.data.map((r: { user: { name: string }; excerpt: string }) => `${r.user.name}:${r.excerpt}`)).toEqual(['Citra:Luar biasa.', 'Ani:Bagus sekali, wajib dibaca.']);
  });

  test('a member who does not administer it, a teacher and a stranger are refused; an unknown library is not found', async () => {
    for (const who of [f.student, f.teacher, f.outsider]) {
      for (const res of [await loans(who.token), await reviews(who.token)]) {
        expect(res.status, who.name).toBe(403);
        expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'not_epustaka_admin' })] });
      }
    }
    const unknown = await ctx.request('GET', '/webhook/epustaka-member-loan-list?epustaka_id=00000000-0000-4000-8000-000000000000', { token: f.library.owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('epustaka_not_found');
  });
});
