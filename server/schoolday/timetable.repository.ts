import type { Queryable } from '../db/client.ts';
import type { SchoolTimeZone } from '../../src/lib/schools/values.ts';
import type { MeetingSummary } from '../../src/lib/schoolday/schema.ts';
import { addDays, lessonSpan, schoolTimeToUtc } from '../../src/lib/schoolday/rules.ts';
import { ZONE_LABEL } from '../../src/lib/schoolday/values.ts';

/*
 * The weekly timetable of classes and its dated meetings. A meeting is made the first time its
 * week is looked at (or something is added to it): one row per slot and date, so its id stays the
 * same for materials, assignments, attendance and the links notifications carry.
 */

/** A timetable slot as stored. */
export interface SlotRow {
  id: string;
  class_id: string;
  day_of_week: number;
  lesson_from: number;
  lesson_to: number;
  subject_id: string;
  teacher_id: string;
  room: string | null;
  online_link: string | null;
}

/** The classes a person teaches or studies in (approved at the school), with the school's zone. */
export async function classesOfUser(db: Queryable, userId: string): Promise<{ id: string; name: string; role: 'teacher' | 'student'; time_zone: SchoolTimeZone }[]> {
  const { rows } = await db.query<{ id: string; name: string; role: 'teacher' | 'student'; time_zone: SchoolTimeZone }>(
    `SELECT c.id, c.name, cm.role, s.time_zone
       FROM class_members cm JOIN classes c ON c.id = cm.class_id JOIN schools s ON s.id = c.school_id
       JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = cm.user_id AND sm.status = 1
      WHERE cm.user_id = $1 ORDER BY c.name`,
    [userId],
  );
  return rows;
}

/** Locks the class row so checks and inserts of its slots run one at a time; null for none. */
export async function lockClass(tx: Queryable, classId: string): Promise<{ school_id: string; time_zone: SchoolTimeZone } | null> {
  const { rows } = await tx.query<{ school_id: string; time_zone: SchoolTimeZone }>(
    `SELECT c.school_id, s.time_zone FROM classes c JOIN schools s ON s.id = c.school_id WHERE c.id = $1 FOR UPDATE OF c`,
    [classId],
  );
  return rows[0] ?? null;
}

/** The class's slots on one day, other than `exceptId`. */
export async function slotsOfDay(tx: Queryable, classId: string, day: number, exceptId: string | null): Promise<SlotRow[]> {
  const { rows } = await tx.query<SlotRow>(
    'SELECT * FROM timetable_slots WHERE class_id = $1 AND day_of_week = $2 AND ($3::uuid IS NULL OR id <> $3)',
    [classId, day, exceptId],
  );
  return rows;
}

/** A class's slots with their subject's name, by day and hour. */
export async function slotsOfClass(db: Queryable, classId: string): Promise<(SlotRow & { subject: string })[]> {
  const { rows } = await db.query<SlotRow & { subject: string }>(
    'SELECT t.*, s.name AS subject FROM timetable_slots t JOIN subjects s ON s.id = t.subject_id WHERE t.class_id = $1 ORDER BY t.day_of_week, t.lesson_from',
    [classId],
  );
  return rows;
}

/** The subjects of the schools of these classes, by name. */
export async function subjectsOfClasses(db: Queryable, classIds: string[]): Promise<{ id: string; name: string }[]> {
  if (classIds.length === 0) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT DISTINCT s.id, s.name FROM subjects s JOIN classes c ON c.school_id = s.school_id WHERE c.id = ANY($1::uuid[]) ORDER BY s.name',
    [classIds],
  );
  return rows;
}

/** True when the subject belongs to the school. */
export async function subjectOfSchool(db: Queryable, subjectId: string, schoolId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM subjects WHERE id = $1 AND school_id = $2', [subjectId, schoolId]);
  return rows.length > 0;
}

