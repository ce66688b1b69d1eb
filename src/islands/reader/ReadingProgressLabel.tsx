import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { formatDuration, progressTexts, readingProgress, type BookKind, type Translate } from '../../lib/reader/reading-progress.ts';
import { $pageCount, readerData } from '../../lib/reader/store.ts';

/** True when the open book is a fixed-layout EPUB, whose locations are its pages. */
function fixedLayoutBook(): boolean {
  return readerData()?.epub?.layout === 'pre-paginated';
}

/** The page a bookmark is on as the reader counts pages: an EPUB's location becomes its approximate page. */
export function useBookmarkPage(): (page: number) => number {
  const total = useStore($pageCount);
  const kind = readerData()?.file_ext === 'epub' ? 'epub' : 'pdf';
  return (page) => (kind === 'epub' && total > 0 ? readingProgress({ kind, last_page: page, total_page: total, fixedLayout: fixedLayoutBook() }).page : page);
}

interface Props {
  kind: BookKind;
  /** The page (PDF) or location (EPUB) on screen, 1-based, of `total`. */
  page: number;
  total: number;
  /** Minutes left in the chapter and the book at the reader's speed (EPUB); none for pages without text. */
  chapterLeft?: number | null;
  bookLeft?: number | null;
  /** The last page is on screen: it says so instead of a time left. */
  last?: boolean;
}

/**
 * "Halaman 5 dari 14 · 35% dibaca", and for an EPUB the time left in the chapter and the book. In a
 * narrow footer (a small phone) the short forms ("Hlm. 5/14 · 35%") take their place, so no text is
 * ever cut mid-word.
 */
export function ReadingProgressLabel({ kind, page, total, chapterLeft, bookLeft, last }: Props) {
  const { t: translate } = useTranslation();
  const t = translate as unknown as Translate;
  if (total <= 0) return <span data-progress="" />;
  const progress = readingProgress({ kind, last_page: page, total_page: total, fixedLayout: kind === 'epub' && fixedLayoutBook() });
  const texts = progressTexts(progress, t);
  const short = {
    page: t(progress.approximate ? 'readingProgress.approxPageOfShort' : 'readingProgress.pageOfShort', { page: progress.page, total: progress.total }),
    percent: t('readingProgress.percentShort', { percent: progress.percent }),
  };
  const times = last
    ? [t('readingProgress.lastPage')]
    : [chapterLeft ? t('readingProgress.chapterLeft', { time: formatDuration(chapterLeft, t) }) : null, bookLeft ? t('readingProgress.bookLeft', { time: formatDuration(bookLeft, t) }) : null].filter((text) => text !== null);
  const shortTime = last ? t('readingProgress.lastPage') : chapterLeft ? t('readingProgress.chapterLeftShort', { time: formatDuration(chapterLeft, t) }) : bookLeft ? t('readingProgress.bookLeft', { time: formatDuration(bookLeft, t) }) : null;
  return (
    <span className="@container flex w-full min-w-0 flex-col items-center text-center leading-tight" data-progress={progress.percent} data-position={page} data-positions={total} data-progress-page={progress.page} data-progress-pages={progress.total} data-last-page={last ? 'true' : undefined}>
      <span className="flex max-w-full items-center gap-1.5 text-sm whitespace-nowrap tabular-nums @max-[17rem]:hidden" data-progress-text="">
        <span>{texts.page}</span>
        <span aria-hidden="true">·</span>
        <span>{texts.percent}</span>
      </span>
      <span className="hidden max-w-full items-center gap-1.5 text-sm whitespace-nowrap tabular-nums @max-[17rem]:flex" data-progress-text="">
        <span>{short.page}</span>
        <span aria-hidden="true">·</span>
        <span>{short.percent}</span>
      </span>
      {times.length > 0 && (
        <span className="text-base-content/70 max-w-full text-xs whitespace-nowrap @max-[24rem]:hidden" data-progress-text="">
          {times.join(' · ')}
        </span>
      )}
      {shortTime && (
        <span className="text-base-content/70 hidden max-w-full text-xs whitespace-nowrap @max-[24rem]:inline" data-progress-text="">
          {shortTime}
        </span>
      )}
    </span>
  );
}
