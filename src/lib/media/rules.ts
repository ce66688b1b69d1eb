import type { NewsHistoryItem } from '../articles/schema.ts';
import type { MediaHistoryItem } from './schema.ts';

/*
 * Rules of the article, video and audio pages (spec 03 §2.2–2.11, §9; spec 01 §5): page sizes,
 * limits, sorts, the audio skip and the teaser of a private article. Plain values, so islands,
 * pages and the API share them without reaching zod.
 */
import { formatDate } from '../contract/format.ts';
import { MEDIA_PAGE, MEDIA_SORTS, NEWS_PAGE, type MediaSort, type MediaType } from './values.ts';

export { MEDIA_PAGE, MEDIA_SORTS, NEWS_PAGE, type MediaSort, type MediaType };

/** ePustaka collections of video and audio: 20, then 20 more (spec 03 §2.7–2.8). */
export const COLLECTION_PAGE = { first: 20, step: 20 } as const;
/** Media histories: 12 a page (issue "Histories"). */
export const MEDIA_HISTORY_PAGE = 12;
/** Items of each kind the shelf's History tab shows before its 'see all' link. */
export const SHELF_CONTENT_PREVIEW = 4;


/** The largest audio (50 MB) and video (250 MB) file an upload may have (spec 01 §5). */
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 250 * 1024 * 1024;

/** The audio player's skip, clamped to the item (spec 03 §2.4). */
export const SKIP_SECONDS = 5;
/** Past this many characters an audio description folds behind "read more" (spec 03 §9). */
export const READ_MORE_CHARS = 241;
/** The video floats as a mini player below this share of it on screen (spec 03 §9). */
export const MINI_PLAYER_RATIO = 0.1;

/**
 * A private article's teaser: the characters that fill the spec's 200 px box (about five lines
 * of body text on a phone). The server cuts it; the rest never leaves the server.
 */
export const ARTICLE_TEASER_CHARS = 320;

/** The new position after skipping `delta` seconds from `current`, clamped to 0..duration. */
export function skipTo(current: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Math.max(0, current + delta);
  return Math.min(end, Math.max(0, current + delta));
}

/** The second to start at: an explicit `d` wins, then the saved place, unless it is at the very end. */
export function startPosition(d: number | null, saved: number | null, duration: number): number {
  if (d !== null && Number.isFinite(d) && d >= 0) return duration > 0 ? Math.min(d, duration) : d;
  if (saved !== null && saved > 0 && (duration <= 0 || saved < duration - 2)) return saved;
  return 0;
}

/** `mm:ss` or `h:mm:ss`. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** ISO 8601 duration for schema.org (`PT1M5S`). */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
}

/** `/article/{id}` or `/article/{id}/{epustaka}`; likewise video and audio. */
export function contentPath(kind: 'article' | MediaType, id: string, epustakaId?: string | null): string {
  return epustakaId ? `/${kind}/${id}/${epustakaId}` : `/${kind}/${id}`;
}

/** A date as the lists and pages show it, in WIB: `26 November 2026`. */
export function contentDate(iso: string, lang: string): string {
  return formatDate(iso, lang);
}

/** One row of an article, video or audio history as the history pages show it. */
export interface HistoryEntry {
  historyId: string;
  href: string;
  title: string;
  thumbnail: string | null;
  /** Seconds reached (media) or null (articles). */
  progress: number | null;
  duration: number | null;
  lastAccessedAt: string;
}

/** How much of an item was played, in whole percent (0–100), or null without a known length. */
export function playedPercent(progress: number | null, duration: number | null): number | null {
  if (progress === null || !duration || duration <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((progress / duration) * 100)));
}

/** Where an article history row leads: `/article/{collection_id}/{epustaka_id}` (spec 03 §2.10). */
export function articleHistoryHref(row: Pick<NewsHistoryItem, 'collection_id' | 'epustaka_id'>): string {
  return contentPath('article', row.collection_id, row.epustaka_id);
}

/** An article history row of the API as a {@link HistoryEntry}. */
export function articleHistoryEntry(row: NewsHistoryItem): HistoryEntry {
  return {
    historyId: row.history_id,
    href: articleHistoryHref(row),
    title: row.news_title,
    thumbnail: row.news_thumbnail_url,
    progress: null,
    duration: null,
    lastAccessedAt: row.last_accessed_at,
  };
}

/** A video or audio history row of the API as a {@link HistoryEntry}. */
export function mediaHistoryEntry(kind: MediaType, row: MediaHistoryItem): HistoryEntry {
  return {
    historyId: row.history_id,
    href: contentPath(kind, row.id, row.epustaka_id),
    title: row.media_title,
    thumbnail: row.media_thumbnail_url,
    progress: row.progress ?? 0,
    duration: row.media_duration ?? null,
    lastAccessedAt: row.last_accessed_at,
  };
}
