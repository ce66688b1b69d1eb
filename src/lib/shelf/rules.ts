import type { BorrowShelfItem } from './schema.ts';
import { LOAN_DAYS } from '../contract/values.ts';
import { formatDate } from '../contract/format.ts';
import { SHELF_LIMITS } from './values.ts';

export { SHELF_LIMITS };

/*
 * Rules of the shelf (spec 02 §2.13, §9): tabs, page sizes, the days a loan has left, the offer's
 * time left. Pure functions: the pages, islands and API share them (reading progress: progress.ts).
 */

/** /book-history-list shows 20, then 20 more (spec 02 §9 "History lists"). */
export const HISTORY_GRID_PAGE = 20;
/** Items each tab of /shelf previews before its 'more' link. */
export const SHELF_PREVIEW = 6;


export const SHELF_TABS = ['borrow', 'queue', 'history', 'review'] as const;
export type ShelfTab = (typeof SHELF_TABS)[number];

/** The tabs shown: Queue is left out in DLS mode (spec 02 §2.13). */
export function shelfTabs(dlsMode: boolean): ShelfTab[] {
  return SHELF_TABS.filter((tab) => !(dlsMode && tab === 'queue'));
}

/** The `?tab=` of /shelf, or the first tab when it is missing, unknown or hidden. */
export function parseShelfTab(value: string | null, dlsMode: boolean): ShelfTab {
  const tabs = shelfTabs(dlsMode);
  return (tabs as string[]).includes(value ?? '') ? (value as ShelfTab) : tabs[0]!;
}

/** The page listing everything of a tab. */
export function moreHref(tab: ShelfTab): string {
  return { borrow: '/more-book-shelf', queue: '/more-book-queue', history: '/more-book-history', review: '/more-book-review' }[tab];
}

const DAY_MS = 86_400_000;

/**
 * Whole days until `due` counted by the calendar in `timeZone` (0 = due today, 1 = tomorrow);
 * negative once the day has passed.
 */
export function daysLeft(due: string | Date, now: Date, timeZone = 'Asia/Jakarta'): number {
  const day = (d: Date) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
    return Date.parse(`${parts}T00:00:00Z`);
  };
  return Math.round((day(new Date(due)) - day(now)) / DAY_MS);
}

/** Hours and minutes left until `until` (0 and 0 once it has passed). */
export function timeLeft(until: string | Date, now: Date): { hours: number; minutes: number } {
  const ms = Math.max(0, new Date(until).getTime() - now.getTime());
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A date and time as the shelf shows it: "Kamis, 3 Desember 2026 pukul 14.05 WIB" / "Thursday, 3 December 2026 at 14:05 WIB". */
export function formatDueDate(value: string | Date, lang: string, timeZone = 'Asia/Jakarta'): string {
  return formatDate(value, lang, 'full', timeZone);
}

/** When a loan becomes due once renewed: one loan period after its current due time, as the API extends it. */
export function renewedDueAt(loan: Pick<BorrowShelfItem, 'due_at'>): Date {
  return new Date(Date.parse(loan.due_at) + LOAN_DAYS * DAY_MS);
}

/** The loan without the renewal it used: can it be renewed now? Mirrors the API's rule. */
export function renewable(loan: Pick<BorrowShelfItem, 'renewed_at' | 'queue_count'>): boolean {
  return loan.renewed_at === null && loan.queue_count === 0;
}
