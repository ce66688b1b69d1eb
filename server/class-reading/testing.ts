import { randomBytes } from 'node:crypto';
import type { TestContext } from '../test/context.ts';
import { addMember, createBook, createCaller, createEpustaka, type Caller } from '../test/catalogue.ts';
import { createSchool, type SchoolFixture } from '../schoolday/testing.ts';

/*
 * A school whose class XI IPA 1 (Ani and Budi) has loans, positions, reading time and reviews
 * from one library, fixed at NOW, so the tests can check every count by hand:
 *
 * Ani:  A book1 2026-11-18, open          B book2 2026-11-01 09:00 WIB, returned 11-05
 *       C book3 2026-10-31 23:00 WIB (last month), returned 11-03    D book1 2026-09-01, returned
 *       position book1 30/120, book2 200/200 (finished); time book1 600+300+300 s, book2 1800 s
 *       review of book2 (4.5), a reply (not a review), a deleted review (not counted)
 * Budi: E book3 2026-11-10, open          F book2 2026-10-20, past due, never returned (closed)
 *       time book3 450 s; no position, no review
 * Citra (the other class) borrowed and reviewed too; none of it belongs to XI IPA 1.
 */

/** 2026-11-20 10:00 WIB. */
export const NOW = new Date('2026-11-20T03:00:00Z');

export interface ReadingFixture extends SchoolFixture {
  /** A teacher of the other class only. */
  otherTeacher: Caller;
  /** An admin of the school who teaches no class. */
  schoolAdmin: Caller;
  /** An admin of another school. */
  otherSchoolAdmin: Caller;
  books: { book1: string; book2: string; book3: string; elsewhere: string };
  library: { id: string; owner: Caller; admin: Caller };
}

async function loan(ctx: TestContext, userId: string, bookId: string, epustakaId: string, borrowedAt: string, returnedAt: string | null): Promise<void> {
  const due = new Date(Date.parse(borrowedAt) + 14 * 86_400_000).toISOString();
  await ctx.db.query(
    'INSERT INTO borrows (user_id, book_id, epustaka_id, borrow_key, borrowed_at, due_at, returned_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [userId, bookId, epustakaId, randomBytes(16).toString('hex'), borrowedAt, due, returnedAt],
  );
}

async function review(ctx: TestContext, userId: string, bookId: string, level: number | null, text: string, at: string, extra: { parentId?: string; deleted?: boolean } = {}): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'INSERT INTO ratings (book_id, user_id, parent_id, rating_level, rating_comment, created_at, updated_at, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $7) RETURNING id',
    [bookId, userId, extra.parentId ?? null, level, text, at, extra.deleted ? at : null],
  );
  return rows[0]!.id;
}

