import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useStore } from '@nanostores/react';
import type { BookReadingData, ReaderProblem } from '../../lib/reader/schema.ts';
import { nextZoom, startPage } from '../../lib/reader/reading.ts';
import { PHONE_READER_WIDTH, doubleTapZoom, fitPageZoom, fitWidthZoom, openingZoom, pinchedZoom, type Size } from '../../lib/reader/zoom.ts';
import type { ReadingPreferences } from '../../lib/reader/preferences-schema.ts';
import { $readingPreferences, initReadingPreferences, saveReadingPreferencesOnExit } from '../../lib/reader/preferences-store.ts';
import type { Lang } from '../../lib/i18n/index.ts';
import { openPassword } from '../../lib/reader/crypto.ts';
import { loadPdfJs, openPdf, type PdfJs } from '../../lib/reader/pdf.ts';
import { leadingChunks } from '../../lib/reader/book-source.ts';
import { startPdfFetch, startPreviewFetch } from '../../lib/reader/early.ts';
import type { ObjectSource } from '../../lib/reader/source.ts';
import { $navigation, $page, $pageCount, $readerFailure, $readerStatus, beginReading, loadNavigation, readerData, showPage } from '../../lib/reader/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { isGenericEntry } from '../../lib/catalogue/book.ts';
import { ErrorScreen, LoadingScreen, ProblemScreen, ReaderDialogs } from './ReaderScreens.tsx';
import { ReaderFrame } from './ReaderFrame.tsx';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { PdfPages, type PdfPagesHandle } from './PdfPages.tsx';
import { Thumbnails } from './Thumbnails.tsx';
import { SearchBar } from './SearchBar.tsx';
import { usePdfSearch } from './usePdfSearch.ts';
import { useReaderGuard } from './useReaderGuard.ts';
import { PageNav } from './PageNav.tsx';
import { BookmarkList, TocList, type MenuTarget } from './ReaderMenu.tsx';
import { ReaderSettings } from './ReaderSettings.tsx';
import { ReadingProgressLabel } from './ReadingProgressLabel.tsx';
import { ToolsSheet } from './ToolsSheet.tsx';
import { ReaderIcon } from './ReaderIcon.tsx';
import './reader.css';


interface Props {
  lang: Lang;
  bookId: string;
  data: BookReadingData | null;
  problem: ReaderProblem | null;
  /** The reader's comfort settings, from the server. */
  preferences?: ReadingPreferences | null;
}

/** The PDF page reader of /read-book. */
export const PdfReader = withTexts(PdfReaderApp, ['access', 'apiErrors', 'common', 'errors', 'reader', 'readerComfort', 'readerContent', 'readerSearch', 'readingProgress']);

interface Opened {
  lib: PdfJs;
  doc: PDFDocumentProxy;
  firstSize: { width: number; height: number };
  start: number;
}

/** The space the pages have: the window's width (the bars' height taken off). */
function stageSize(): Size {
  const phone = window.innerWidth <= PHONE_READER_WIDTH;
  return { width: document.documentElement.clientWidth - (phone ? 0 : 24), height: window.innerHeight - (phone ? 112 : 100) - 16 };
}

