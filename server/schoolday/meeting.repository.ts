import type { Queryable } from '../db/client.ts';
import { containsPattern } from '../http/list-params.ts';
import type { AttendanceMark } from '../../src/lib/schoolday/values.ts';
import type { Material, MaterialArticle, RequiredBook, RequiredReading } from '../../src/lib/schoolday/schema.ts';

/* What a meeting holds: its materials, its required books and its attendance. */

interface MaterialRow {
  id: string;
  kind: Material['kind'];
  title: string;
  body: string | null;
  url: string | null;
  book_id: string | null;
  book_title: string | null;
  epustaka_id: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  quiz_id: string | null;
  quiz_title: string | null;
  article_id: string | null;
  article_title: string | null;
  created_at: Date | string;
}

/** The library a school's class finds a book in: the school's own ePustaka when it holds it, else the first that does. */
const EPUSTAKA_OF_BOOK = `(SELECT eb.epustaka_id FROM epustaka_books eb
   WHERE eb.book_id = b.id ORDER BY (eb.epustaka_id = (SELECT s.epustaka_id FROM meetings mm JOIN classes c ON c.id = mm.class_id JOIN schools s ON s.id = c.school_id WHERE mm.id = $1)) DESC NULLS LAST, eb.created_at LIMIT 1)`;

