import { z } from 'zod';
import { uuidField as id } from '../contract/params.ts';
import { ATTENDANCE_MARKS, LESSON_HOURS, SCHOOL_TEXT_MAX, type AttendanceStatus, type MaterialKind, type ParticipantStatus } from './values.ts';

/*
 * The school day's contract: the timetable, meetings with their materials, required reading and
 * assignments, hand-ins and grades, attendance and personal events. Inputs are zod schemas the API
 * validates with; responses are interfaces. Times are ISO 8601 UTC; `date` and `start`/`end` are
 * the school's own date and clock.
 */

const title = z.string({ error: 'title_required' }).trim().min(1, { error: 'title_required' }).max(200, { error: 'title_too_long' });
const longText = z.string().trim().max(SCHOOL_TEXT_MAX, { error: 'text_too_long' });
const webLink = z
  .string()
  .trim()
  .max(2000, { error: 'invalid_link' })
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { error: 'invalid_link' });
const isoTime = z.iso.datetime({ offset: true, error: 'invalid_time' });
const lessonHour = z.number({ error: 'invalid_lesson_hour' }).int({ error: 'invalid_lesson_hour' }).min(1, { error: 'invalid_lesson_hour' }).max(LESSON_HOURS.length, { error: 'invalid_lesson_hour' });

/** GET webhook/mandatory-book-list: a meeting's required books, or without `id` the caller's required reading. */
export const requiredBookQuerySchema = z.object({ id: id('invalid_id').optional() });

/** `?id=` of a meeting, an assignment, a hand-in, a material or an event. */
export const idQuerySchema = z.object({ id: id('invalid_id') });

/** GET webhook/schedule-list: the week (Monday to Saturday) holding `date` (default today), of one class or all the caller's. */
export const scheduleListQuerySchema = z.object({
  date: z.iso.date({ error: 'invalid_date' }).optional(),
  class_id: id('invalid_class_id').optional(),
});
export type ScheduleListQuery = z.input<typeof scheduleListQuerySchema>;

/** POST webhook/timetable-slot: a weekly lesson of a class; PATCH with `id` moves or changes it. */
export const timetableSlotSchema = z
  .object({
    class_id: id('invalid_class_id'),
    day_of_week: z.number({ error: 'invalid_day' }).int({ error: 'invalid_day' }).min(1, { error: 'invalid_day' }).max(6, { error: 'invalid_day' }),
    lesson_from: lessonHour,
    lesson_to: lessonHour,
    subject_id: id('invalid_subject_id'),
    room: z.string().trim().max(100, { error: 'invalid_room' }).optional(),
    online_link: webLink.optional(),
  })
  .refine((slot) => slot.lesson_to >= slot.lesson_from, { error: 'invalid_lesson_hour', path: ['lesson_to'] });
export type TimetableSlotInput = z.input<typeof timetableSlotSchema>;

/** POST webhook/subject-material: a text, a link, a library book, a published quiz of the class or an article of a public library (files go to subject-material-file). */
export const materialSchema = z.discriminatedUnion('kind', [
  z.object({ meeting_id: id('invalid_meeting_id'), kind: z.literal('text'), title, body: longText.min(1, { error: 'text_required' }) }),
  z.object({ meeting_id: id('invalid_meeting_id'), kind: z.literal('link'), title, url: webLink }),
  z.object({ meeting_id: id('invalid_meeting_id'), kind: z.literal('book'), title: title.optional(), book_id: id('invalid_book_id') }),
  z.object({ meeting_id: id('invalid_meeting_id'), kind: z.literal('quiz'), title: title.optional(), quiz_id: id('invalid_quiz_id') }),
  z.object({ meeting_id: id('invalid_meeting_id'), kind: z.literal('article'), title: title.optional(), article_id: id('invalid_article_id') }),
], { error: 'invalid_kind' });
export type MaterialInput = z.input<typeof materialSchema>;

/** GET webhook/schoolday-article-list: articles a teacher may add as a material, searched by title. */
export const articleSearchQuerySchema = z.object({ q: z.string().trim().max(100, { error: 'invalid_q' }).optional() });

/** An article that may be added as a material, opened on /article/{id}. */
export interface MaterialArticle {
  id: string;
  title: string;
}

/** POST webhook/mandatory-book: a catalogue book the class must read for a meeting. */
export const mandatoryBookSchema = z.object({ meeting_id: id('invalid_meeting_id'), book_id: id('invalid_book_id') });

/** POST webhook/assignment. */
export const assignmentSchema = z.object({ meeting_id: id('invalid_meeting_id'), title, instructions: longText.optional(), due_at: isoTime });
export type AssignmentInput = z.input<typeof assignmentSchema>;

/** PATCH webhook/assignment: closes it to late hand-ins or opens it again, or moves its deadline. */
export const assignmentUpdateSchema = z.object({ id: id('invalid_id'), closed: z.boolean({ error: 'invalid_closed' }).optional(), due_at: isoTime.optional() });

/** POST webhook/assignment-grade: a whole-number grade 0–100 with an optional comment. */
export const gradeSchema = z.object({
  id: id('invalid_id'),
  grade: z.number({ error: 'invalid_grade' }).int({ error: 'invalid_grade' }).min(0, { error: 'invalid_grade' }).max(100, { error: 'invalid_grade' }),
  comment: longText.optional(),
});

