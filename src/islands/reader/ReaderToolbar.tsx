import type { ReactNode } from 'react';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { cutCitation, formatCitation, type CitationLabels } from '../../lib/reader/reading.ts';
import { $currentBookmarked, $leaving, $page, leaveReader, readerData, saveCitation, toggleCurrentBookmark } from '../../lib/reader/store.ts';
import { notify, notifyError } from '../../lib/shell/store.ts';
import { flushReadingPreferences } from '../../lib/reader/preferences-store.ts';
import { ReaderIcon } from './ReaderIcon.tsx';
import { ReaderMenu, type MenuTarget } from './ReaderMenu.tsx';
import { ToolIcon } from './ToolsSheet.tsx';
import { useBookmarkPage } from './ReadingProgressLabel.tsx';

interface Props {
  title: string;
  bookId: string;
  ready: boolean;
  /** Zoom controls and the thumbnail toggle are PDF-only. */
  zoom?: number;
  onZoom?: (direction: 1 | -1) => void;
  thumbnails?: boolean;
  onThumbnails?: () => void;
  onJump: (target: MenuTarget) => void;
  search?: ReactNode;
  citation?: { page: number; locator?: () => string | null; text: () => string };
  /** Opens the tools sheet, at a tool when named (every tool on a phone, the display settings anywhere). */
  onTools?: (tool?: string) => void;
  toolsOpen?: boolean;
  /** Search is a tool of the sheet (EPUB): the search button opens it there. */
  searchTool?: boolean;
}

/** Where Back goes: the previous page of this site, else the book's page. */
export function goBack(bookId: string): void {
  const sameSite = document.referrer.startsWith(window.location.origin);
  if (sameSite && history.length > 1) history.back();
  else window.location.assign(`/book/${bookId}`);
}

/**
 * The reader's toolbar: Back, the contents and bookmarks menu, zoom out and in,
 * the title, the thumbnail toggle, the bookmark toggle, search and the display settings. At 642 px
 * or less Back, the title, the bookmark toggle and a Tools button that opens every other tool in
 * a sheet made for thumbs remain, each at least 44 px.
 */
