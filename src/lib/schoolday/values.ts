import type { SchoolTimeZone } from '../schools/values.ts';

/*
 * Plain values of the school day, shared by the API and the pages: the bell schedule of lesson
 * hours, the zones' labels and offsets, attendance marks, material kinds and upload limits.
 */

/** Days of the week as ISO numbers: 1 Monday … 7 Sunday. A school week is Monday to Saturday. */
export const SCHOOL_DAYS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The bell schedule: lesson hour (jam pelajaran) n starts and ends at these local times. 45
 * minutes each from 07:00, a break after the 3rd (09:15–09:30) and the 6th (11:45–12:15).
 */
export const LESSON_HOURS: readonly { start: string; end: string }[] = [
  { start: '07:00', end: '07:45' },
  { start: '07:45', end: '08:30' },
  { start: '08:30', end: '09:15' },
  { start: '09:30', end: '10:15' },
  { start: '10:15', end: '11:00' },
  { start: '11:00', end: '11:45' },
  { start: '12:15', end: '13:00' },
  { start: '13:00', end: '13:45' },
  { start: '13:45', end: '14:30' },
  { start: '14:30', end: '15:15' },
];

/** Hours ahead of UTC of each Indonesian zone (none keeps summer time) and its label. */
export const ZONE_OFFSET_HOURS: Record<SchoolTimeZone, number> = { 'Asia/Jakarta': 7, 'Asia/Makassar': 8, 'Asia/Jayapura': 9 };
export const ZONE_LABEL: Record<SchoolTimeZone, string> = { 'Asia/Jakarta': 'WIB', 'Asia/Makassar': 'WITA', 'Asia/Jayapura': 'WIT' };

/** A student's attendance at a meeting; `not_yet` until the teacher marks it (no row). */
export const ATTENDANCE_MARKS = ['present', 'permit', 'sick', 'alpha'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
export type AttendanceStatus = AttendanceMark | 'not_yet';

/** What a meeting's material is: a text, a link, an uploaded file, a book of the library, a quiz of the class, or an article of the library. */
export const MATERIAL_KINDS = ['text', 'link', 'file', 'book', 'quiz', 'article'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** An invitee's answer to a personal event. */
export const PARTICIPANT_STATUSES = ['invited', 'accepted', 'declined'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Upload limits: a picture as every picture (2 MB), a document as a book file (20 MB). */
export const SCHOOL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SCHOOL_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** An assignment due within this many hours is announced to the students who have not handed in. */
export const ASSIGNMENT_DUE_NOTICE_HOURS = 24;

/** The longest text of a hand-in, a material or a description. */
export const SCHOOL_TEXT_MAX = 10_000;
