import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { BookReadingData, ReaderProblem } from '../../lib/api/schemas/reader.ts';
import type { Lang } from '../../lib/i18n/index.ts';
import { adoptStyles, loadBookFonts, loadEpubJs, replaceDrmResources, type ChapterStyles } from '../../lib/reader/epub.ts';
import { startEpubFetch } from '../../lib/reader/early.ts';
import { guardDocument } from '../../lib/stores/reader-guard.ts';
import { $page, $pageCount, $readerFailure, $readerStatus, beginReading, loadNavigation, showPage } from '../../lib/stores/reader.ts';
import { notify } from '../../lib/stores/shell.ts';
import { I18nRoot } from '../shell/I18nRoot.tsx';
import { ErrorScreen, LoadingScreen, ReaderDialogs } from './ReaderScreens.tsx';
import { ReaderFrame } from './ReaderFrame.tsx';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { useReaderGuard } from './useReaderGuard.ts';
import { ReaderIcon } from './ReaderIcon.tsx';
import type { MenuTarget } from './ReaderMenu.tsx';
import './reader.css';

interface Props {
  lang: Lang;
  bookId: string;
  data: BookReadingData | null;
  problem: ReaderProblem | null;
}

/** The EPUB reader of /read-book-epub (spec 01 §2.7): epub.js on the unpacked book, one resource at a time. */
export function EpubReader(props: Props) {
  return (
    <I18nRoot lang={props.lang}>
      <EpubReaderApp {...props} />
    </I18nRoot>
  );
}

type Book = ReturnType<Awaited<ReturnType<typeof loadEpubJs>>>;
type Rendition = ReturnType<Book['renderTo']>;

