import type { Queryable } from '../db/client.ts';
import type { DemoSchool } from './schools.ts';
import { addDays, mondayOf, schoolClock, schoolTimeToUtc } from '../../src/lib/schoolday/rules.ts';
import { ensureMeetings } from '../schoolday/timetable.repository.ts';
import { notifyInvitation } from '../schoolday/notifications.ts';

/*
 * The demo school day of XI IPA 1 (WIB): a week of Bahasa Indonesia with Bagus and Matematika with
 * Andi, last week's and this week's meetings, materials and a required book from the school's
 * library, an assignment due tomorrow and one already graded, attendance of the past meetings, and
 * Bagus's invitation of Sekar to a book discussion.
 */

/** [day, from, to, subject, teacher]. */
const WEEK: [number, number, number, string, string][] = [
  [1, 1, 2, 'Bahasa Indonesia', 'guru'], [1, 3, 4, 'Matematika', 'andi'],
  [2, 1, 2, 'Matematika', 'andi'], [2, 4, 5, 'Bahasa Indonesia', 'guru'],
  [3, 1, 2, 'Bahasa Indonesia', 'guru'], [3, 4, 6, 'Matematika', 'andi'],
  [4, 1, 2, 'Matematika', 'andi'], [4, 3, 4, 'Bahasa Indonesia', 'guru'],
  [5, 1, 2, 'Bahasa Indonesia', 'guru'], [5, 4, 5, 'Matematika', 'andi'],
  [6, 1, 2, 'Bahasa Indonesia', 'guru'],
];

