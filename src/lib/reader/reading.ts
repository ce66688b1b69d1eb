import type { ReadingDurations, ReadingProgressEntry, StoredBookmark } from '../shell/app-store.ts';
import { shorten } from '../contract/shorten.ts';
import { timeZoneLabel } from '../contract/format.ts';

export { timeZoneLabel };

/** A page's time counts only from this many seconds on, unless it already has time (spec 02 §5). */
export const MIN_PAGE_SECONDS = 5;
/** Citations are cut to this many characters (spec 02 §5). */
export const CITATION_MAX = 525;
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.25;

/** The page to open at: `lastpage` when 1 < lastpage ≤ pages, else 1 (spec 02 §4.7). */
export function startPage(lastpage: number | null | undefined, pages: number): number {
  return lastpage && Number.isInteger(lastpage) && lastpage > 1 && lastpage <= pages ? lastpage : 1;
}

export function nextZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM_STEP) / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}

/**
 * Adds `seconds` spent on `page` to a book's pending durations. A page without time yet needs at
 * least {@link MIN_PAGE_SECONDS}; a page that has time gets any amount added. Durations of another
 * book are replaced (they are synced before a book opens).
 */
export function addPageDuration(current: ReadingDurations | null, bookId: string, page: number, seconds: number): ReadingDurations | null {
  const whole = Math.floor(seconds);
  const entries = current && current.book_id === bookId ? current.page_duration : [];
  const existing = entries.find((entry) => entry.page === page);
  if (whole <= 0 || (!existing && whole < MIN_PAGE_SECONDS)) return current;
  const page_duration = existing
    ? entries.map((entry) => (entry.page === page ? { page, duration: entry.duration + whole } : entry))
    : [...entries, { page, duration: whole }];
  return { book_id: bookId, page_duration };
}

/** The label of a bookmark: 'Page N'. */
export function bookmarkLabel(page: number): string {
  return `Page ${page}`;
}

/** The description of a bookmark as the bookmark tab lists it: 'Page N | title' (spec 02 §2.14). */
export function bookmarkDescription(page: number, title: string): string {
  return `${bookmarkLabel(page)} | ${title}`;
}

/** Adds a bookmark for the page, or removes it when the book already has one there (spec 02 §4.7). */
export function toggleBookmark(list: StoredBookmark[], bookId: string, page: number, title: string): StoredBookmark[] {
  if (list.some((b) => b.book_id === bookId && b.page === page)) return list.filter((b) => !(b.book_id === bookId && b.page === page));
  const added: StoredBookmark = { book_id: bookId, page, bookmark_label: bookmarkLabel(page), description: bookmarkDescription(page, title), title };
  return [...list, added].sort((a, b) => (a.book_id === b.book_id ? a.page - b.page : a.book_id.localeCompare(b.book_id)));
}

/** A book's bookmarks as sent to sync-bookmark: without ids, one per page. */
export function bookmarksForSync(list: StoredBookmark[], bookId: string): Omit<StoredBookmark, 'id'>[] {
  const seen = new Set<number>();
  return list
    .filter((b) => b.book_id === bookId && !seen.has(b.page) && seen.add(b.page))
    .map(({ id: _id, ...rest }) => rest);
}

/**
 * True when the progress held in this browser belongs to another book or another reading of it,
 * as when another tab opened a book (spec 02 §4.7).
 */
export function progressConflicts(stored: ReadingProgressEntry | null, bookId: string, readingId: string | null): boolean {
  if (!stored) return false;
  if (stored.book_id !== bookId) return true;
  return Boolean(stored.reading_id && readingId && stored.reading_id !== readingId);
}

/** What the reader knows about the book read last when another book opens. */
export interface LastReadFacts {
  /** The reader was opened from a generic entry (`/read`), not from the book the user chose. */
  genericEntry: boolean;
  /** The browser has no network. */
  offline: boolean;
  /** The last book is saved on this device for reading offline. */
  savedOffline: boolean;
  /** The caller may read the last book now (a loan open, or an open book); null when unknown. */
  readableNow: boolean | null;
}

/**
 * Whether the reader asks to continue the book read last: only when the reader was opened from a
 * generic entry (a book the user just chose is never interrupted), and only for a book that can
 * still be read: offline, one saved on this device; online, one the caller may read now.
 */
export function offersLastRead(facts: LastReadFacts): boolean {
  if (!facts.genericEntry) return false;
  if (facts.offline) return facts.savedOffline;
  return facts.readableNow === true;
}

/** Citation text cut to {@link CITATION_MAX} characters (graphemes), with no ellipsis. */
export function cutCitation(text: string): string {
  return shorten(text.replace(/\s+/g, ' ').trim(), CITATION_MAX, { ellipsis: '' });
}

export interface CitationFields {
  content: string;
  title: string;
  author: string | null;
  publisher: string | null;
  year: string | null;
  page: number;
}

export interface CitationLabels {
  title: string;
  author: string;
  publisher: string;
  year: string;
  page: string;
  cited: string;
  months: readonly string[];
}

/**
 * The text copied for a citation (spec 02 §8): the quote, then title, author, publisher, year, page,
 * and the date and time it was cited in the reader's zone, labelled WIB, WITA or WIT.
 */
export function formatCitation(fields: CitationFields, labels: CitationLabels, at: Date, offsetMinutes = -at.getTimezoneOffset()): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const when =
    `${local.getUTCDate()} ${labels.months[local.getUTCMonth()]} ${local.getUTCFullYear()}, ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())} ${timeZoneLabel(offsetMinutes)}`;
  const dash = (value: string | null) => (value && value.trim() ? value : '-');
  return [
    `"${cutCitation(fields.content)}"`,
    '',
    `${labels.title}: ${fields.title}`,
    `${labels.author}: ${dash(fields.author)}`,
    `${labels.publisher}: ${dash(fields.publisher)}`,
    `${labels.year}: ${dash(fields.year)}`,
    `${labels.page}: ${fields.page}`,
    `${labels.cited}: ${when}`,
  ].join('\n');
}