export function ReaderToolbar({ title, bookId, ready, zoom, onZoom, thumbnails, onThumbnails, onJump, search, citation, onTools, toolsOpen, searchTool }: Props) {
  const { t } = useTranslation();
  const leaving = useStore($leaving);
  const bookmarked = useStore($currentBookmarked);
  const page = useStore($page);
  const [searchOpen, setSearchOpen] = useState(false);
  // An EPUB's bookmark is on a location: the reader is told its approximate page.
  const pageLabel = useBookmarkPage();
  const data = readerData();
  const wide = 'max-[642px]:hidden';
  const thumb = 'max-[642px]:size-11';

  const back = () =>
    flushReadingPreferences()
      .then(() => leaveReader(() => goBack(bookId)))
      .catch((error) => notifyError(t, error));
  const toggleBookmark = () => {
    const adding = !bookmarked;
    toggleCurrentBookmark((error) => notifyError(t, error));
    notify('success', t(adding ? 'reader.bookmarkAdded' : 'reader.bookmarkRemoved', { page: pageLabel(page) }));
  };

  return (
    <header aria-label={t('reader.toolbar')} className="bg-base-100 border-base-300 z-20 flex min-h-14 shrink-0 flex-wrap items-center gap-1 border-b px-2 py-1 max-[642px]:flex-nowrap max-[642px]:px-1 pointer-coarse:[&_.btn]:min-h-11 pointer-coarse:[&_.btn]:min-w-11">
      <button type="button" className="btn btn-ghost btn-sm max-[642px]:h-11 max-[642px]:min-w-11 gap-1" onClick={back} disabled={leaving} aria-label={leaving ? t('reader.leaving') : t('reader.back')}>
        {leaving ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <ReaderIcon name="back" />}
        <span className="max-sm:hidden">{t('reader.back')}</span>
      </button>
      <div className={wide}>
        <ReaderMenu onJump={onJump} />
      </div>
      {onZoom && zoom !== undefined && (
        <div className={`flex items-center ${wide}`}>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('reader.zoomOut')} onClick={() => onZoom(-1)} disabled={!ready}>
            <ReaderIcon name="zoomOut" />
          </button>
          <span className="w-12 text-center text-xs tabular-nums" aria-live="polite" aria-label={t('reader.zoomLevel', { percent: Math.round(zoom * 100) })}>
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('reader.zoomIn')} onClick={() => onZoom(1)} disabled={!ready}>
            <ReaderIcon name="zoomIn" />
          </button>
        </div>
      )}
      <h1 className="min-w-0 flex-1 truncate px-2 text-sm font-semibold sm:text-base" title={title}>
        {title}
      </h1>
      {onThumbnails && (
        <button
          type="button"
          className={`btn btn-sm btn-square ${thumbnails ? 'btn-primary' : 'btn-ghost'} ${wide}`}
          aria-label={thumbnails ? t('reader.hideThumbnails') : t('reader.thumbnails')}
          aria-pressed={thumbnails}
          onClick={onThumbnails}
          disabled={!ready}
        >
          <ReaderIcon name="thumbnails" />
        </button>
      )}
      <button
        type="button"
        className={`btn btn-ghost btn-sm btn-square ${thumb}`}
        aria-label={bookmarked ? t('reader.bookmarkRemove') : t('reader.bookmarkAdd')}
        aria-pressed={bookmarked}
        onClick={toggleBookmark}
        disabled={!ready}
      >
        <ReaderIcon name="bookmark" filled={bookmarked} className={`size-5 ${bookmarked ? 'text-primary' : ''}`} />
      </button>
      {citation && data?.features.bookCitation && <CiteButton citation={citation} className={wide} />}
      {search && (
        <>
          <button
            type="button"
            className={`btn btn-sm btn-square ${searchOpen ? 'btn-primary' : 'btn-ghost'} ${wide}`}
            aria-label={searchOpen ? t('reader.searchClose') : t('reader.searchOpen')}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen(!searchOpen)}
            disabled={!ready}
          >
            <ReaderIcon name="search" />
          </button>
          {searchOpen && <div className={`w-full md:w-auto ${wide}`}>{search}</div>}
        </>
      )}
      {onTools && searchTool && (
        <button type="button" className={`btn btn-ghost btn-sm btn-square ${wide}`} aria-label={t('reader.searchOpen')} onClick={() => onTools('search')} disabled={!ready}>
          <ReaderIcon name="search" />
        </button>
      )}
      {onTools && (
        <>
          <button type="button" className={`btn btn-sm btn-square ${wide} ${toolsOpen ? 'btn-primary' : 'btn-ghost'}`} aria-label={t('readerComfort.displayOpen')} aria-expanded={toolsOpen} onClick={() => onTools('display')}>
            <ToolIcon name="display" />
          </button>
          <button type="button" className={`btn btn-square size-11 min-[643px]:hidden ${toolsOpen ? 'btn-primary' : 'btn-ghost'}`} aria-label={t('readerComfort.toolsOpen')} aria-expanded={toolsOpen} onClick={() => onTools()}>
            <ReaderIcon name="thumbnails" />
          </button>
        </>
      )}
    </header>
  );
}

/** Cites the selected text (only while the citation flag is on). */
function CiteButton({ citation, className }: { citation: NonNullable<Props['citation']>; className: string }) {
  const { t } = useTranslation();
  const cite = async () => {
    const data = readerData();
    const text = cutCitation(citation.text());
    if (!data) return;
    if (text === '') {
      notify('info', t('reader.citeEmpty'));
      return;
    }
    const labels = t('reader.citation', { returnObjects: true }) as CitationLabels;
    const copy = formatCitation(
      {
        content: text,
        title: data.bookTitle,
        author: data.bookDetails.book_author,
        publisher: data.bookDetails.publisher,
        year: data.bookDetails.publish_date?.slice(0, 4) ?? null,
        page: citation.page,
      },
      labels,
      new Date(),
    );
    try {
      await saveCitation({ book_id: data.bookId, page: citation.page, text, epub_read_locator: citation.locator?.() ?? null, platform_info: 'web' });
      await navigator.clipboard.writeText(copy);
      notify('success', t('reader.cited'));
    } catch (error) {
      notifyError(t, error);
    }
  };
  return (
    <button type="button" className={`btn btn-ghost btn-sm btn-square ${className}`} aria-label={t('reader.cite')} onClick={() => void cite()}>
      <ReaderIcon name="quote" />
    </button>
  );
}