/** Inserts the demo timetable and what its meetings hold. */
export async function insertSchoolday(tx: Queryable, school: DemoSchool, userIds: Map<string, string>, now = new Date()): Promise<void> {
  const classId = school.classIds.get('XI IPA 1');
  const guru = userIds.get('guru');
  const siswa = userIds.get('siswa');
  const rina = userIds.get('rina');
  if (!classId || !guru || !siswa || !rina) return;
  for (const [day, from, to, subject, teacher] of WEEK) {
    await tx.query(
      `INSERT INTO timetable_slots (class_id, day_of_week, lesson_from, lesson_to, subject_id, teacher_id, room) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [classId, day, from, to, school.subjectIds.get(subject), userIds.get(teacher), day === 6 ? 'Perpustakaan' : 'R. XI IPA 1'],
    );
  }
  const today = schoolClock(now, 'Asia/Jakarta').date;
  const monday = mondayOf(today);
  await ensureMeetings(tx, [classId], addDays(monday, -7));
  await ensureMeetings(tx, [classId], monday);
  const { rows: meetings } = await tx.query<{ id: string; starts_at: Date | string; subject: string }>(
    `SELECT m.id, m.starts_at, s.name AS subject FROM meetings m JOIN timetable_slots t ON t.id = m.slot_id JOIN subjects s ON s.id = t.subject_id
      WHERE m.class_id = $1 ORDER BY m.starts_at`,
    [classId],
  );
  const past = meetings.filter((m) => new Date(m.starts_at) <= now);
  // Attendance of every meeting that has begun: all present, except Rina, sick on the first day.
  for (const [i, m] of past.entries()) {
    await tx.query(
      `INSERT INTO meeting_attendance (meeting_id, student_id, status, marked_by) VALUES ($1, $2, 'present', $4), ($1, $3, $5, $4)`,
      [m.id, siswa, rina, guru, i === 0 ? 'sick' : 'present'],
    );
  }
  const indonesian = meetings.filter((m) => m.subject === 'Bahasa Indonesia');
  const pastIndonesian = indonesian.filter((m) => new Date(m.starts_at) <= now);
  // The lesson the materials and the assignment due tomorrow belong to: the latest one held, else the first.
  const current = pastIndonesian.at(-1) ?? indonesian[0]!;
  const graded = pastIndonesian.at(-3) ?? indonesian[0]!;
  const { rows: book } = await tx.query<{ id: string }>(
    `SELECT b.id FROM books b JOIN epustaka_books eb ON eb.book_id = b.id JOIN schools s ON s.epustaka_id = eb.epustaka_id
      WHERE s.id = $1 ORDER BY (b.catalog_title = 'Gerimis di Kota Kembang') DESC, b.catalog_title LIMIT 1`,
    [school.schoolId],
  );
  await tx.query(
    `INSERT INTO meeting_materials (meeting_id, kind, title, body, url, book_id, created_by) VALUES
       ($1, 'text', 'Unsur intrinsik cerpen', 'Tema, alur, tokoh dan penokohan, latar, sudut pandang, dan amanat. Catat contoh masing-masing dari cerpen yang Anda baca.', NULL, NULL, $2),
       ($1, 'link', 'KBBI Daring', NULL, 'https://kbbi.kemdikbud.go.id/', NULL, $2)`,
    [current.id, guru],
  );
  if (book[0]) {
    await tx.query(`INSERT INTO meeting_materials (meeting_id, kind, title, book_id, created_by) VALUES ($1, 'book', 'Bacaan pekan ini', $2, $3)`, [current.id, book[0].id, guru]);
    await tx.query('INSERT INTO meeting_required_books (meeting_id, book_id, added_by) VALUES ($1, $2, $3)', [current.id, book[0].id, guru]);
  }
  const tomorrow = addDays(today, 1);
  await tx.query(
    `INSERT INTO assignments (meeting_id, title, instructions, due_at, created_by) VALUES ($1, 'Analisis unsur intrinsik', 'Tulis analisis unsur intrinsik bacaan pekan ini, paling sedikit 300 kata. Unggah PDF atau tulis langsung.', $2, $3)`,
    [current.id, schoolTimeToUtc(tomorrow, '20:00', 'Asia/Jakarta').toISOString(), guru],
  );
  const { rows: done } = await tx.query<{ id: string }>(
    `INSERT INTO assignments (meeting_id, title, instructions, due_at, created_by) VALUES ($1, 'Menulis puisi bebas', 'Tulis satu puisi bebas bertema sekolah.', $2, $3) RETURNING id`,
    [graded.id, new Date(new Date(graded.starts_at).getTime() + 2 * 86_400_000).toISOString(), guru],
  );
  await tx.query(
    `INSERT INTO assignment_deliveries (assignment_id, student_id, text, submitted_at, grade, grade_comment, graded_at, graded_by)
     VALUES ($1, $2, 'Di bawah pohon ketapang, kami belajar menunggu bel berbunyi…', $3, 90, 'Diksi Anda segar. Perhatikan tanda baca.', $4, $5)`,
    [done[0]!.id, siswa, new Date(graded.starts_at).toISOString(), new Date(Math.min(now.getTime(), new Date(graded.starts_at).getTime() + 86_400_000)).toISOString(), guru],
  );
  const eventDay = addDays(today, 2);
  const { rows: event } = await tx.query<{ id: string }>(
    `INSERT INTO personal_events (organizer_id, title, starts_at, ends_at, place, description) VALUES ($1, 'Diskusi buku bersama', $2, $3, 'Perpustakaan SMA Harapan Bangsa', 'Kita membahas bacaan pekan ini bersama. Bawa catatan Anda.') RETURNING id`,
    [guru, schoolTimeToUtc(eventDay, '14:00', 'Asia/Jakarta').toISOString(), schoolTimeToUtc(eventDay, '15:30', 'Asia/Jakarta').toISOString()],
  );
  await tx.query('INSERT INTO personal_event_participants (event_id, user_id) VALUES ($1, $2), ($1, $3)', [event[0]!.id, siswa, rina]);
  await notifyInvitation(tx, event[0]!.id, 'Diskusi buku bersama', guru, [siswa, rina]);
}
