import type { TFunction } from 'i18next';
import { progressTexts, readingProgress as progressOf, type BookKind, type Progress } from './reading-progress.ts';

/*
 * Reading progress on lists (the shelf, the home page, histories): the readers' own rule
 * (`reading-progress.ts`), so a book shows the same "page N of M" and percent everywhere.
 */

/** A synced reading position: the page (or EPUB location) reached and how many there are. */
export interface ReadingPosition {
  last_page: number;
  total_page: number;
}

/**
 * The progress of a synced position of a book of this kind, as the readers show it (an EPUB's
 * locations become approximate pages). Null before the first sync or without a page count.
 */
export function readingProgress(progress: ReadingPosition | null | undefined, kind: BookKind | null = 'pdf'): Progress | null {
  if (!progress || !Number.isFinite(progress.total_page) || progress.total_page < 1) return null;
  return progressOf({ kind: kind ?? 'pdf', last_page: progress.last_page, total_page: progress.total_page });
}

/** The progress line: "Halaman 3 dari 14 · 21% dibaca" ("± halaman …" for EPUB), or "Belum mulai dibaca" before a sync. */
export function progressLabel(progress: ReadingPosition | null | undefined, kind: BookKind | null, t: TFunction): string {
  const view = readingProgress(progress, kind);
  if (!view) return t('shelf.progress.none');
  const texts = progressTexts(view, (key, params) => t(key, params ?? {}));
  return t('shelf.progress.line', { page: texts.page, percent: texts.percent });
}
