import type { BookProgress } from './schema.ts';

/*
 * Pure rules of the reading pages: time read in hours and minutes, a position as a share of the
 * book, and the pages of a paged list.
 */

/** Seconds as whole hours and the minutes left over (rounded down: 59 s is 0 minutes). */
export function readingTime(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** How far into the book, 0–100 (rounded down, so 100 only at the last page); null without a known length. */
export function progressPercent(progress: BookProgress | null | undefined): number | null {
  if (!progress || progress.total_page <= 0) return null;
  return Math.min(100, Math.floor((Math.min(progress.last_page, progress.total_page) / progress.total_page) * 100));
}

/** The page a list shows (1-based), how many there are, and the offsets of the pages before and after (null at either end). */
export function pagesOf(total: number, limit: number, offset: number): { page: number; pages: number; previous: number | null; next: number | null } {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  return {
    page,
    pages,
    previous: offset > 0 ? Math.max(0, offset - limit) : null,
    next: offset + limit < total ? offset + limit : null,
  };
}

/** The offset of a 1-based `page` query value; anything else is the first page. */
export function offsetOfPage(value: string | null, limit: number): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? (page - 1) * limit : 0;
}
