import type { ApiDeps } from '../deps.ts';
import type { UserRow } from '../auth/repository.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { requireClassMember, requireClassTeacher } from '../schools/membership.repository.ts';
import type { AttendanceInput, Material, MaterialArticle, MaterialInput, MeetingDetail, MeetingSummary, RequiredBook } from '../../src/lib/schoolday/schema.ts';
import type { ClassRole } from '../../src/lib/schools/values.ts';
import { findMeeting, studentsOfClass } from './timetable.repository.ts';
import * as repo from './meeting.repository.ts';
import { listAssignments, listDeliveries } from './assignments.repository.ts';
import { checkFile, dropFile, putFile } from './files.ts';
import { notifyMaterial } from './notifications.ts';

/*
 * A meeting and what it holds. Its class's teachers add materials, required books and assignments
 * and take attendance; its enrolled students see them, with only their own attendance and
 * hand-ins. Nobody else sees the meeting at all.
 */

/** The meeting and the caller's role in its class; 404 `meeting_not_found`, 403 `not_class_member`. */
export async function meetingFor(deps: ApiDeps, caller: UserRow, id: string): Promise<{ meeting: MeetingSummary; role: ClassRole }> {
  const meeting = await findMeeting(deps.db, id);
  if (!meeting) throw notFound('meeting_not_found', 'This meeting does not exist.');
  const role = await requireClassMember(deps.db, meeting.class_id, caller.id);
  return { meeting, role };
}

async function meetingOfTeacher(deps: ApiDeps, caller: UserRow, id: string): Promise<MeetingSummary> {
  const meeting = await findMeeting(deps.db, id);
  if (!meeting) throw notFound('meeting_not_found', 'This meeting does not exist.');
  await requireClassTeacher(deps.db, meeting.class_id, caller.id);
  return meeting;
}

/** GET webhook/schedule-detail-student: for an enrolled student, with only their own attendance and hand-ins. */
export async function studentDetail(deps: ApiDeps, caller: UserRow, id: string): Promise<MeetingDetail> {
  const { meeting, role } = await meetingFor(deps, caller, id);
  if (role !== 'student') throw forbidden('not_class_student', 'This view is for the students of the class.');
  const assignments = await listAssignments(deps.db, id);
  return {
    meeting,
    role,
    materials: await repo.listMaterials(deps.db, id),
    books: await repo.listRequiredBooks(deps.db, id),
    assignments: await Promise.all(
      assignments.map(async ({ delivered_count: _, ...a }) => ({ ...a, delivery: (await listDeliveries(deps.db, a.id, caller.id))[0] ?? null })),
    ),
    attendance: (await repo.attendanceOfStudent(deps.db, id, caller.id)) ?? 'not_yet',
  };
}

/** GET webhook/schedule-detail-teacher: for the class's teachers, with every student's attendance. */
export async function teacherDetail(deps: ApiDeps, caller: UserRow, id: string): Promise<MeetingDetail> {
  const meeting = await meetingOfTeacher(deps, caller, id);
  return {
    meeting,
    role: 'teacher',
    materials: await repo.listMaterials(deps.db, id),
    books: await repo.listRequiredBooks(deps.db, id),
    assignments: await listAssignments(deps.db, id),
    attendance: null,
    students: await studentAttendance(deps, caller, id, meeting),
    quizzes: await repo.publishedQuizzesOfClass(deps.db, meeting.class_id),
  };
}

/** GET webhook/schedule-student-list: the class's students with their attendance at the meeting (teachers). */
export async function studentAttendance(deps: ApiDeps, caller: UserRow, id: string, known?: MeetingSummary) {
  const meeting = known ?? (await meetingOfTeacher(deps, caller, id));
  const marks = await repo.attendanceOf(deps.db, meeting.id);
  return (await studentsOfClass(deps.db, meeting.class_id)).map((s) => ({ user_id: s.id, name: s.name, status: marks.get(s.id) ?? ('not_yet' as const) }));
}

/** POST webhook/attendance: a teacher of the class marks students; anyone not enrolled is a 400 and nothing is kept. */
export async function takeAttendance(deps: ApiDeps, caller: UserRow, input: AttendanceInput): Promise<void> {
  const meeting = await meetingOfTeacher(deps, caller, input.meeting_id);
  const enrolled = new Set((await studentsOfClass(deps.db, meeting.class_id)).map((s) => s.id));
  const stranger = input.entries.find((e) => !enrolled.has(e.user_id));
  if (stranger) throw badRequest('not_class_student', 'Attendance is taken only for the students of this class.', 'entries');
  await inTransaction(deps.db, (tx) => repo.upsertAttendance(tx, meeting.id, input.entries, caller.id, deps.now()));
}

/** GET webhook/subject-material-list: for the class's teachers and students. */
export async function materialList(deps: ApiDeps, caller: UserRow, id: string): Promise<Material[]> {
  await meetingFor(deps, caller, id);
  return repo.listMaterials(deps.db, id);
}

async function bookOfCaller(deps: ApiDeps, caller: UserRow, bookId: string) {
  const book = await repo.findBook(deps.db, bookId);
  if (!book || book.organization_id !== caller.organization_id) throw notFound('book_not_found', 'This book is not in the catalogue.');
  return book;
}

/**
 * The quiz a teacher adds to a meeting: a class quiz (404 `quiz_not_found` otherwise) of the
 * meeting's own class (400 `quiz_not_of_class`) that is published (400 `quiz_not_published`).
 */
