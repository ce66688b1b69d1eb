import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { BookReadingData, ReaderProblem } from '../../lib/api/schemas/reader.ts';
import { initialZoom, nextZoom, startPage } from '../../lib/domain/reading.ts';
import type { Lang } from '../../lib/i18n/index.ts';
import { openPassword } from '../../lib/reader/crypto.ts';
import { loadPdfJs, openPdf, type PdfJs } from '../../lib/reader/pdf.ts';
import { leadingChunks } from '../../lib/reader/book-source.ts';
import { startPdfFetch, startPreviewFetch } from '../../lib/reader/early.ts';
import type { ObjectSource } from '../../lib/reader/source.ts';
import { $page, $pageCount, $readerFailure, $readerStatus, beginReading, loadNavigation, readerData, showPage } from '../../lib/stores/reader.ts';
import { notify } from '../../lib/stores/shell.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { ErrorScreen, LoadingScreen, ReaderDialogs } from './ReaderScreens.tsx';
import { ReaderFrame } from './ReaderFrame.tsx';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { PdfPages, type PdfPagesHandle } from './PdfPages.tsx';
import { Thumbnails } from './Thumbnails.tsx';
import { SearchBar } from './SearchBar.tsx';
import { usePdfSearch } from './usePdfSearch.ts';
import { useReaderGuard } from './useReaderGuard.ts';
import { PageNav } from './PageNav.tsx';
import './reader.css';


interface Props {
  lang: Lang;
  bookId: string;
  data: BookReadingData | null;
  problem: ReaderProblem | null;
}

/** The PDF page reader of /read-book (spec 02 §2.14, §4.7). */
export function PdfReader(props: Props) {
  return (
    <I18nRoot lang={props.lang}>
      <PdfReaderApp {...props} />
    </I18nRoot>
  );
}

interface Opened {
  lib: PdfJs;
  doc: PDFDocumentProxy;
  firstSize: { width: number; height: number };
  start: number;
}

function PdfReaderApp({ bookId, data, problem }: Props) {
  const { t } = useTranslation();
  useReaderGuard();
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

  useEffect(() => setZoom(initialZoom(window.innerWidth)), []);

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
    const starting = beginReading(data);
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
      // A chunk that does not open is the spec's decoding failure (spec 02 §8).
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

  if (!data) {
    const notice = problem === 'no_loan' ? t('reader.noLoan') : problem === 'not_member' ? t('access.notMember') : problem === 'not_readable' ? t('reader.notReadable') : undefined;
    return <ErrorScreen notice={notice} bookHref={`/book/${bookId}`} onReload={problem === 'error' ? () => window.location.reload() : undefined} />;
  }

  return (
    <div className="flex h-full flex-col">
      <ReaderToolbar
        title={data.bookTitle}
        bookId={bookId}
        ready={status === 'ready'}
        zoom={zoom}
        onZoom={(direction) => setZoom((z) => nextZoom(z, direction))}
        thumbnails={thumbnails}
        onThumbnails={() => setThumbnails((open) => !open)}
        onJump={(target) => target.page && goTo(target.page)}
        citation={{ page, text: () => window.getSelection()?.toString() ?? '' }}
        search={
          <SearchBar
            view={search}
            onSearch={(query, options) => void runSearch(query, options)}
            onStep={step}
            onClear={clear}
          />
        }
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
            />
          </ReaderFrame>
          <PageNav page={page} total={pageCount} onGo={goTo} label={(p, total) => t('reader.pageOf', { page: p, total })} />
        </>
      )}
      <ReaderDialogs readerPath="/read-book" onLeave={() => history.back()} />
    </div>
  );
}

/**
 * A picture of page 1 where pdf.js will draw it, shown until the page itself is drawn: the reader
 * sees the page long before the data pdf.js needs for it has arrived.
 */
function PreviewPage({ url, size, zoom }: { url: string; size: { width: number; height: number }; zoom: number }) {
  return (
    <div className="bg-base-300 flex h-full min-h-0 flex-1 flex-col overflow-hidden p-3">
      <img
        src={url}
        alt=""
        className="mx-auto shrink-0 bg-white shadow-md"
        style={{ width: size.width * zoom, height: size.height * zoom }}
        onLoad={() => performance.mark('reader:preview')}
      />
    </div>
  );
}
