import type { UserBrief } from '../../src/lib/contract/users.ts';

/** A timestamp from either driver (a Date or a string) as an ISO 8601 string. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** A date column (`YYYY-MM-DD` from both drivers, or a Date) as `YYYY-MM-DD`. */
export function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

/** A numeric column (a string from both drivers) as a number. */
export function numberOrNull(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A byte count the Indonesian way: "850 B", "12,3 KB", "2,5 MB" (one decimal, 1 KB = 1024 B). */
export function fileSizeInfo(bytes: number | null): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = value.toFixed(1).replace(/\.0$/, '').replace('.', ',');
  return `${text} ${UNITS[unit]}`;
}

/** A user row joined with the caller's follow of them (`follow_id`, or null) as lists show it. */
export function toUserBrief(r: { id: string; name: string; avatar_url: string | null; follow_id: string | null }): UserBrief {
  return { id: r.id, name: r.name, avatar_url: r.avatar_url, followed: r.follow_id !== null, follow_id: r.follow_id };
}
