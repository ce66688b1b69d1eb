import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createBook } from '../test/catalogue.ts';
import { createSchool, getBytes, PDF_BYTES, postForm, slotAndMeeting, type SchoolFixture } from './testing.ts';
import { notifyAssignmentsDueSoon } from './notifications.ts';
import { SCHOOL_DOCUMENT_MAX_BYTES } from '../../src/lib/schoolday/values.ts';

let ctx: TestContext;
let f: SchoolFixture;
let meetingId: string;
let assignmentId: string;
const NOW = new Date('2026-11-30T03:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  f = await createSchool(ctx);
  ctx.setNow(NOW);
  ({ meetingId } = await slotAndMeeting(ctx, f, '2026-11-30'));
  const res = await ctx.request('POST', '/webhook/assignment', { token: f.teacher.token, body: { meeting_id: meetingId, title: 'Esai', due_at: '2026-12-01T10:00:00Z' } });
  assignmentId = res.body.data.id;
});
afterAll(() => ctx.close());

const notices = async (userId: string, event: string) => (await ctx.db.query<{ link: string }>('SELECT link FROM notifications WHERE user_id = $1 AND event = $2', [userId, event])).rows;

describe('materials and required reading', () => {
  test('a teacher adds a text, a link and a book; the students are told; only class members see them', async () => {
    const book = await createBook(ctx, { title: 'Laskar Pelangi' });
    for (const body of [
      { kind: 'text', title: 'Ringkasan', body: 'Baca bab 1.' },
      { kind: 'link', title: 'Video', url: 'https://example.org/video' },
      { kind: 'book', book_id: book },
    ]) {
      expect((await ctx.request('POST', '/webhook/subject-material', { token: f.teacher.token, body: { meeting_id: meetingId, ...body } })).status).toBe(201);
    }
    expect((await ctx.request('POST', '/webhook/mandatory-book', { token: f.teacher.token, body: { meeting_id: meetingId, book_id: book } })).status).toBe(201);
    const student = await ctx.request('GET', `/webhook/subject-material-list?id=${meetingId}`, { token: f.student.token });
    expect(student.body.data.map((m: { kind: string }) => m.kind)).toEqual(['text', 'link', 'book']);
    expect(student.body.data[2].book.title).toBe('Laskar Pelangi');
    const books = await ctx.request('GET', `/webhook/mandatory-book-list?id=${meetingId}`, { token: f.student.token });
    expect(books.body.data).toMatchObject([{ book_id: book, title: 'Laskar Pelangi' }]);
    // The shelf's required reading: the student's, with the lesson that requires it; none for another class.
    const shelf = await ctx.request('GET', '/webhook/mandatory-book-list', { token: f.student.token });
    expect(shelf.body.data).toMatchObject([{ book_id: book, title: 'Laskar Pelangi', meeting_id: meetingId, subject: 'Matematika', date: '2026-11-30' }]);
    expect((await ctx.request('GET', '/webhook/mandatory-book-list', { token: f.otherStudent.token })).body.data).toEqual([]);
    expect(await notices(f.student.id, 'schedule_material')).toContainEqual({ link: `/detail-schedule/${meetingId}` });
    for (const who of [f.otherStudent, f.outsider]) {
      const res = await ctx.request('GET', `/webhook/subject-material-list?id=${meetingId}`, { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('not_class_member');
    }
    const byStudent = await ctx.request('POST', '/webhook/subject-material', { token: f.student.token, body: { meeting_id: meetingId, kind: 'text', title: 'x', body: 'y' } });
    expect(byStudent.body.errors[0].code).toBe('not_class_teacher');
  });

  test('a material file is checked by its signature and size and served to the class only', async () => {
    const bad = await postForm(ctx, '/webhook/subject-material-file', f.teacher.token, { meeting_id: meetingId, file: new Blob([new TextEncoder().encode('MZ not a document')]) }, 'soal.pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('file_type');
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await postForm(ctx, '/webhook/subject-material-file', f.teacher.token, { meeting_id: meetingId, file: new Blob([big]) }, 'foto.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors[0].code).toBe('file_too_large');
    const huge = await postForm(ctx, '/webhook/subject-material-file', f.teacher.token, { meeting_id: meetingId, file: new Blob([new Uint8Array(SCHOOL_DOCUMENT_MAX_BYTES + 200 * 1024)]) }, 'besar.pdf');
    expect(huge.status).toBe(413);
    const ok = await postForm(ctx, '/webhook/subject-material-file', f.teacher.token, { meeting_id: meetingId, title: 'Soal', file: new Blob([PDF_BYTES]) }, 'soal.exe');
    expect(ok.status).toBe(201);
    const file = await getBytes(ctx, `/webhook/subject-material-file?id=${ok.body.data.id}`, f.student.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes).toEqual(PDF_BYTES);
    expect((await getBytes(ctx, `/webhook/subject-material-file?id=${ok.body.data.id}`, f.otherStudent.token)).status).toBe(403);
  });
});

describe('hand-ins', () => {
  test('a student hands in once; a second try is a 409 and keeps the first', async () => {
    const first = await postForm(ctx, '/webhook/assignment-delivery', f.student.token, { assignment_id: assignmentId, file: new Blob([PDF_BYTES]) });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ late: false, file: { name: 'tugas.pdf', type: 'application/pdf' } });
    const second = await postForm(ctx, '/webhook/assignment-delivery', f.student.token, { assignment_id: assignmentId, text: 'Jawaban baru' });
    expect(second.status).toBe(409);
    expect(second.body.errors[0].code).toBe('already_handed_in');
    const own = await ctx.request('GET', `/webhook/assignment-delivery-list?id=${assignmentId}`, { token: f.student.token });
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0].text).toBeNull();
  });

  test('only an enrolled student hands in; empty or bad hand-ins are coded 400s', async () => {
    for (const who of [f.teacher, f.otherStudent, f.outsider]) {
      const res = await postForm(ctx, '/webhook/assignment-delivery', who.token, { assignment_id: assignmentId, text: 'x' });
      expect(res.status).toBe(403);
    }
    expect((await postForm(ctx, '/webhook/assignment-delivery', f.student2.token, { assignment_id: assignmentId, text: '  ' })).body.errors[0].code).toBe('delivery_empty');
    expect((await postForm(ctx, '/webhook/assignment-delivery', f.student2.token, { assignment_id: 'abc', text: 'x' })).body.errors[0].code).toBe('invalid_assignment_id');
  });

  test('a teacher sees every hand-in, a student only their own; files go to the student and teachers only', async () => {
    await postForm(ctx, '/webhook/assignment-delivery', f.student2.token, { assignment_id: assignmentId, text: 'Jawaban Budi' });
    const all = await ctx.request('GET', `/webhook/assignment-delivery-list?id=${assignmentId}`, { token: f.teacher.token });
    expect(all.body.data.map((d: { student: { name: string } }) => d.student.name)).toEqual(['Ani', 'Budi']);
    const own = await ctx.request('GET', `/webhook/assignment-delivery-list?id=${assignmentId}`, { token: f.student2.token });
    expect(own.body.data.map((d: { student: { name: string } }) => d.student.name)).toEqual(['Budi']);
    const fileOf = all.body.data[0].id;
    expect((await getBytes(ctx, `/webhook/assignment-delivery-file?id=${fileOf}`, f.teacher.token)).status).toBe(200);
    expect((await getBytes(ctx, `/webhook/assignment-delivery-file?id=${fileOf}`, f.student.token)).status).toBe(200);
    expect((await getBytes(ctx, `/webhook/assignment-delivery-file?id=${fileOf}`, f.student2.token)).status).toBe(404);
  });

  test('grading: teachers only, 0–100, the student sees the grade and is told', async () => {
    const all = await ctx.request('GET', `/webhook/assignment-delivery-list?id=${assignmentId}`, { token: f.teacher.token });
    const ani = all.body.data[0].id;
    expect((await ctx.request('POST', '/webhook/assignment-grade', { token: f.student.token, body: { id: ani, grade: 100 } })).status).toBe(403);
    expect((await ctx.request('POST', '/webhook/assignment-grade', { token: f.teacher.token, body: { id: ani, grade: 101 } })).body.errors[0].code).toBe('invalid_grade');
    expect((await ctx.request('POST', '/webhook/assignment-grade', { token: f.teacher.token, body: { id: ani, grade: 88, comment: 'Bagus' } })).status).toBe(200);
    const detail = await ctx.request('GET', `/webhook/schedule-detail-student?id=${meetingId}`, { token: f.student.token });
    expect(detail.body.data.assignments[0].delivery).toMatchObject({ grade: 88, comment: 'Bagus' });
    expect(await notices(f.student.id, 'schedule_grade')).toEqual([{ link: `/detail-schedule/${meetingId}` }]);
  });

  test('a reopened hand-in may be handed in once more, and then no more', async () => {
    const all = await ctx.request('GET', `/webhook/assignment-delivery-list?id=${assignmentId}`, { token: f.teacher.token });
    expect((await ctx.request('POST', '/webhook/assignment-delivery-reopen', { token: f.teacher.token, body: { id: all.body.data[0].id } })).status).toBe(200);
    const again = await postForm(ctx, '/webhook/assignment-delivery', f.student.token, { assignment_id: assignmentId, text: 'Perbaikan' });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ text: 'Perbaikan', file: null, grade: null, reopened: false });
    expect((await postForm(ctx, '/webhook/assignment-delivery', f.student.token, { assignment_id: assignmentId, text: 'Lagi' })).status).toBe(409);
  });

  test('after the deadline a hand-in is taken and marked late, unless the teacher closed it', async () => {
    const late = await ctx.request('POST', '/webhook/assignment', { token: f.teacher.token, body: { meeting_id: meetingId, title: 'Latihan', due_at: '2026-11-29T10:00:00Z' } });
    const id = late.body.data.id;
    const taken = await postForm(ctx, '/webhook/assignment-delivery', f.student.token, { assignment_id: id, text: 'Terlambat' });
    expect(taken.status).toBe(201);
    expect(taken.body.data.late).toBe(true);
    expect((await ctx.request('PATCH', '/webhook/assignment', { token: f.student.token, body: { id, closed: true } })).status).toBe(403);
    expect((await ctx.request('PATCH', '/webhook/assignment', { token: f.teacher.token, body: { id, closed: true } })).status).toBe(200);
    const closed = await postForm(ctx, '/webhook/assignment-delivery', f.student2.token, { assignment_id: id, text: 'Terlambat juga' });
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe('assignment_closed');
  });

  test('students who have not handed in hear of an assignment due tomorrow, once', async () => {
    const due = await ctx.request('POST', '/webhook/assignment', { token: f.teacher.token, body: { meeting_id: meetingId, title: 'Proyek', due_at: '2026-12-01T01:00:00Z' } });
    await postForm(ctx, '/webhook/assignment-delivery', f.student2.token, { assignment_id: due.body.data.id, text: 'Selesai' });
    await notifyAssignmentsDueSoon(ctx.deps);
    await notifyAssignmentsDueSoon(ctx.deps);
    expect(await notices(f.student.id, 'schedule_assignment_due')).toHaveLength(1);
    expect(await notices(f.student2.id, 'schedule_assignment_due')).toHaveLength(0);
    const today = await ctx.request('GET', '/webhook/schedule-today', { token: f.student.token });
    expect(today.body.data.due.map((a: { title: string }) => a.title)).toContain('Proyek');
  });
});
