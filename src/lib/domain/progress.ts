import type { TFunction } from 'i18next';

/*
 * Reading progress as readers understand it: "page N of M" and the share read. One pure rule for
 * everywhere progress shows (the shelf, the home page, the readers, the book page).
 */

/** A synced reading position: the page (or EPUB location) reached and how many there are. */
export interface ReadingPosition {
  last_page: number;
  total_page: number;
}

/** Reading progress for display: the page reached of how many, and the share read. */
export interface ProgressView {
  page: number;
  total: number;
  /** 0..100, whole numbers; 100 only on the last page. */
  percent: number;
}

/**
 * Turns a synced reading position into what the shelf and the readers show ("page N of M",
 * percent). Null when there is nothing to show (no sync yet, or no page count).
 */
export function readingProgress(progress: ReadingPosition | null | undefined): ProgressView | null {
  if (!progress || !Number.isFinite(progress.total_page) || progress.total_page < 1) return null;
  const total = Math.floor(progress.total_page);
  const page = Math.min(Math.max(1, Math.floor(progress.last_page)), total);
  const percent = page >= total ? 100 : Math.min(99, Math.floor((page / total) * 100));
  return { page, total, percent };
}

/** A percentage in the language's own format: "42%" / "42 %" as Intl writes it. */
export function formatPercent(percent: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'id-ID', { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}


/**
 * The progress line: "Halaman 3 dari 14 · 21%" for page-based books, "21% dibaca" for EPUB
 * (whose locations are no printed pages), "Belum mulai dibaca" before the first sync. Texts are
 * the `shelf.progress.*` keys.
 */
export function progressLabel(progress: ReadingPosition | null | undefined, kind: 'pdf' | 'epub' | null, lang: string, t: TFunction): string {
  const view = readingProgress(progress);
  if (!view) return t('shelf.progress.none');
  const percent = formatPercent(view.percent, lang);
  return kind === 'epub' ? t('shelf.progress.percent', { percent }) : t('shelf.progress.page', { page: view.page, total: view.total, percent });
}