/** A meeting's materials, oldest first. */
export async function listMaterials(db: Queryable, meetingId: string): Promise<Material[]> {
  const { rows } = await db.query<MaterialRow>(
    `SELECT mt.*, b.catalog_title AS book_title, ${EPUSTAKA_OF_BOOK} AS epustaka_id, q.title AS quiz_title, n.news_title AS article_title
       FROM meeting_materials mt LEFT JOIN books b ON b.id = mt.book_id LEFT JOIN quizzes q ON q.id = mt.quiz_id LEFT JOIN news n ON n.id = mt.article_id
      WHERE mt.meeting_id = $1 ORDER BY mt.created_at, mt.id`,
    [meetingId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    url: r.url,
    book: r.book_id ? { id: r.book_id, title: r.book_title ?? r.title, epustaka_id: r.epustaka_id } : null,
    file: r.file_key ? { name: r.file_name ?? 'file', type: r.file_type ?? 'application/octet-stream', size: r.file_size ?? 0 } : null,
    quiz: r.quiz_id ? { id: r.quiz_id, title: r.quiz_title ?? r.title } : null,
    article: r.article_id ? { id: r.article_id, title: r.article_title ?? r.title } : null,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** Inserts a material. */
export async function insertMaterial(
  tx: Queryable,
  m: { meeting_id: string; kind: Material['kind']; title: string; body?: string | null; url?: string | null; book_id?: string | null; quiz_id?: string | null; article_id?: string | null; file?: { key: string; name: string; type: string; size: number } | null; created_by: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO meeting_materials (meeting_id, kind, title, body, url, book_id, file_key, file_name, file_type, file_size, created_by, quiz_id, article_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [m.meeting_id, m.kind, m.title, m.body ?? null, m.url ?? null, m.book_id ?? null, m.file?.key ?? null, m.file?.name ?? null, m.file?.type ?? null, m.file?.size ?? null, m.created_by, m.quiz_id ?? null, m.article_id ?? null],
  );
  return rows[0]!.id;
}

/** A material with its meeting, for access checks and downloads. */
export async function findMaterial(db: Queryable, id: string): Promise<{ id: string; meeting_id: string; class_id: string; file_key: string | null; file_name: string | null; file_type: string | null } | null> {
  const { rows } = await db.query<{ id: string; meeting_id: string; class_id: string; file_key: string | null; file_name: string | null; file_type: string | null }>(
    'SELECT mt.id, mt.meeting_id, m.class_id, mt.file_key, mt.file_name, mt.file_type FROM meeting_materials mt JOIN meetings m ON m.id = mt.meeting_id WHERE mt.id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Removes a material; answers its file's key, if any. */
export async function deleteMaterial(tx: Queryable, id: string): Promise<string | null> {
  const { rows } = await tx.query<{ file_key: string | null }>('DELETE FROM meeting_materials WHERE id = $1 RETURNING file_key', [id]);
  return rows[0]?.file_key ?? null;
}

/** A book's title and organisation, or null. */
export async function findBook(db: Queryable, bookId: string): Promise<{ id: string; title: string; organization_id: string } | null> {
  const { rows } = await db.query<{ id: string; title: string; organization_id: string }>('SELECT id, catalog_title AS title, organization_id FROM books WHERE id = $1', [bookId]);
  return rows[0] ?? null;
}

/** A class quiz (kind 'quiz') with its class and whether it is published, or null. */
export async function findClassQuiz(db: Queryable, quizId: string): Promise<{ id: string; title: string; class_id: string | null; published: boolean } | null> {
  const { rows } = await db.query<{ id: string; title: string; class_id: string | null; published: boolean }>(
    `SELECT id, title, class_id, published_at IS NOT NULL AS published FROM quizzes WHERE id = $1 AND kind = 'quiz'`,
    [quizId],
  );
  return rows[0] ?? null;
}

/** A class's published quizzes, the newest first: what its teachers may add to a meeting. */
export async function publishedQuizzesOfClass(db: Queryable, classId: string): Promise<{ id: string; title: string }[]> {
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT id, title FROM quizzes WHERE class_id = $1 AND kind = 'quiz' AND published_at IS NOT NULL ORDER BY opens_at DESC, title`,
    [classId],
  );
  return rows;
}

/**
 * An article every student of a class may read, whatever libraries they belong to: published, of
 * the organisation ($1), and held by a public ePustaka (anyone may read what a public library
 * holds; a private library's articles are for its members only, who need not be the whole class).
 */
const READABLE_ARTICLE = `n.organization_id = $1 AND n.news_status = 1
  AND EXISTS (SELECT 1 FROM epustaka_news en JOIN epustaka e ON e.id = en.epustaka_id WHERE en.news_id = n.id AND NOT e.epustaka_isprivate)`;

/** Articles a teacher may add as a material, newest first, optionally by a piece of their title. */
export async function readableArticles(db: Queryable, organizationId: string, q: string | undefined, limit = 8): Promise<MaterialArticle[]> {
  const { rows } = await db.query<MaterialArticle>(
    `SELECT n.id, n.news_title AS title FROM news n
      WHERE ${READABLE_ARTICLE} AND ($2::text IS NULL OR n.news_title ILIKE $2)
      ORDER BY n.created_at DESC, n.id LIMIT $3`,
    [organizationId, q ? containsPattern(q) : null, limit],
  );
  return rows;
}

/** The article, when a class's students may all read it (see READABLE_ARTICLE), or null. */
export async function findReadableArticle(db: Queryable, organizationId: string, articleId: string): Promise<MaterialArticle | null> {
  const { rows } = await db.query<MaterialArticle>(`SELECT n.id, n.news_title AS title FROM news n WHERE ${READABLE_ARTICLE} AND n.id = $2`, [organizationId, articleId]);
  return rows[0] ?? null;
}

/** A meeting's required books. */
export async function listRequiredBooks(db: Queryable, meetingId: string): Promise<RequiredBook[]> {
  const { rows } = await db.query<RequiredBook>(
    `SELECT b.id AS book_id, b.catalog_title AS title, a.author_name AS author, ${EPUSTAKA_OF_BOOK} AS epustaka_id
       FROM meeting_required_books r JOIN books b ON b.id = r.book_id LEFT JOIN authors a ON a.id = b.author_id
      WHERE r.meeting_id = $1 ORDER BY r.created_at, b.catalog_title`,
    [meetingId],
  );
  return rows;
}

/** Adds a required book once; true when it was new. */
export async function insertRequiredBook(tx: Queryable, meetingId: string, bookId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query('INSERT INTO meeting_required_books (meeting_id, book_id, added_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1', [meetingId, bookId, userId]);
  return rows.length > 0;
}

/** The books a student must read for their classes' meetings from `from` on, the soonest first. */
export async function requiredBooksOfStudent(db: Queryable, userId: string, from: Date): Promise<RequiredReading[]> {
  const { rows } = await db.query<RequiredReading>(
    `SELECT DISTINCT ON (b.id) b.id AS book_id, b.catalog_title AS title, a.author_name AS author, m.id AS meeting_id, sub.name AS subject,
            to_char(m.date, 'YYYY-MM-DD') AS date,
            (SELECT eb.epustaka_id FROM epustaka_books eb WHERE eb.book_id = b.id ORDER BY (eb.epustaka_id = s.epustaka_id) DESC NULLS LAST, eb.created_at LIMIT 1) AS epustaka_id
       FROM meeting_required_books r JOIN meetings m ON m.id = r.meeting_id JOIN books b ON b.id = r.book_id LEFT JOIN authors a ON a.id = b.author_id
       JOIN timetable_slots t ON t.id = m.slot_id JOIN subjects sub ON sub.id = t.subject_id
       JOIN classes c ON c.id = m.class_id JOIN schools s ON s.id = c.school_id
       JOIN class_members cm ON cm.class_id = m.class_id AND cm.user_id = $1 AND cm.role = 'student'
      WHERE m.starts_at >= $2 ORDER BY b.id, m.starts_at`,
    [userId, from.toISOString()],
  );
  return rows.sort((x, y) => x.date.localeCompare(y.date));
}

/** Attendance marks of a meeting by student. */
export async function attendanceOf(db: Queryable, meetingId: string): Promise<Map<string, AttendanceMark>> {
  const { rows } = await db.query<{ student_id: string; status: AttendanceMark }>('SELECT student_id, status FROM meeting_attendance WHERE meeting_id = $1', [meetingId]);
  return new Map(rows.map((r) => [r.student_id, r.status]));
}

/** One student's mark at a meeting, or null (not yet). */
export async function attendanceOfStudent(db: Queryable, meetingId: string, studentId: string): Promise<AttendanceMark | null> {
  const { rows } = await db.query<{ status: AttendanceMark }>('SELECT status FROM meeting_attendance WHERE meeting_id = $1 AND student_id = $2', [meetingId, studentId]);
  return rows[0]?.status ?? null;
}

/** Sets marks (a later mark replaces an earlier one). */
export async function upsertAttendance(tx: Queryable, meetingId: string, entries: { user_id: string; status: AttendanceMark }[], markedBy: string, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO meeting_attendance (meeting_id, student_id, status, marked_by, marked_at)
     SELECT $1, e.user_id, e.status, $4, $5 FROM unnest($2::uuid[], $3::text[]) AS e(user_id, status)
     ON CONFLICT (meeting_id, student_id) DO UPDATE SET status = EXCLUDED.status, marked_by = EXCLUDED.marked_by, marked_at = EXCLUDED.marked_at`,
    [meetingId, entries.map((e) => e.user_id), entries.map((e) => e.status), markedBy, at.toISOString()],
  );
}
