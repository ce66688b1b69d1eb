import type { Queryable } from '../db/client.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';
import type { ClassRecommendation, ReadingClass, ReadingReview } from '../../src/lib/class-reading/schema.ts';
import { RECENT_LOAN_DAYS, REVIEW_EXCERPT_CHARS, STUDENT_BOOKS_SHOWN } from '../../src/lib/class-reading/values.ts';

/*
 * What a class's students read, read from the loans, the reading position, the time per page and
 * the reviews they keep anyway: nothing is copied. Only approved students enrolled in the class
 * count. "This month" is the calendar month in the school's zone; a loan is open while it is not
 * returned and not past its due time.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

/** A class with its school's name and zone, or null. */
export async function findReadingClass(db: Queryable, classId: string): Promise<{ id: string; name: string; school_id: string; school_name: string; time_zone: SchoolTimeZone } | null> {
  const { rows } = await db.query<{ id: string; name: string; school_id: string; school_name: string; time_zone: SchoolTimeZone }>(
    'SELECT c.id, c.name, c.school_id, s.name AS school_name, s.time_zone FROM classes c JOIN schools s ON s.id = c.school_id WHERE c.id = $1',
    [classId],
  );
  return rows[0] ?? null;
}

/** The classes `userId` teaches, and every class of the schools they administer, newest year first. */
export async function readingClassesOf(db: Queryable, userId: string): Promise<ReadingClass[]> {
  const { rows } = await db.query<ReadingClass & { start_year: number }>(
    `SELECT c.id, c.name, s.id AS school_id, s.name AS school_name, y.start_year,
            CASE WHEN EXISTS (SELECT 1 FROM class_members t WHERE t.class_id = c.id AND t.user_id = $1 AND t.role = 'teacher') THEN 'teacher' ELSE 'admin' END AS role,
            (SELECT count(*)::int FROM class_members st JOIN school_members ssm ON ssm.school_id = c.school_id AND ssm.user_id = st.user_id AND ssm.status = 1
              WHERE st.class_id = c.id AND st.role = 'student') AS student_count
       FROM classes c JOIN schools s ON s.id = c.school_id JOIN school_years y ON y.id = c.school_year_id
       JOIN school_members me ON me.school_id = c.school_id AND me.user_id = $1 AND me.status = 1
      WHERE me.role = 'admin'
         OR EXISTS (SELECT 1 FROM class_members t WHERE t.class_id = c.id AND t.user_id = $1 AND t.role = 'teacher')
      ORDER BY y.start_year DESC, s.name, lower(c.name)`,
    [userId],
  );
  return rows.map(({ start_year: _y, ...row }) => ({ ...row, student_count: Number(row.student_count) }));
}

/** The start of the month holding `now` in `zone`, as a time. */
function monthStartSql(nowParam: string, zoneParam: string): string {
  return `(date_trunc('month', ${nowParam}::timestamptz AT TIME ZONE ${zoneParam}) AT TIME ZONE ${zoneParam})`;
}

/**
 * One row per enrolled student with their counts; $1 class, $2 now, $3 the school's zone.
 * Finished books are positions at their last page; time read sums every page of every book.
 */
const PER_STUDENT = `
  WITH students AS (
    SELECT cm.user_id, COALESCE(sm.full_name, u.name) AS name
      FROM class_members cm JOIN classes c ON c.id = cm.class_id JOIN users u ON u.id = cm.user_id
      JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
     WHERE cm.class_id = $1 AND cm.role = 'student'
  ), per_student AS (
    SELECT s.user_id, s.name,
      (SELECT count(*) FROM borrows b WHERE b.user_id = s.user_id AND b.returned_at IS NULL AND b.due_at > $2::timestamptz)::int AS open_loans,
      (SELECT count(DISTINCT b.book_id) FROM borrows b WHERE b.user_id = s.user_id
          AND b.borrowed_at >= ${monthStartSql('$2', '$3')} AND b.borrowed_at <= $2::timestamptz)::int AS books_this_month,
      (SELECT count(*) FROM reading_progress p WHERE p.user_id = s.user_id AND p.total_page > 0 AND p.last_page >= p.total_page)::int AS books_finished,
      (SELECT COALESCE(sum(d.duration), 0) FROM reading_durations d WHERE d.user_id = s.user_id)::bigint AS seconds_read,
      (SELECT count(*) FROM ratings r WHERE r.user_id = s.user_id AND r.parent_id IS NULL AND r.deleted_at IS NULL)::int AS reviews
    FROM students s
  )`;

