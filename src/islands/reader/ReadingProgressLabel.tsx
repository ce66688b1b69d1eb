import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { formatDuration, progressTexts, readingProgress, type BookKind, type Translate } from '../../lib/domain/reading-progress.ts';
import { $pageCount, readerData } from '../../lib/stores/reader.ts';

/** The page a bookmark is on as the reader counts pages: an EPUB's location becomes its approximate page. */
export function useBookmarkPage(): (page: number) => number {
  const total = useStore($pageCount);
  const kind = readerData()?.file_ext === 'epub' ? 'epub' : 'pdf';
  return (page) => (kind === 'epub' && total > 0 ? readingProgress({ kind, last_page: page, total_page: total }).page : page);
}

interface Props {
  kind: BookKind;
  /** The page (PDF) or location (EPUB) on screen, 1-based, of `total`. */
  page: number;
  total: number;
  /** Minutes left in the chapter and the book at the reader's speed (EPUB). */
  chapterLeft?: number | null;
  bookLeft?: number | null;
}

/** "Halaman 5 dari 14 · 35% dibaca", and for an EPUB the time left in the chapter and the book. */
export function ReadingProgressLabel({ kind, page, total, chapterLeft, bookLeft }: Props) {
  const { t: translate } = useTranslation();
  const t = translate as unknown as Translate;
  if (total <= 0) return <span data-progress="" />;
  const progress = readingProgress({ kind, last_page: page, total_page: total });
  const texts = progressTexts(progress, t);
  const times = [
    chapterLeft ? t('readingProgress.chapterLeft', { time: formatDuration(chapterLeft, t) }) : null,
    bookLeft ? t('readingProgress.bookLeft', { time: formatDuration(bookLeft, t) }) : null,
  ].filter(Boolean);
  return (
    <span className="flex min-w-0 flex-col items-center text-center leading-tight" data-progress={progress.percent} data-position={page} data-positions={total} data-progress-page={progress.page} data-progress-pages={progress.total}>
      <span className="flex max-w-full items-center gap-1.5 truncate text-sm tabular-nums">
        <span>{texts.page}</span>
        <span aria-hidden="true">·</span>
        <span>{texts.percent}</span>
      </span>
      {times.length > 0 && <span className="text-base-content/70 max-w-full truncate text-xs">{times.join(' · ')}</span>}
    </span>
  );
}