function EpubReaderApp({ bookId, data, problem }: Props) {
  const { t } = useTranslation();
  useReaderGuard();
  const status = useStore($readerStatus);
  const page = useStore($page);
  const pageCount = useStore($pageCount);
  const [attempt, setAttempt] = useState(0);
  const viewer = useRef<HTMLDivElement>(null);
  const rendition = useRef<Rendition | null>(null);
  const book = useRef<Book | null>(null);

  useEffect(() => {
    if (!data?.epub) return;
    const epub = data.epub;
    let cancelled = false;
    const blobUrls: string[] = [];
    const styles = new Map<string, ChapterStyles>();
    const unguards: (() => void)[] = [];
    $readerStatus.set('loading');
    // Usually already started by the page's early script (src/lib/reader/early.ts).
    const fetcher = startEpubFetch(data, attempt > 0);
    const packageUrl = new URL(epub.package_path, fetcher.base).toString();
    const starting = beginReading(data);

    (async () => {
      const ePub = await loadEpubJs();
      if (cancelled || !viewer.current) return;
      const opened = ePub(packageUrl, { openAs: 'opf', requestMethod: fetcher.request as never });
      book.current = opened;
      if (data.isDrm) {
        opened.spine.hooks.content.register((doc: Document, section: { url: string }) => replaceDrmResources(doc, section.url, fetcher, styles, blobUrls));
      }
      await opened.opened;
      const view = opened.renderTo(viewer.current, {
        width: '100%',
        height: '100%',
        flow: 'paginated',
        spread: epub.layout === 'pre-paginated' ? 'auto' : 'none',
        allowScriptedContent: false,
        defaultDirection: epub.direction,
      });
      rendition.current = view;
      view.hooks.content.register((contents: { document: Document; sectionIndex: number }) => {
        const section = opened.spine.get(contents.sectionIndex) as { url: string } | undefined;
        const chapter = section ? styles.get(section.url) : undefined;
        adoptStyles(contents.document, chapter?.sheets ?? []);
        if (chapter) loadBookFonts(contents.document, chapter.fonts, fetcher);
        unguards.push(guardDocument(contents.document));
      });
      let painted = false;
      view.on('rendered', () => {
        if (painted) return;
        painted = true;
        performance.mark('reader:first-page');
        document.documentElement.dataset.readerPainted = 'true';
      });
      view.on('relocated', (location: { start: { cfi: string; index: number } }) => {
        const locations = opened.locations;
        const total = locations.length() || (opened.spine as unknown as { length: number }).length;
        const index = locations.length() ? (locations.locationFromCfi(location.start.cfi) as unknown as number) : location.start.index;
        showPage((typeof index === 'number' && index >= 0 ? index : 0) + 1, total, location.start.cfi);
      });
      view.on('keydown', (event: KeyboardEvent) => turnByKey(event));
      const { locator } = starting;
      if (cancelled) return;
      $readerStatus.set('ready');
      await view.display(locator ?? undefined);
      const navigation = await loadNavigation().catch((error) => {
        console.warn('The table of contents could not be loaded', error);
        return null;
      });
      if (!cancelled && navigation?.locations?.length) {
        opened.locations.load(navigation.locations as never);
        const current = view.currentLocation() as unknown as { start?: { cfi: string } } | undefined;
        const cfi = current?.start?.cfi;
        if (cfi) showPage((opened.locations.locationFromCfi(cfi) as unknown as number) + 1, navigation.locations.length, cfi);
      }
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('The book could not be opened', error);
      if ((error as { code?: string }).code === 'decrypt_failed') notify('error', t('reader.decodeFailed'));
      $readerFailure.set(error);
      $readerStatus.set('error');
    });

    return () => {
      cancelled = true;
      unguards.forEach((unguard) => unguard());
      rendition.current?.destroy();
      book.current?.destroy();
      rendition.current = null;
      book.current = null;
      blobUrls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [data, attempt]);

  // epub.js lays pages out for its frame's size; it follows the window, not the frame, by itself.
  useEffect(() => {
    const element = viewer.current;
    if (!element) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rendition.current?.resize(element.clientWidth, element.clientHeight));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [data]);

  const rtl = data?.epub?.direction === 'rtl';
  const next = useCallback(() => void rendition.current?.next(), []);
  const prev = useCallback(() => void rendition.current?.prev(), []);
  const turnByKey = useCallback(
    (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select')) return;
      // Right-to-left books turn forward to the left.
      if (event.key === 'ArrowRight' || event.key === 'PageDown') (rtl ? prev : next)();
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') (rtl ? next : prev)();
    },
    [rtl, next, prev],
  );
  useEffect(() => {
    document.addEventListener('keydown', turnByKey);
    return () => document.removeEventListener('keydown', turnByKey);
  }, [turnByKey]);

  const jump = (target: MenuTarget) => {
    const view = rendition.current;
    if (!view) return;
    if (target.href) void view.display(target.href);
    else if (target.page && book.current?.locations.length()) void view.display(book.current.locations.cfiFromLocation(target.page - 1));
    else if (target.page) void view.display(target.page - 1);
  };

  if (!data?.epub) {
    const notice = problem === 'no_loan' ? t('reader.noLoan') : problem === 'not_member' ? t('access.notMember') : problem === 'not_readable' ? t('reader.notReadable') : undefined;
    return <ErrorScreen notice={notice} bookHref={`/book/${bookId}`} onReload={problem === 'error' ? () => window.location.reload() : undefined} />;
  }

  return (
    <div className="flex h-full flex-col">
      <ReaderToolbar
        title={data.bookTitle}
        bookId={bookId}
        ready={status === 'ready'}
        onJump={jump}
        citation={{
          page,
          text: () => (rendition.current?.getContents() as unknown as { window: Window }[] | undefined)?.[0]?.window.getSelection()?.toString() ?? '',
          locator: () => (rendition.current?.currentLocation() as unknown as { start?: { cfi: string } } | undefined)?.start?.cfi ?? null,
        }}
      />
      {status === 'error' && <ErrorScreen onReload={() => setAttempt((n) => n + 1)} />}
      {/* The book's frame keeps its final size while loading, so epub.js measures its pages right. */}
      <div className={status === 'error' ? 'hidden' : 'relative flex min-h-0 flex-1 flex-col'}>
        <ReaderFrame>
          <div className={`flex min-h-0 flex-1 items-stretch ${rtl ? 'flex-row-reverse' : ''}`}>
            <button type="button" className="btn btn-ghost h-auto w-10 shrink-0 rounded-none px-0" aria-label={t('reader.previousChapter')} onClick={prev} disabled={status !== 'ready'}>
              <ReaderIcon name={rtl ? 'right' : 'left'} className="size-6 shrink-0" />
            </button>
            <div className="flex min-h-0 min-w-0 flex-1 justify-center">
              <div ref={viewer} className="epub-view bg-base-100 min-h-0 w-full max-w-[900px]" lang={data.epub.language ?? undefined} dir={rtl ? 'rtl' : undefined} />
            </div>
            <button type="button" className="btn btn-ghost h-auto w-10 shrink-0 rounded-none px-0" aria-label={t('reader.nextChapter')} onClick={next} disabled={status !== 'ready'}>
              <ReaderIcon name={rtl ? 'left' : 'right'} className="size-6 shrink-0" />
            </button>
          </div>
        </ReaderFrame>
        <footer className="bg-base-100 border-base-300 flex h-11 shrink-0 items-center justify-center border-t text-sm tabular-nums" aria-live="polite">
          {pageCount > 0 ? t('reader.locationOf', { page, total: pageCount }) : ''}
        </footer>
        {status === 'loading' && (
          <div className="bg-base-100 absolute inset-0 z-10">
            <LoadingScreen />
          </div>
        )}
      </div>
      <ReaderDialogs readerPath="/read-book-epub" onLeave={() => history.back()} />
    </div>
  );
}