/** The school, its people and the seeded reading described above. */
export async function createReadingFixture(ctx: TestContext): Promise<ReadingFixture> {
  const f = await createSchool(ctx);
  const other = await createSchool(ctx);
  const otherTeacher = await createCaller(ctx, { name: 'Pak Lain' });
  await ctx.db.query(`INSERT INTO school_members (school_id, user_id, role, status, full_name) VALUES ($1, $2, 'teacher', 1, 'Pak Lain')`, [f.schoolId, otherTeacher.id]);
  await ctx.db.query(`INSERT INTO class_members (class_id, user_id, role) VALUES ($1, $2, 'teacher')`, [f.otherClassId, otherTeacher.id]);
  const admin = async (schoolId: string, name: string) => {
    const caller = await createCaller(ctx, { name });
    await ctx.db.query(`INSERT INTO school_members (school_id, user_id, role, status, full_name) VALUES ($1, $2, 'admin', 1, $3)`, [schoolId, caller.id, name]);
    return caller;
  };
  const schoolAdmin = await admin(f.schoolId, 'Bu Kepala');
  const otherSchoolAdmin = await admin(other.schoolId, 'Pak Kepala Lain');

  const owner = await createCaller(ctx, { name: 'Pustakawan' });
  const libraryAdmin = await createCaller(ctx, { name: 'Admin Pustaka' });
  const lib = await createEpustaka(ctx, { name: 'Pustaka Sekolah', ownerId: owner.id });
  const elsewhereLib = await createEpustaka(ctx, { name: 'Pustaka Lain' });
  for (const who of [f.student, f.student2, f.otherStudent, libraryAdmin]) await addMember(ctx, lib, who.id);
  await ctx.db.query('UPDATE epustaka_members SET is_admin = true WHERE epustaka_id = $1 AND user_id = $2', [lib, libraryAdmin.id]);
  await addMember(ctx, elsewhereLib, f.student.id);
  const holding = [{ epustakaId: lib, copies: 5 }];
  const book1 = await createBook(ctx, { title: 'Laskar Pelangi', holdings: holding });
  const book2 = await createBook(ctx, { title: 'Bumi Manusia', holdings: holding });
  const book3 = await createBook(ctx, { title: 'Ronggeng Dukuh Paruk', holdings: holding });
  const elsewhere = await createBook(ctx, { title: 'Buku Lain', holdings: [{ epustakaId: elsewhereLib, copies: 5 }] });

  const ani = f.student.id;
  const budi = f.student2.id;
  await loan(ctx, ani, book1, lib, '2026-11-18T03:00:00Z', null);
  await loan(ctx, ani, book2, lib, '2026-11-01T02:00:00Z', '2026-11-05T02:00:00Z');
  await loan(ctx, ani, book3, lib, '2026-10-31T16:00:00Z', '2026-11-03T02:00:00Z');
  await loan(ctx, ani, book1, lib, '2026-09-01T02:00:00Z', '2026-09-05T02:00:00Z');
  await loan(ctx, budi, book3, lib, '2026-11-10T03:00:00Z', null);
  await loan(ctx, budi, book2, lib, '2026-10-20T03:00:00Z', null);
  await loan(ctx, f.otherStudent.id, book1, lib, '2026-11-15T03:00:00Z', null);
  // Ani's loan from another library: hers, but not the school library's.
  await loan(ctx, ani, elsewhere, elsewhereLib, '2026-11-19T03:00:00Z', '2026-11-19T05:00:00Z');

  await ctx.db.query(`INSERT INTO reading_progress (user_id, book_id, last_page, total_page) VALUES ($1, $2, 30, 120), ($1, $3, 200, 200)`, [ani, book1, book2]);
  await ctx.db.query(`INSERT INTO reading_progress (user_id, book_id, last_page, total_page) VALUES ($1, $2, 50, 50)`, [f.otherStudent.id, book1]);
  await ctx.db.query(
    `INSERT INTO reading_durations (user_id, book_id, page, duration) VALUES ($1, $2, 1, 600), ($1, $2, 2, 300), ($1, $2, 3, 300), ($1, $3, 1, 1800), ($4, $5, 7, 450), ($6, $2, 1, 999)`,
    [ani, book1, book2, budi, book3, f.otherStudent.id],
  );

  const aniReview = await review(ctx, ani, book2, 4.5, 'Bagus sekali, wajib dibaca.', '2026-11-06T03:00:00Z');
  await review(ctx, ani, book1, 2, 'Dihapus.', '2026-11-07T03:00:00Z', { deleted: true });
  await review(ctx, budi, book2, null, 'Setuju!', '2026-11-08T03:00:00Z', { parentId: aniReview });
  await review(ctx, f.otherStudent.id, book1, 5, 'Luar biasa.', '2026-11-16T03:00:00Z');
  await review(ctx, f.outsider.id, book1, 3, 'Bukan anggota.', '2026-11-17T03:00:00Z');
  await review(ctx, ani, elsewhere, 4, 'Buku perpustakaan lain.', '2026-11-19T06:00:00Z');

  return { ...f, otherTeacher, schoolAdmin, otherSchoolAdmin, books: { book1, book2, book3, elsewhere }, library: { id: lib, owner, admin: libraryAdmin } };
}