export interface StudentCountsRow {
  user_id: string;
  name: string;
  open_loans: number;
  books_this_month: number;
  books_finished: number;
  seconds_read: number;
  reviews: number;
}

/** A page of the class's students by name, with their counts, and the number of students. */
export async function studentCounts(db: Queryable, input: { classId: string; now: Date; zone: SchoolTimeZone; limit: number; offset: number }): Promise<StudentCountsRow[]> {
  const { rows } = await db.query<StudentCountsRow>(
    `${PER_STUDENT} SELECT * FROM per_student ORDER BY lower(name), user_id LIMIT $4 OFFSET $5`,
    [input.classId, input.now.toISOString(), input.zone, input.limit, input.offset],
  );
  return rows.map((r) => ({ ...r, seconds_read: Number(r.seconds_read) }));
}

/** The class's sums over all its students. */
export async function classTotals(db: Queryable, input: { classId: string; now: Date; zone: SchoolTimeZone }) {
  const { rows } = await db.query<{ students: number; reading_now: number; books_this_month: number; books_finished: number; seconds_read: number; reviews: number }>(
    `${PER_STUDENT} SELECT count(*)::int AS students, count(*) FILTER (WHERE open_loans > 0)::int AS reading_now,
        COALESCE(sum(books_this_month), 0)::int AS books_this_month, COALESCE(sum(books_finished), 0)::int AS books_finished,
        COALESCE(sum(seconds_read), 0)::bigint AS seconds_read, COALESCE(sum(reviews), 0)::int AS reviews
       FROM per_student`,
    [input.classId, input.now.toISOString(), input.zone],
  );
  const row = rows[0]!;
  return { ...row, seconds_read: Number(row.seconds_read) };
}

export interface StudentBookRow {
  user_id: string;
  book_id: string;
  title: string;
  borrowed_at: string;
  due_at: string;
  current: boolean;
  last_page: number | null;
  total_page: number | null;
  seconds_read: number;
}

/** The students' open loans and the loans they began in the last RECENT_LOAN_DAYS days, open first, at most STUDENT_BOOKS_SHOWN each. */
export async function studentBooks(db: Queryable, userIds: string[], now: Date): Promise<StudentBookRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<StudentBookRow & { borrowed_at: Date | string; due_at: Date | string }>(
    `SELECT user_id, book_id, title, borrowed_at, due_at, current, last_page, total_page, seconds_read FROM (
       SELECT b.user_id, b.book_id, bk.catalog_title AS title, b.borrowed_at, b.due_at,
              (b.returned_at IS NULL AND b.due_at > $2::timestamptz) AS current,
              p.last_page, p.total_page,
              (SELECT COALESCE(sum(d.duration), 0) FROM reading_durations d WHERE d.user_id = b.user_id AND d.book_id = b.book_id)::bigint AS seconds_read,
              row_number() OVER (PARTITION BY b.user_id ORDER BY (b.returned_at IS NULL AND b.due_at > $2::timestamptz) DESC, b.borrowed_at DESC, b.id) AS n
         FROM borrows b JOIN books bk ON bk.id = b.book_id
         LEFT JOIN reading_progress p ON p.user_id = b.user_id AND p.book_id = b.book_id
        WHERE b.user_id = ANY($1::uuid[]) AND b.borrowed_at <= $2::timestamptz
          AND ((b.returned_at IS NULL AND b.due_at > $2::timestamptz) OR b.borrowed_at >= $2::timestamptz - make_interval(days => $3))
     ) x WHERE n <= $4 ORDER BY user_id, n`,
    [userIds, now.toISOString(), RECENT_LOAN_DAYS, STUDENT_BOOKS_SHOWN],
  );
  return rows.map((r) => ({ ...r, borrowed_at: iso(r.borrowed_at), due_at: iso(r.due_at), seconds_read: Number(r.seconds_read) }));
}