function PdfReaderApp({ bookId, data, problem, preferences: initialPreferences }: Props) {
  const { t } = useTranslation();
  useReaderGuard();
  const started = useRef(false);
  if (!started.current) {
    started.current = true;
    initReadingPreferences(initialPreferences);
  }
  const preferences = useStore($readingPreferences);
  useEffect(() => saveReadingPreferencesOnExit(), []);
  const paged = preferences.pdf_flow === 'paged';
  const navigation = useStore($navigation);
  const [sheet, setSheet] = useState<string | null>(null);
  const status = useStore($readerStatus);
  const page = useStore($page);
  const pageCount = useStore($pageCount);
  const [attempt, setAttempt] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const source = useRef<ObjectSource | null>(null);
  const prefetchAll = useCallback(() => source.current?.prefetchAll() ?? Promise.resolve(), []);
  const [zoom, setZoom] = useState(1.8);
  const [thumbnails, setThumbnails] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [painted, setPainted] = useState(false);
  const pages = useRef<PdfPagesHandle>(null);
  const { state: search, search: runSearch, step, clear } = usePdfSearch(opened?.doc ?? null, opened?.doc.numPages ?? 0, prefetchAll);

  // The zoom that fits the page: a phone opens at the page's width, page by page at the whole page.
  const pageSize = opened?.firstSize ?? data?.stream.preview ?? null;
  const fit = useCallback(() => {
    if (!pageSize) return 1;
    return paged ? fitPageZoom(stageSize(), pageSize) : fitWidthZoom(stageSize().width, pageSize.width);
  }, [pageSize?.width, pageSize?.height, paged]);
  useEffect(() => {
    if (!pageSize) return;
    setZoom(openingZoom(stageSize(), pageSize, paged ? 'paged' : 'scroll', window.innerWidth <= PHONE_READER_WIDTH));
  }, [pageSize?.width, pageSize?.height, paged]);
  // A phone turned sideways fits the page again.
  useEffect(() => {
    if (!pageSize) return;
    const refit = () => {
      if (window.innerWidth <= PHONE_READER_WIDTH || paged) setZoom(openingZoom(stageSize(), pageSize, paged ? 'paged' : 'scroll', window.innerWidth <= PHONE_READER_WIDTH));
    };
    const media = window.matchMedia('(orientation: portrait)');
    media.addEventListener('change', refit);
    return () => media.removeEventListener('change', refit);
  }, [pageSize?.width, pageSize?.height, paged]);

  useEffect(() => {
    if (!data) return;
    let current = true;
    void startPreviewFetch(data).then((url) => current && setPreview(url));
    return () => {
      current = false;
    };
  }, [data]);

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    let doc: PDFDocumentProxy | null = null;
    setOpened(null);
    $readerStatus.set('loading');
    performance.mark('reader:start');
    // Usually already started by the page's early script (src/lib/reader/early.ts).
    const file = startPdfFetch(data, attempt > 0);
    source.current = file;
    const libLoading = loadPdfJs();
    const starting = beginReading(data, { genericEntry: isGenericEntry(new URLSearchParams(window.location.search)) });
    (async () => {
      const lib = await libLoading;
      performance.mark('reader:engine');
      doc = await openPdf(lib, file, {
        initialChunks: leadingChunks(data.stream.boot_chunks),
        password: async () => {
          if (data.stream.sealed_password && data.borrow_key && data.stream.key_salt) {
            return openPassword({ borrowKey: data.borrow_key, salt: data.stream.key_salt, bookId: data.bookId, userId: data.userId }, data.stream.sealed_password);
          }
          return data.stream.password;
        },
      });
      performance.mark('reader:open');
      const { lastpage } = starting;
      const first = (await doc.getPage(1)).getViewport({ scale: 1 });
      if (cancelled) return;
      const start = startPage(lastpage, doc.numPages);
      setOpened({ lib, doc, firstSize: { width: first.width, height: first.height }, start });
      showPage(start, doc.numPages);
      $readerStatus.set('ready');
      void loadNavigation().catch((error) => console.warn('The table of contents could not be loaded', error));
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('The book could not be opened', error);
      // A chunk that does not open says the book could not be decoded.
      if ((error as { code?: string }).code === 'decrypt_failed') notify('error', t('reader.decodeFailed'));
      $readerFailure.set(error);
      $readerStatus.set('error');
    });
    return () => {
      cancelled = true;
      void doc?.loadingTask.destroy();
    };
  }, [data, attempt]);

  const onPage = useCallback((n: number) => showPage(n, readerData()?.pages ?? $pageCount.get()), []);
  const onFirstPaint = useCallback(() => {
    setPainted(true);
    performance.mark('reader:first-page');
    document.documentElement.dataset.readerPainted = 'true';
    pages.current?.focus();
  }, []);
  const goTo = useCallback((n: number) => {
    const total = opened?.doc.numPages ?? 1;
    pages.current?.goTo(Math.min(total, Math.max(1, n)));
  }, [opened]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'ArrowRight') goTo($page.get() + 1);
      else if (event.key === 'ArrowLeft') goTo($page.get() - 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goTo]);

  const jump = (target: MenuTarget) => {
    if (!target.page) return;
    if (window.matchMedia(`(max-width: ${PHONE_READER_WIDTH}px)`).matches) setSheet(null);
    goTo(target.page);
  };
  const searchBar = <SearchBar view={search} onSearch={(query, options) => void runSearch(query, options)} onStep={step} onClear={clear} />;

  if (!data) {
    return <ProblemScreen problem={problem} bookId={bookId} />;
  }

  return (
    <div className="flex h-full min-w-0 flex-col" data-reader-theme={preferences.theme}>
      <ReaderToolbar
        title={data.bookTitle}
        bookId={bookId}
        ready={status === 'ready'}
        zoom={zoom}
        onZoom={(direction) => setZoom((z) => nextZoom(z, direction))}
        thumbnails={thumbnails}
        onThumbnails={() => setThumbnails((open) => !open)}
        onJump={jump}
        citation={{ page, text: () => window.getSelection()?.toString() ?? '' }}
        onTools={(tool) => setSheet((open) => (open && (!tool || tool === open) ? null : (tool ?? 'contents')))}
        toolsOpen={sheet !== null}
        search={sheet === 'search' ? undefined : searchBar}
      />
      {status === 'error' ? (
        <ErrorScreen onReload={() => setAttempt((n) => n + 1)} />
      ) : (status === 'loading' || !opened) && !(preview && data.stream.preview) ? (
        <LoadingScreen />
      ) : status === 'loading' || !opened ? (
        <PreviewPage url={preview!} size={data.stream.preview!} zoom={zoom} />
      ) : (
        <>
          <ReaderFrame>
            {!painted && preview && data.stream.preview && opened.start === 1 && (
              <div className="pointer-events-none absolute inset-0 z-10 overflow-hidden" aria-hidden="true">
                <PreviewPage url={preview} size={data.stream.preview} zoom={zoom} />
              </div>
            )}
            {thumbnails && <Thumbnails doc={opened.doc} current={page} firstSize={opened.firstSize} onOpen={goTo} />}
            <PdfPages
              ref={pages}
              lib={opened.lib}
              doc={opened.doc}
              zoom={zoom}
              firstSize={opened.firstSize}
              startPage={opened.start}
              search={search}
              onPage={onPage}
              onFirstPaint={onFirstPaint}
              paged={paged}
              onPinch={(factor) => setZoom((z) => pinchedZoom(z, factor))}
              onDoubleTap={() => setZoom((z) => doubleTapZoom(z, fit()))}
            />
          </ReaderFrame>
          <PageNav page={page} total={pageCount} onGo={goTo} label={(p, total) => <ReadingProgressLabel kind="pdf" page={p} total={total} />} />
        </>
      )}
      {sheet && opened && (
        <ToolsSheet
          active={sheet}
          onSelect={setSheet}
          onClose={() => setSheet(null)}
          tools={[
            {
              id: 'contents',
              label: t('reader.tabToc'),
              icon: 'contents',
              render: () =>
                navigation === null ? (
                  <p className="text-base-content/70 p-2 text-sm">{t('common.loading')}</p>
                ) : navigation.toc.length === 0 ? (
                  <p className="text-base-content/70 p-2 text-sm">{t('reader.noToc')}</p>
                ) : (
                  <TocList entries={navigation.toc} onJump={jump} />
                ),
            },
            { id: 'bookmarks', label: t('reader.tabBookmarks'), icon: 'bookmark', render: () => <BookmarkList onJump={jump} large /> },
            {
              id: 'thumbnails',
              label: t('readerComfort.pages'),
              icon: 'thumbnails',
              render: () => <Thumbnails doc={opened.doc} current={page} firstSize={opened.firstSize} onOpen={(n) => jump({ page: n })} layout="grid" />,
            },
            { id: 'search', label: t('readerComfort.search'), icon: 'search', render: () => searchBar },
            {
              id: 'zoom',
              label: t('readerComfort.zoom'),
              icon: 'zoom',
              render: () => <ZoomPanel zoom={zoom} onZoom={setZoom} fitWidth={() => (pageSize ? fitWidthZoom(stageSize().width, pageSize.width) : 1)} fitPage={() => (pageSize ? fitPageZoom(stageSize(), pageSize) : 1)} />,
            },
            { id: 'display', label: t('readerComfort.display'), icon: 'display', render: () => <ReaderSettings kind="pdf" /> },
          ]}
        />
      )}
      <ReaderDialogs readerPath="/read-book" onLeave={() => history.back()} />
    </div>
  );
}