async function quizOfMeeting(deps: ApiDeps, meeting: MeetingSummary, quizId: string) {
  const quiz = await repo.findClassQuiz(deps.db, quizId);
  if (!quiz) throw notFound('quiz_not_found', 'This quiz does not exist.');
  if (quiz.class_id !== meeting.class_id) throw badRequest('quiz_not_of_class', 'Add only a quiz of this class.', 'quiz_id');
  if (!quiz.published) throw badRequest('quiz_not_published', 'Publish the quiz before adding it.', 'quiz_id');
  return quiz;
}

/**
 * The article a teacher adds to a meeting: one every student of the class may read (an article of a
 * public library), else 404 `article_not_found`, so an unknown and an unreadable one look alike.
 */
async function articleForClass(deps: ApiDeps, caller: UserRow, articleId: string) {
  const article = await repo.findReadableArticle(deps.db, caller.organization_id, articleId);
  if (!article) throw notFound('article_not_found', 'Add an article of a public library.');
  return article;
}

/** GET webhook/subject-material-article-list: the articles that may be added as a material, by title. */
export async function articleChoices(deps: ApiDeps, caller: UserRow, q: string | undefined): Promise<MaterialArticle[]> {
  return repo.readableArticles(deps.db, caller.organization_id, q);
}

/** POST webhook/subject-material: a text, a link, a catalogue book, a quiz of the class or an article; the students are told. */
export async function addMaterial(deps: ApiDeps, caller: UserRow, input: MaterialInput): Promise<string> {
  const meeting = await meetingOfTeacher(deps, caller, input.meeting_id);
  let title = input.title ?? '';
  if (input.kind === 'book') title ||= (await bookOfCaller(deps, caller, input.book_id)).title;
  if (input.kind === 'quiz') {
    const quiz = await quizOfMeeting(deps, meeting, input.quiz_id);
    title ||= quiz.title;
  }
  if (input.kind === 'article') title ||= (await articleForClass(deps, caller, input.article_id)).title;
  return inTransaction(deps.db, async (tx) => {
    const id = await repo.insertMaterial(tx, {
      meeting_id: meeting.id,
      kind: input.kind,
      title,
      body: input.kind === 'text' ? input.body : null,
      url: input.kind === 'link' ? input.url : null,
      book_id: input.kind === 'book' ? input.book_id : null,
      quiz_id: input.kind === 'quiz' ? input.quiz_id : null,
      article_id: input.kind === 'article' ? input.article_id : null,
      created_by: caller.id,
    });
    await notifyMaterial(tx, meeting, title, caller.id);
    return id;
  });
}

/** POST webhook/subject-material-file (multipart): an uploaded file, checked by signature and size. */
export async function addMaterialFile(deps: ApiDeps, caller: UserRow, meetingId: string, title: string, file: File): Promise<string> {
  const meeting = await meetingOfTeacher(deps, caller, meetingId);
  const checked = await checkFile(file);
  await putFile(deps, checked);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const name = title || checked.name;
      const id = await repo.insertMaterial(tx, { meeting_id: meeting.id, kind: 'file', title: name, file: checked, created_by: caller.id });
      await notifyMaterial(tx, meeting, name, caller.id);
      return id;
    });
  } catch (error) {
    await dropFile(deps, checked.key);
    throw error;
  }
}

/** DELETE webhook/subject-material: a teacher of the class removes a material. */
export async function removeMaterial(deps: ApiDeps, caller: UserRow, id: string): Promise<void> {
  const material = await repo.findMaterial(deps.db, id);
  if (!material) throw notFound('material_not_found', 'This material does not exist.');
  await requireClassTeacher(deps.db, material.class_id, caller.id);
  const key = await inTransaction(deps.db, (tx) => repo.deleteMaterial(tx, id));
  await dropFile(deps, key);
}

/** GET webhook/subject-material-file: the file of a material, for the class's members. */
export async function materialFile(deps: ApiDeps, caller: UserRow, id: string): Promise<{ key: string; name: string; type: string }> {
  const material = await repo.findMaterial(deps.db, id);
  if (!material?.file_key) throw notFound('material_not_found', 'This material has no file.');
  await requireClassMember(deps.db, material.class_id, caller.id);
  return { key: material.file_key, name: material.file_name ?? 'file', type: material.file_type ?? 'application/octet-stream' };
}

/** The required reading of a student's lessons looks back this far, so last week's books stay on the shelf. */
const REQUIRED_READING_DAYS = 7;

/** GET webhook/mandatory-book-list: a meeting's required books (class members), or without an id the caller's required reading. */
export async function requiredBookList(deps: ApiDeps, caller: UserRow, id: string | undefined): Promise<RequiredBook[]> {
  if (!id) return repo.requiredBooksOfStudent(deps.db, caller.id, new Date(deps.now().getTime() - REQUIRED_READING_DAYS * 86_400_000));
  await meetingFor(deps, caller, id);
  return repo.listRequiredBooks(deps.db, id);
}

/** POST webhook/mandatory-book: a catalogue book the class must read; the students are told once. */
export async function addRequiredBook(deps: ApiDeps, caller: UserRow, meetingId: string, bookId: string): Promise<void> {
  const meeting = await meetingOfTeacher(deps, caller, meetingId);
  const book = await bookOfCaller(deps, caller, bookId);
  await inTransaction(deps.db, async (tx) => {
    if (await repo.insertRequiredBook(tx, meeting.id, book.id, caller.id)) await notifyMaterial(tx, meeting, book.title, caller.id);
  });
}
