/*
 * Reading progress as a reader understands it, the same wherever it shows (the readers, the shelf,
 * the book page): percent read, "page N of M", and for an EPUB an approximate page count made from
 * its locations, with the time left from the reader's own speed.
 *
 * An EPUB has no pages: the ingest marks a location every LOCATION_CHARS characters, and the stored
 * progress of an EPUB (`last_page`, `total_page`) counts those locations.
 */

/** Characters between two EPUB locations (the ingest's epub.js locations). */
export const LOCATION_CHARS = 1024;
/** Characters on an approximate printed page. */
export const CHARS_PER_PAGE = 1500;
/** A reading speed before anything was measured: characters per minute (about 230 words). */
export const DEFAULT_CHARS_PER_MINUTE = 1300;
/** Speeds outside this range are glances or pauses, not reading. */
const SPEED_MIN = 200;
const SPEED_MAX = 6000;

export type BookKind = 'pdf' | 'epub';

/** A stored position: the page (PDF) or location (EPUB), 1-based, of `total`. */
export interface StoredProgress {
  kind: BookKind;
  last_page: number;
  total_page: number;
  /** A fixed-layout EPUB: each location is a page of its own, counted exactly. */
  fixedLayout?: boolean;
}

export interface Progress {
  /** Whole percent read, 0 to 100; 100 only on the last page. */
  percent: number;
  /** The page on screen and the page count; approximate for an EPUB. */
  page: number;
  total: number;
  approximate: boolean;
}

/** Pages an EPUB of `locations` locations would have in print, at least 1. */
export function approximatePages(locations: number): number {
  return Math.max(1, Math.ceil((Math.max(0, locations) * LOCATION_CHARS) / CHARS_PER_PAGE));
}

/** Whole percent of `position` out of `total` (both 1-based); the last one is 100, the first at least 0. */
export function percentRead(position: number, total: number): number {
  if (!(total > 0) || !(position > 0)) return 0;
  if (position >= total) return 100;
  return Math.min(99, Math.floor(((position - 1) / total) * 100 + 100 / total));
}

/**
 * The progress of a position. A PDF counts its pages; an EPUB's locations become approximate pages.
 * A position without a known total gives 0 % of page 1 of 1.
 */
export function readingProgress({ kind, last_page, total_page, fixedLayout }: StoredProgress): Progress {
  const total = Math.max(0, Math.floor(total_page || 0));
  const position = Math.min(Math.max(1, Math.floor(last_page || 1)), Math.max(1, total));
  if (total === 0) return { percent: 0, page: 1, total: 1, approximate: kind === 'epub' };
  const percent = percentRead(position, total);
  if (kind === 'pdf' || fixedLayout) return { percent, page: position, total, approximate: false };
  const pages = approximatePages(total);
  const page = position >= total ? pages : Math.min(pages, Math.max(1, Math.ceil((position / total) * pages)));
  return { percent, page, total: pages, approximate: true };
}

/** Minutes to read `locations` EPUB locations at `charsPerMinute` (at least 1 while anything is left). */
export function minutesLeft(locations: number, charsPerMinute: number): number {
  if (locations <= 0) return 0;
  const speed = charsPerMinute > 0 ? charsPerMinute : DEFAULT_CHARS_PER_MINUTE;
  return Math.max(1, Math.round((locations * LOCATION_CHARS) / speed));
}

/**
 * True when an EPUB location marks text: the ingest gives a page without text (a picture, an SVG
 * page) one location that points at its body, without a character offset.
 */
export function isTextLocation(cfi: string): boolean {
  return cfi.includes(':');
}

/** How many of the locations from index `from` up to (not including) `to` mark text. */
export function textLocations(locations: readonly string[], from: number, to: number): number {
  let count = 0;
  for (let i = Math.max(0, from); i < Math.min(to, locations.length); i++) if (isTextLocation(locations[i]!)) count += 1;
  return count;
}

/** A duration in minutes as whole hours and minutes. */
export function splitMinutes(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/**
 * The reader's speed after reading `locations` locations in `seconds`: a moving average of earlier
 * samples (`previous`, characters per minute, or null) and this one. Turns faster than a skim or
 * slower than a pause leave the speed as it was.
 */
export function updateSpeed(previous: number | null, locations: number, seconds: number): number | null {
  if (locations <= 0 || seconds <= 0) return previous;
  const sample = (locations * LOCATION_CHARS * 60) / seconds;
  if (sample < SPEED_MIN || sample > SPEED_MAX) return previous;
  return previous === null ? Math.round(sample) : Math.round(previous * 0.8 + sample * 0.2);
}

/** The spine position of an EPUB CFI (`epubcfi(/6/14[id]!…)` → 6, the 0-based item), or -1. */
export function spineIndexOfCfi(cfi: string): number {
  const step = /^epubcfi\(\/\d+\/(\d+)/.exec(cfi)?.[1];
  return step === undefined ? -1 : Number(step) / 2 - 1;
}

/**
 * The 0-based index of the first location after the spine item `spineIndex` in a book's ordered
 * locations (the end of the chapter), or the location count when it is the last.
 */
export function chapterEnd(locations: readonly string[], spineIndex: number): number {
  let low = 0;
  let high = locations.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spineIndexOfCfi(locations[mid]!) <= spineIndex) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A translate function (i18next's `t`), so the texts stay in the locale files. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A duration as the reader reads it: "25 mnt", "2 j", "2 j 5 mnt" (readingProgress.* texts). */
export function formatDuration(totalMinutes: number, t: Translate): string {
  const { hours, minutes } = splitMinutes(totalMinutes);
  if (hours === 0) return t('readingProgress.minutes', { minutes: Math.max(1, minutes) });
  if (minutes === 0) return t('readingProgress.hours', { hours });
  return t('readingProgress.hoursMinutes', { hours, minutes });
}

/** "12% dibaca" and "Halaman 5 dari 14" (or "± halaman 45 dari 853" for an EPUB), for any screen. */
export function progressTexts(progress: Progress, t: Translate): { percent: string; page: string } {
  return {
    percent: t('readingProgress.percent', { percent: progress.percent }),
    page: t(progress.approximate ? 'readingProgress.approxPageOf' : 'readingProgress.pageOf', { page: progress.page, total: progress.total }),
  };
}