/** Zoom out and in by steps, or fit the page's width or the whole page, with 44 px targets. */
function ZoomPanel({ zoom, onZoom, fitWidth, fitPage }: { zoom: number; onZoom: (zoom: number) => void; fitWidth: () => number; fitPage: () => number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-center gap-3">
        <button type="button" className="btn btn-outline btn-square size-11" aria-label={t('reader.zoomOut')} onClick={() => onZoom(nextZoom(zoom, -1))}>
          <ReaderIcon name="zoomOut" />
        </button>
        <output className="min-w-16 text-center tabular-nums" aria-label={t('reader.zoomLevel', { percent: Math.round(zoom * 100) })}>
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="btn btn-outline btn-square size-11" aria-label={t('reader.zoomIn')} onClick={() => onZoom(nextZoom(zoom, 1))}>
          <ReaderIcon name="zoomIn" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-outline min-h-11" onClick={() => onZoom(fitWidth())}>
          {t('readerComfort.fitWidth')}
        </button>
        <button type="button" className="btn btn-outline min-h-11" onClick={() => onZoom(fitPage())}>
          {t('readerComfort.fitPage')}
        </button>
      </div>
    </div>
  );
}

/**
 * A picture of page 1 where pdf.js will draw it, shown until the page itself is drawn: the reader
 * sees the page long before the data pdf.js needs for it has arrived. Laid out like the pages
 * (PdfPages: the same padding, none on phones) and never narrowed to the stage, so it has the
 * page's size and place; the ingest draws it sharp enough for a phone's pixel ratio.
 */
function PreviewPage({ url, size, zoom }: { url: string; size: { width: number; height: number }; zoom: number }) {
  return (
    <div className="bg-base-300 flex h-full min-h-0 flex-1 flex-col overflow-hidden p-3 max-[642px]:px-0 max-[642px]:py-2">
      <img
        src={url}
        alt=""
        className="mx-auto max-w-none shrink-0 bg-white shadow-md"
        style={{ width: size.width * zoom, height: size.height * zoom }}
        onLoad={() => performance.mark('reader:preview')}
      />
    </div>
  );
}