/** POST webhook/attendance: the teacher's marks for students of the meeting's class. */
export const attendanceSchema = z.object({
  meeting_id: id('invalid_meeting_id'),
  entries: z
    .array(z.object({ user_id: id('invalid_user_id'), status: z.enum(ATTENDANCE_MARKS, { error: 'invalid_attendance' }) }), { error: 'invalid_entries' })
    .min(1, { error: 'invalid_entries' })
    .max(100, { error: 'invalid_entries' }),
});
export type AttendanceInput = z.input<typeof attendanceSchema>;

/**
 * POST webhook/personal-event. `starts_at` and `ends_at` carry their offset: the page sends the
 * organiser's school clock with its zone's offset, and the server keeps the instant in UTC. The
 * end comes after the start.
 */
export const personalEventSchema = z
  .object({
    title,
    starts_at: isoTime,
    ends_at: isoTime,
    place: z.string().trim().max(200, { error: 'invalid_place' }).optional(),
    link: webLink.optional(),
    description: longText.optional(),
    invitee_ids: z.array(id('invalid_user_id'), { error: 'invalid_invitees' }).max(100, { error: 'invalid_invitees' }).default([]),
  })
  .refine((e) => Date.parse(e.ends_at) > Date.parse(e.starts_at), { error: 'end_before_start', path: ['ends_at'] });
export type PersonalEventInput = z.input<typeof personalEventSchema>;

/** POST webhook/personal-event-response: an invitee accepts or declines. */
export const eventResponseSchema = z.object({ id: id('invalid_id'), status: z.enum(['accepted', 'declined'], { error: 'invalid_status' }) });

/** A meeting as lists show it. */
export interface MeetingSummary {
  id: string;
  class_id: string;
  class_name: string;
  subject: string;
  teacher_name: string;
  date: string;
  day_of_week: number;
  lesson_from: number;
  lesson_to: number;
  start: string;
  end: string;
  starts_at: string;
  ends_at: string;
  room: string | null;
  online_link: string | null;
  zone: string;
}

/** A meeting's material. */
export interface Material {
  id: string;
  kind: MaterialKind;
  title: string;
  body: string | null;
  url: string | null;
  book: { id: string; title: string; epustaka_id: string | null } | null;
  file: { name: string; type: string; size: number } | null;
  /** A quiz of the class, opened on /quiz/detail/{id}. */
  quiz: { id: string; title: string } | null;
  /** An article of the library, opened on /article/{id}. */
  article: MaterialArticle | null;
  created_at: string;
}

/** A required book of a meeting, with where it can be borrowed or read. */
export interface RequiredBook {
  book_id: string;
  title: string;
  author: string | null;
  epustaka_id: string | null;
}

/** A book a student must read, with the meeting that requires it (their shelf's required reading). */
export interface RequiredReading extends RequiredBook {
  meeting_id: string;
  subject: string;
  date: string;
}

/** A hand-in, as its student or the class's teachers see it. */
export interface Delivery {
  id: string;
  assignment_id: string;
  student: { id: string; name: string };
  text: string | null;
  file: { name: string; type: string; size: number } | null;
  submitted_at: string;
  late: boolean;
  reopened: boolean;
  grade: number | null;
  comment: string | null;
  graded_at: string | null;
}

/** An assignment of a meeting; for a student with their own hand-in, for a teacher with counts. */
export interface Assignment {
  id: string;
  meeting_id: string;
  title: string;
  instructions: string | null;
  due_at: string;
  closed: boolean;
  delivery?: Delivery | null;
  delivered_count?: number;
}

/** A student's attendance at a meeting. */
export interface AttendanceRow {
  user_id: string;
  name: string;
  status: AttendanceStatus;
}

/** GET webhook/schedule-detail-student and schedule-detail-teacher. */
export interface MeetingDetail {
  meeting: MeetingSummary;
  role: 'teacher' | 'student';
  materials: Material[];
  books: RequiredBook[];
  assignments: Assignment[];
  attendance: AttendanceStatus | null;
  students?: AttendanceRow[];
  /** For teachers: the class's published quizzes, which may be added as materials. */
  quizzes?: { id: string; title: string }[];
}

/** A personal event with its organiser and the caller's answer. */
export interface PersonalEvent {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  place: string | null;
  link: string | null;
  description: string | null;
  organizer: { id: string; name: string };
  my_status: ParticipantStatus | 'organizer';
  /** The zone the event is shown in: its organiser's school's (WIB, WITA or WIT). */
  zone: string;
}

/** An invitee of a personal event. */
export interface Participant {
  user_id: string;
  name: string;
  status: ParticipantStatus;
}

/** GET webhook/schedule-today: the lesson now and the next one, assignments due and the day's events. */
export interface ScheduleToday {
  zone: string;
  /** How many classes the caller teaches or studies in (0: no school agenda to show). */
  class_count: number;
  date: string;
  current: MeetingSummary | null;
  next: MeetingSummary | null;
  due: (Assignment & { class_name: string; subject: string })[];
  events: PersonalEvent[];
}

/** GET webhook/schedule-list. */
export interface ScheduleWeek {
  zone: string;
  monday: string;
  classes: { id: string; name: string; role: 'teacher' | 'student' }[];
  /** The subjects of the caller's school, for a teacher's timetable form (empty for students). */
  subjects: { id: string; name: string }[];
  meetings: MeetingSummary[];
  /** The zone of the caller's school, in which they set up events; null when they are in no school (no events to set up). */
  event_zone: string | null;
}

/** GET webhook/school-people: someone of the caller's schools who may be invited. */
export interface InvitablePerson {
  id: string;
  name: string;
  role: string;
}
