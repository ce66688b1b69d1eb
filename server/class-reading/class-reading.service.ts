import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { classRoleOf, schoolRoleOf } from '../schools/membership.repository.ts';
import { notify } from '../notifications/notify.ts';
import type { ClassReading, ClassReadingTotals, ClassRecommendationResult, ReadingClass, ReadingColumns, ReadingVisibility, StudentBook, StudentReading } from '../../src/lib/class-reading/schema.ts';
import { CLASS_REVIEWS_SHOWN } from '../../src/lib/class-reading/values.ts';
import { schoolClock } from '../../src/lib/schoolday/rules.ts';
import * as repo from './class-reading.repository.ts';

/*
 * Reading in class. A class's teachers, and the admins of its school, see what its students read
 * (loans open and recent, position, time read, reviews) and recommend a book to the whole class;
 * nobody else sees any of it. Reading data whose feature is off is neither counted nor answered.
 */

type ReadingClassRow = NonNullable<Awaited<ReturnType<typeof repo.findReadingClass>>>;

/**
 * The class when the caller teaches it or administers its school.
 * @throws ApiError class_not_found (404), not_class_teacher (403).
 */
async function classOfOverseer(deps: ApiDeps, caller: UserRow, classId: string): Promise<ReadingClassRow> {
  const found = await repo.findReadingClass(deps.db, classId);
  if (!found) throw notFound('class_not_found', 'This class does not exist.');
  if ((await classRoleOf(deps.db, classId, caller.id)) === 'teacher') return found;
  if ((await schoolRoleOf(deps.db, found.school_id, caller.id)) === 'admin') return found;
  throw forbidden('not_class_teacher', 'Only a teacher of this class or an admin of its school may see its reading.');
}

/** GET webhook/class-reading-classes: the classes whose reading the caller may see. */
export function readingClasses(deps: ApiDeps, caller: UserRow): Promise<ReadingClass[]> {
  return repo.readingClassesOf(deps.db, caller.id);
}

function columnsOf(deps: ApiDeps): ReadingColumns {
  return { progress: deps.config.features.readingProgress, duration: deps.config.features.readingDuration };
}

/** GET webhook/reading-visibility: the caller's classes and libraries, whose teachers and admins see their reading, and which of it is kept. */
export async function readingVisibility(deps: ApiDeps, caller: UserRow): Promise<ReadingVisibility> {
  return {
    columns: columnsOf(deps),
    classes: await repo.classesOfStudent(deps.db, caller.id),
    libraries: await repo.librariesOfMember(deps.db, caller.id),
  };
}

/** Leaves out the counts of reading data that is not kept. */
function withColumns<T extends { books_finished?: number; seconds_read?: number }>(row: T, columns: ReadingColumns): T {
  const out = { ...row };
  if (!columns.progress) delete out.books_finished;
  if (!columns.duration) delete out.seconds_read;
  return out;
}

/** GET webhook/class-reading: the class's totals, a page of its students with their books, its latest reviews and recommendations. */
export async function classReading(deps: ApiDeps, caller: UserRow, query: { class_id: string; limit: number; offset: number }): Promise<{ data: ClassReading; total: number }> {
  const found = await classOfOverseer(deps, caller, query.class_id);
  const now = deps.now();
  const columns = columnsOf(deps);
  const input = { classId: found.id, now, zone: found.time_zone };
  const totals = await repo.classTotals(deps.db, input);
  const counts = await repo.studentCounts(deps.db, { ...input, limit: query.limit, offset: query.offset });
  const books = await repo.studentBooks(deps.db, counts.map((s) => s.user_id), now);
  const students: StudentReading[] = counts.map((s) => ({
    ...withColumns(s, columns),
    books: books.filter((b) => b.user_id === s.user_id).map((b) => bookOf(b, columns)),
  }));
  const { reading_now, students: studentTotal, ...sums } = totals;
  const data: ClassReading = {
    class: { id: found.id, name: found.name, school_name: found.school_name },
    month: schoolClock(now, found.time_zone).date.slice(0, 7),
    columns,
    totals: { students: studentTotal, reading_now, ...withColumns(sums, columns) } satisfies ClassReadingTotals,
    students,
    reviews: await repo.classReviews(deps.db, found.id, CLASS_REVIEWS_SHOWN),
    recommendations: await repo.classRecommendations(deps.db, found.id),
  };
  return { data, total: studentTotal };
}

function bookOf(row: repo.StudentBookRow, columns: ReadingColumns): StudentBook {
  const book: StudentBook = { book_id: row.book_id, title: row.title, borrowed_at: row.borrowed_at, due_at: row.due_at, current: row.current };
  if (columns.progress) book.progress = row.last_page === null || row.total_page === null ? null : { last_page: row.last_page, total_page: row.total_page };
  if (columns.duration) book.seconds_read = row.seconds_read;
  return book;
}

/**
 * POST webhook/class-recommendation: records the book for the class and tells each of its students
 * (in-app, and so by push), all in one transaction. A book is recommended to a class once: the
 * same book again is refused and nobody is told twice.
 * @throws ApiError class_not_found, book_not_found (404), not_class_teacher (403), class_book_already_recommended (409).
 */
export async function recommendToClass(deps: ApiDeps, caller: UserRow, input: { class_id: string; book_id: string }): Promise<ClassRecommendationResult> {
  const found = await classOfOverseer(deps, caller, input.class_id);
  const title = await repo.catalogueBookTitle(deps.db, input.book_id, caller.organization_id);
  if (title === null) throw notFound('book_not_found', 'This book is not in the catalogue.');
  return inTransaction(deps.db, async (tx) => {
    const id = await repo.insertRecommendation(tx, { classId: found.id, bookId: input.book_id, userId: caller.id, now: deps.now() });
    if (!id) throw conflict('class_book_already_recommended', 'This book has already been recommended to this class.');
    const students = await repo.classStudentIds(tx, found.id);
    for (const userId of students) {
      await notify(tx, {
        userId,
        type: 'BOOK',
        event: 'class_recommend',
        params: { name: caller.name, title, class: found.name },
        link: `/book/${input.book_id}`,
        dedupeKey: `class_recommend:${id}`,
        object: { type: 'BOOK', id: input.book_id },
        senderId: caller.id,
      });
    }
    return { id, notified: students.length };
  });
}
