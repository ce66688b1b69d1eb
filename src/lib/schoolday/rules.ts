import { sniffImageType } from '../account/rules.ts';
import type { SchoolTimeZone } from '../schools/values.ts';
import { LESSON_HOURS, SCHOOL_DOCUMENT_MAX_BYTES, SCHOOL_IMAGE_MAX_BYTES, ZONE_OFFSET_HOURS } from './values.ts';
import { formatDate } from '../contract/format.ts';

/*
 * Pure rules of the school day: turning a school's local date and time into UTC and back (each
 * Indonesian zone is a fixed offset), the week a date falls in, and what an uploaded file is.
 */

const DAY_MS = 86_400_000;

/** The UTC instant of `date` (YYYY-MM-DD) at `time` (HH:MM) on the school's clock. */
export function schoolTimeToUtc(date: string, time: string, zone: SchoolTimeZone): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return new Date(midnight + (h * 60 + m) * 60_000 - ZONE_OFFSET_HOURS[zone] * 3_600_000);
}

/** The school's local date (YYYY-MM-DD) and time (HH:MM) at an instant. */
export function schoolClock(at: Date | string, zone: SchoolTimeZone): { date: string; time: string; day: number } {
  const local = new Date(new Date(at).getTime() + ZONE_OFFSET_HOURS[zone] * 3_600_000);
  const iso = local.toISOString();
  const day = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), day };
}

/** The Monday (YYYY-MM-DD) of the ISO week `date` falls in. */
export function mondayOf(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  const weekday = new Date(at).getUTCDay() || 7;
  return new Date(at - (weekday - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** `date` moved by `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local start and end time of lesson hours `from`..`to` (1-based, inclusive). */
export function lessonSpan(from: number, to: number): { start: string; end: string } {
  return { start: LESSON_HOURS[from - 1]!.start, end: LESSON_HOURS[to - 1]!.end };
}

/** True when two ranges of lesson hours share at least one hour. */
export function lessonsOverlap(a: { lesson_from: number; lesson_to: number }, b: { lesson_from: number; lesson_to: number }): boolean {
  return a.lesson_from <= b.lesson_to && b.lesson_from <= a.lesson_to;
}

/** What a handed-in or material file is, by its signature; null for anything else. */
export type SchoolFileType =
  | 'application/pdf'
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const OFFICE_TYPES: [string, SchoolFileType][] = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
];

/**
 * The file's type from its first bytes, never from its name: a PDF (`%PDF-`), a JPG, PNG or GIF,
 * or an Office document (a ZIP holding `word/`, `ppt/` or `xl/` parts).
 */
export function sniffSchoolFile(bytes: Uint8Array): SchoolFileType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.startsWith('%PDF-')) return 'application/pdf';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const names = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
    for (const [part, type] of OFFICE_TYPES) if (names.includes(part)) return type;
  }
  return null;
}

/** The most bytes a file of this type may have: pictures 2 MB, documents 20 MB. */
export function schoolFileLimit(type: SchoolFileType): number {
  return type.startsWith('image/') ? SCHOOL_IMAGE_MAX_BYTES : SCHOOL_DOCUMENT_MAX_BYTES;
}

const ZONE_OF_LABEL: Record<string, SchoolTimeZone> = { WIB: 'Asia/Jakarta', WITA: 'Asia/Makassar', WIT: 'Asia/Jayapura' };

/** The zone a label (WIB, WITA, WIT) names; WIB for anything else. */
export function zoneOfLabel(label: string): SchoolTimeZone {
  return ZONE_OF_LABEL[label] ?? 'Asia/Jakarta';
}

/**
 * A date and clock time typed on the school's clock as an ISO instant in UTC, e.g. 2026-12-02
 * 09:00 WIT is "2026-12-02T00:00:00.000Z"; null when either is not a valid date or time.
 */
export function schoolInputToIso(date: string, time: string, zoneLabel: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  return schoolTimeToUtc(date, time, zoneOfLabel(zoneLabel)).toISOString();
}

/** An instant on the school's clock with its zone's name, e.g. "Senin, 30 November 2026 pukul 20.00 WIB". */
export function formatSchoolTime(iso: string, zoneLabel: string, lang: string): string {
  return formatDate(iso, lang, 'full', zoneOfLabel(zoneLabel));
}

/** A school date (YYYY-MM-DD) as "30 November 2026". */
export function formatSchoolDate(date: string, lang: string): string {
  return formatDate(`${date}T00:00:00Z`, lang, 'date', 'UTC');
}