/** Inserts a slot. */
export async function insertSlot(tx: Queryable, slot: Omit<SlotRow, 'id'>): Promise<SlotRow> {
  const { rows } = await tx.query<SlotRow>(
    `INSERT INTO timetable_slots (class_id, day_of_week, lesson_from, lesson_to, subject_id, teacher_id, room, online_link)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [slot.class_id, slot.day_of_week, slot.lesson_from, slot.lesson_to, slot.subject_id, slot.teacher_id, slot.room, slot.online_link],
  );
  return rows[0]!;
}

/** Changes a slot's day, hours, subject, room and link. */
export async function updateSlot(tx: Queryable, id: string, slot: Omit<SlotRow, 'id' | 'class_id' | 'teacher_id'>): Promise<SlotRow> {
  const { rows } = await tx.query<SlotRow>(
    `UPDATE timetable_slots SET day_of_week = $2, lesson_from = $3, lesson_to = $4, subject_id = $5, room = $6, online_link = $7
      WHERE id = $1 RETURNING *`,
    [id, slot.day_of_week, slot.lesson_from, slot.lesson_to, slot.subject_id, slot.room, slot.online_link],
  );
  return rows[0]!;
}

/** A slot by id. */
export async function findSlot(db: Queryable, id: string): Promise<SlotRow | null> {
  const { rows } = await db.query<SlotRow>('SELECT * FROM timetable_slots WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Deletes a slot with its meetings. */
export async function deleteSlot(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM timetable_slots WHERE id = $1', [id]);
}

/** Moves the slot's meetings that have not started to its new day and hours, in their own week. */
export async function moveUpcomingMeetings(tx: Queryable, slot: SlotRow, zone: SchoolTimeZone, now: Date): Promise<void> {
  const { rows } = await tx.query<{ id: string; monday: string }>(
    `SELECT id, to_char(date - (extract(isodow FROM date)::int - 1), 'YYYY-MM-DD') AS monday FROM meetings WHERE slot_id = $1 AND starts_at > $2`,
    [slot.id, now.toISOString()],
  );
  const span = lessonSpan(slot.lesson_from, slot.lesson_to);
  for (const m of rows) {
    const date = addDays(m.monday, slot.day_of_week - 1);
    await tx.query('UPDATE meetings SET date = $2, starts_at = $3, ends_at = $4 WHERE id = $1', [
      m.id,
      date,
      schoolTimeToUtc(date, span.start, zone).toISOString(),
      schoolTimeToUtc(date, span.end, zone).toISOString(),
    ]);
  }
}

/** Makes the meetings of the classes' slots in the week from `monday`, each once. */
export async function ensureMeetings(db: Queryable, classIds: string[], monday: string): Promise<void> {
  if (classIds.length === 0) return;
  const { rows } = await db.query<SlotRow & { time_zone: SchoolTimeZone }>(
    `SELECT t.*, s.time_zone FROM timetable_slots t JOIN classes c ON c.id = t.class_id JOIN schools s ON s.id = c.school_id
      WHERE t.class_id = ANY($1::uuid[])`,
    [classIds],
  );
  if (rows.length === 0) return;
  const slots: string[] = [];
  const classes: string[] = [];
  const dates: string[] = [];
  const starts: string[] = [];
  const ends: string[] = [];
  for (const slot of rows) {
    const date = addDays(monday, slot.day_of_week - 1);
    const span = lessonSpan(slot.lesson_from, slot.lesson_to);
    slots.push(slot.id);
    classes.push(slot.class_id);
    dates.push(date);
    starts.push(schoolTimeToUtc(date, span.start, slot.time_zone).toISOString());
    ends.push(schoolTimeToUtc(date, span.end, slot.time_zone).toISOString());
  }
  await db.query(
    `INSERT INTO meetings (slot_id, class_id, date, starts_at, ends_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::timestamptz[], $5::timestamptz[])
     ON CONFLICT (slot_id, date) DO NOTHING`,
    [slots, classes, dates, starts, ends],
  );
}

const MEETING_COLUMNS = `m.id, m.class_id, c.name AS class_name, sub.name AS subject, COALESCE(sm.full_name, u.name) AS teacher_name,
  to_char(m.date, 'YYYY-MM-DD') AS date, t.day_of_week, t.lesson_from, t.lesson_to, m.starts_at, m.ends_at, t.room, t.online_link, s.time_zone`;
const MEETING_FROM = `meetings m JOIN timetable_slots t ON t.id = m.slot_id JOIN classes c ON c.id = m.class_id
  JOIN schools s ON s.id = c.school_id JOIN subjects sub ON sub.id = t.subject_id JOIN users u ON u.id = t.teacher_id
  LEFT JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = t.teacher_id`;

type MeetingRow = Omit<MeetingSummary, 'start' | 'end' | 'zone' | 'starts_at' | 'ends_at'> & { starts_at: Date | string; ends_at: Date | string; time_zone: SchoolTimeZone };

function toSummary(row: MeetingRow): MeetingSummary {
  const span = lessonSpan(row.lesson_from, row.lesson_to);
  const { time_zone, ...rest } = row;
  return { ...rest, start: span.start, end: span.end, starts_at: new Date(row.starts_at).toISOString(), ends_at: new Date(row.ends_at).toISOString(), zone: ZONE_LABEL[time_zone] };
}

/** The meetings of the classes between two instants, earliest first. */
export async function meetingsBetween(db: Queryable, classIds: string[], from: Date, to: Date): Promise<MeetingSummary[]> {
  if (classIds.length === 0) return [];
  const { rows } = await db.query<MeetingRow>(
    `SELECT ${MEETING_COLUMNS} FROM ${MEETING_FROM}
      WHERE m.class_id = ANY($1::uuid[]) AND m.ends_at > $2 AND m.starts_at < $3 ORDER BY m.starts_at, c.name`,
    [classIds, from.toISOString(), to.toISOString()],
  );
  return rows.map(toSummary);
}

/** One meeting; null when there is none. */
export async function findMeeting(db: Queryable, id: string): Promise<MeetingSummary | null> {
  const { rows } = await db.query<MeetingRow>(`SELECT ${MEETING_COLUMNS} FROM ${MEETING_FROM} WHERE m.id = $1`, [id]);
  return rows[0] ? toSummary(rows[0]) : null;
}

/** The enrolled students of a class (approved at the school), by name. */
export async function studentsOfClass(db: Queryable, classId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT u.id, COALESCE(sm.full_name, u.name) AS name FROM class_members cm JOIN users u ON u.id = cm.user_id
       JOIN classes c ON c.id = cm.class_id JOIN school_members sm ON sm.school_id = c.school_id AND sm.user_id = u.id AND sm.status = 1
      WHERE cm.class_id = $1 AND cm.role = 'student' ORDER BY name`,
    [classId],
  );
  return rows;
}