/** The latest `limit` reviews written by the class's students. */
export async function classReviews(db: Queryable, classId: string, limit: number): Promise<ReadingReview[]> {
  const { rows } = await db.query<{ id: string; user_id: string; name: string; book_id: string; title: string; rating_level: string | number; comment: string; created_at: Date | string }>(
    `SELECT r.id, r.user_id, COALESCE(sm.full_name, u.name) AS name, r.book_id, bk.catalog_title AS title, r.rating_level,
            left(r.rating_comment, $3) AS comment, r.created_at
       FROM class_members cm JOIN classes c ON c.id = cm.class_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
       JOIN users u ON u.id = cm.user_id
       JOIN ratings r ON r.user_id = cm.user_id AND r.parent_id IS NULL AND r.deleted_at IS NULL
       JOIN books bk ON bk.id = r.book_id
      WHERE cm.class_id = $1 AND cm.role = 'student'
      ORDER BY r.created_at DESC, r.id LIMIT $2`,
    [classId, limit, REVIEW_EXCERPT_CHARS],
  );
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.user_id, name: r.name },
    book: { id: r.book_id, title: r.title },
    rating_level: Number(r.rating_level),
    excerpt: r.comment,
    created_at: iso(r.created_at),
  }));
}

/** The books recommended to the class, newest first. */
export async function classRecommendations(db: Queryable, classId: string): Promise<ClassRecommendation[]> {
  const { rows } = await db.query<{ id: string; book_id: string; title: string; by_id: string | null; by_name: string | null; created_at: Date | string }>(
    `SELECT r.id, r.book_id, bk.catalog_title AS title, u.id AS by_id, u.name AS by_name, r.created_at
       FROM class_book_recommendations r JOIN books bk ON bk.id = r.book_id LEFT JOIN users u ON u.id = r.recommended_by
      WHERE r.class_id = $1 ORDER BY r.created_at DESC, r.id`,
    [classId],
  );
  return rows.map((r) => ({
    id: r.id,
    book: { id: r.book_id, title: r.title },
    recommended_by: r.by_id ? { id: r.by_id, name: r.by_name ?? '' } : null,
    created_at: iso(r.created_at),
  }));
}

/** A catalogue book of the organisation: its title, or null. */
export async function catalogueBookTitle(db: Queryable, bookId: string, organizationId: string): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>('SELECT catalog_title AS title FROM books WHERE id = $1 AND organization_id = $2', [bookId, organizationId]);
  return rows[0]?.title ?? null;
}

/** Records the recommendation; null when this book was already recommended to this class. */
export async function insertRecommendation(tx: Queryable, input: { classId: string; bookId: string; userId: string; now: Date }): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO class_book_recommendations (class_id, book_id, recommended_by, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (class_id, book_id) DO NOTHING RETURNING id`,
    [input.classId, input.bookId, input.userId, input.now.toISOString()],
  );
  return rows[0]?.id ?? null;
}

/** The ids of the class's enrolled students (approved at its school). */
export async function classStudentIds(db: Queryable, classId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT cm.user_id FROM class_members cm JOIN classes c ON c.id = cm.class_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
      WHERE cm.class_id = $1 AND cm.role = 'student' ORDER BY cm.user_id`,
    [classId],
  );
  return rows.map((r) => r.user_id);
}

/** The classes `userId` studies in (approved at the school), by name. */
export async function classesOfStudent(db: Queryable, userId: string): Promise<{ id: string; name: string; school_name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string; school_name: string }>(
    `SELECT c.id, c.name, s.name AS school_name FROM class_members cm JOIN classes c ON c.id = cm.class_id JOIN schools s ON s.id = c.school_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
      WHERE cm.user_id = $1 AND cm.role = 'student' ORDER BY s.name, lower(c.name)`,
    [userId],
  );
  return rows;
}

/** The libraries `userId` is a member of (active or expired), by name. */
export async function librariesOfMember(db: Queryable, userId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT e.id, e.epustaka_name AS name FROM epustaka_members m JOIN epustaka e ON e.id = m.epustaka_id
      WHERE m.user_id = $1 AND m.member_status IN (1, 3) ORDER BY lower(e.epustaka_name), e.id`,
    [userId],
  );
  return rows;
}
