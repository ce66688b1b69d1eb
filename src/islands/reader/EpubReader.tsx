import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { BookReadingData, ReaderProblem } from '../../lib/reader/schema.ts';
import type { Lang } from '../../lib/i18n/index.ts';
import type { ReadingPreferences } from '../../lib/reader/preferences-schema.ts';
import { adoptStyles, loadBookFonts, loadEpubJs, replaceDrmResources, type ChapterStyles } from '../../lib/reader/epub.ts';
import { patchEpubContents, restoreInlineStyles, setFrameSheet, stashInlineStyles } from '../../lib/reader/epub-csp.ts';
import { chapterCss, epubGap, unstretchCovers } from '../../lib/reader/comfort.ts';
import { chapterEnd, minutesLeft, textLocations } from '../../lib/reader/reading-progress.ts';
import { $readingPreferences, $readingSpeed, initReadingPreferences, noteReading, saveReadingPreferencesOnExit } from '../../lib/reader/preferences-store.ts';
import { startEpubFetch } from '../../lib/reader/early.ts';
import { followPageLayouts, hasMixedLayout, locationInSection, reportRenderFailures, sectionLocationRanges } from '../../lib/reader/epub-content.ts';
import { guardDocument } from '../../lib/reader/guard-store.ts';
import { $navigation, $page, $pageCount, $readerFailure, $readerStatus, beginReading, loadNavigation, showPage } from '../../lib/reader/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { isGenericEntry } from '../../lib/catalogue/book.ts';
import { ErrorScreen, LoadingScreen, ProblemScreen, ReaderDialogs } from './ReaderScreens.tsx';
import { ReaderFrame } from './ReaderFrame.tsx';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { useReaderGuard } from './useReaderGuard.ts';
import { ReaderIcon } from './ReaderIcon.tsx';
import { BookmarkList, TocList, type MenuTarget } from './ReaderMenu.tsx';
import { ReaderSettings } from './ReaderSettings.tsx';
import { ReadingProgressLabel } from './ReadingProgressLabel.tsx';
import { ToolsSheet } from './ToolsSheet.tsx';
import { EpubSearchPanel, EpubSearchStrip } from './EpubSearch.tsx';
import { useEpubSearchView, type SearchFrame } from './useEpubSearchView.ts';
import { useEpubLayout } from './useEpubLayout.ts';
import { attachSwipe, type SwipeDirection } from './useSwipe.ts';
import { attachTapZones } from './tapZones.ts';
import './reader.css';

interface Props {
  lang: Lang;
  bookId: string;
  data: BookReadingData | null;
  problem: ReaderProblem | null;
  /** The reader's comfort settings, from the server, so the first page shows in them. */
  preferences?: ReadingPreferences | null;
}

/** The EPUB reader of /read-book-epub: epub.js on the unpacked book, one resource at a time. */
export const EpubReader = withTexts(EpubReaderApp, ['access', 'apiErrors', 'common', 'errors', 'reader', 'readerComfort', 'readerSearch', 'readingProgress']);

type Book = ReturnType<Awaited<ReturnType<typeof loadEpubJs>>>;
type Rendition = ReturnType<Book['renderTo']>;

function EpubReaderApp({ bookId, data, problem, preferences: initialPreferences }: Props) {
  const { t } = useTranslation();
  useReaderGuard();
  const started = useRef(false);
  if (!started.current) {
    started.current = true;
    initReadingPreferences(initialPreferences);
  }
  const preferences = useStore($readingPreferences);
  useEffect(() => saveReadingPreferencesOnExit(), []);
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;
  const speed = useStore($readingSpeed);
  const navigation = useStore($navigation);
  const [sheet, setSheet] = useState<string | null>(null);
  const [spineIndex, setSpineIndex] = useState(-1);
  const [atEnd, setAtEnd] = useState(false);
  const [place, setPlace] = useState('');
  const fixedLayout = data?.epub?.layout === 'pre-paginated';
  const status = useStore($readerStatus);
  const page = useStore($page);
  const pageCount = useStore($pageCount);
  const [attempt, setAttempt] = useState(0);
  const viewer = useRef<HTMLDivElement>(null);
  const rendition = useRef<Rendition | null>(null);
  const book = useRef<Book | null>(null);
  // On a phone an opened search result shows its page, with the search strip.
  const { search, run: runSearch, cancel: cancelSearch, clear: clearSearch, openResult, titles, setSearchable, prepareFrame } = useEpubSearchView(
    rendition as unknown as Parameters<typeof useEpubSearchView>[0],
    navigation?.toc,
    () => window.matchMedia('(max-width: 642px)').matches && setSheet(null),
  );

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
    const starting = beginReading(data, { genericEntry: isGenericEntry(new URLSearchParams(window.location.search)) });

    (async () => {
      const [ePub, { Contents, EpubCFI }] = await Promise.all([loadEpubJs(), import('epubjs')]);
      patchEpubContents(Contents as unknown as { prototype: object });
      if (cancelled || !viewer.current) return;
      const opened = ePub(packageUrl, { openAs: 'opf', requestMethod: fetcher.request as never });
      book.current = opened;
      if (data.isDrm) {
        opened.spine.hooks.content.register((doc: Document, section: { url: string }) => replaceDrmResources(doc, section.url, fetcher, styles, blobUrls));
      }
      // Inline styles reach the chapter frame through the CSS object model only (the site's policy).
      opened.spine.hooks.content.register((doc: Document) => stashInlineStyles(doc));
      await opened.opened;
      const sections = (opened.spine as unknown as { spineItems: Parameters<typeof reportRenderFailures>[0] }).spineItems;
      // Search reads each chapter on its own, not kept: only those on screen stay in memory.
      setSearchable({
        sections: sections.length,
        hrefs: (sections as unknown as { href: string }[]).map((section) => section.href),
        load: async (index) => {
          const section = opened.spine.get(index) as unknown as { url: string; cfiBase: string; linear: boolean } | undefined;
          if (!section?.linear) return null;
          const doc = await fetcher.transientDocument(section.url);
          return { doc, cfiOf: (range: Range) => new EpubCFI(range, section.cfiBase).toString() };
        },
      });
      // A chapter that cannot be loaded shows the error screen rather than a blank page.
      reportRenderFailures(sections, fail);
      // Books that mix layouts show one page at a time, each in its own layout.
      const mixed = hasMixedLayout(sections, epub.layout);
      const view = opened.renderTo(viewer.current, {
        width: '100%',
        height: '100%',
        ...(epub.layout === 'pre-paginated' ? {} : { gap: epubGap(viewer.current.clientWidth, preferencesRef.current.margin) }),
        flow: 'paginated',
        spread: epub.layout === 'pre-paginated' && !mixed ? 'auto' : 'none',
        allowScriptedContent: false,
        defaultDirection: epub.direction,
      });
      rendition.current = view;
      await (view as unknown as { started: Promise<void> }).started;
      if (mixed) followPageLayouts(view as unknown as Parameters<typeof followPageLayouts>[0], epub.layout);
      let ranges = new Map<number, [number, number]>();
      // The location of a page; a page without text keeps its own (never the next page's).
      const locationOf = (start: { cfi?: string; index: number }): number => {
        const locations = opened.locations;
        if (!locations.length()) return start.index;
        const found = start.cfi ? (locations.locationFromCfi(start.cfi) as unknown as number) : -1;
        return locationInSection(ranges, start.index, typeof found === 'number' ? found : -1);
      };
      view.hooks.content.register((contents: SearchFrame) => {
        const section = opened.spine.get(contents.sectionIndex) as { url: string } | undefined;
        const chapter = section ? styles.get(section.url) : undefined;
        restoreInlineStyles(contents.document);
        unstretchCovers(contents.document);
        adoptStyles(contents.document, chapter?.sheets ?? []);
        setFrameSheet(contents.document, 'reader-comfort', chapterCss(preferencesRef.current, epub.layout === 'pre-paginated'));
        prepareFrame(contents);
        unguards.push(attachSwipe(contents.document, (direction) => swipeRef.current(direction)));
        unguards.push(attachTapZones(contents.document, (side) => tapRef.current(side)));
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
      let last: { location: number; at: number } | null = null;
      // The last page (or spread) on screen is the book's last location, whatever location it starts at.
      // epub.js does not say so for a fixed-layout book: there the last spine item on screen is the end.
      const lastIndex = (opened.spine as unknown as { last(): { index: number } | undefined }).last()?.index ?? -1;
      const endOf = (location: { end?: { index: number }; atEnd?: boolean }) => Boolean(location.atEnd) || (epub.layout === 'pre-paginated' && location.end?.index === lastIndex);
      const positionOf = (location: { start: { cfi?: string; index: number }; end?: { index: number }; atEnd?: boolean }, total: number) => (endOf(location) ? total : locationOf(location.start) + 1);
      view.on('relocated', (location: { start: { cfi: string; index: number }; end?: { index: number }; atEnd?: boolean }) => {
        const locations = opened.locations;
        const total = locations.length() || (opened.spine as unknown as { length: number }).length;
        const position = positionOf(location, total);
        showPage(position, total, location.start.cfi);
        setSpineIndex(location.start.index);
        setAtEnd(endOf(location));
        setPlace(location.start.cfi);
        // The reader's own speed, from the locations read forward and the time they took.
        if (locations.length()) {
          const now = Date.now();
          if (last && position > last.location) noteReading(position - last.location, (now - last.at) / 1000);
          last = { location: position, at: now };
        }
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
        ranges = sectionLocationRanges(navigation.locations);
        // The place last shown: asking epub.js for the current one fails while it swaps its views.
        const current = (view as unknown as { location?: { start?: { cfi: string; index: number }; end?: { index: number }; atEnd?: boolean } }).location;
        if (current?.start) showPage(positionOf({ ...current, start: current.start }, navigation.locations.length), navigation.locations.length, current.start.cfi);
      }
    })().catch(fail);

    function fail(error: unknown) {
      if (cancelled) return;
      console.error('The book could not be opened', error);
      if ((error as { code?: string }).code === 'decrypt_failed') notify('error', t('reader.decodeFailed'));
      $readerFailure.set(error);
      $readerStatus.set('error');
    }

    return () => {
      cancelled = true;
      unguards.forEach((unguard) => unguard());
      rendition.current?.destroy();
      book.current?.destroy();
      rendition.current = null;
      book.current = null;
      setSearchable(null);
      blobUrls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [data, attempt]);

  useEpubLayout(rendition, viewer, data, preferences, status === 'ready', fixedLayout);

  const rtl = data?.epub?.direction === 'rtl';
  const next = useCallback(() => void rendition.current?.next(), []);
  const prev = useCallback(() => void rendition.current?.prev(), []);
  const turnByKey = useCallback(
    (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select')) return;
      // Page Down and Page Up follow the reading order; the arrows follow the screen, so in a
      // right-to-left book the left arrow turns forward.
      if (event.key === 'PageDown') next();
      else if (event.key === 'PageUp') prev();
      else if (event.key === 'ArrowRight') (rtl ? prev : next)();
      else if (event.key === 'ArrowLeft') (rtl ? next : prev)();
    },
    [rtl, next, prev],
  );
  useEffect(() => {
    document.addEventListener('keydown', turnByKey);
    return () => document.removeEventListener('keydown', turnByKey);
  }, [turnByKey]);

  // A swipe to the left, or a tap on the right edge, goes forward; the other way in a right-to-left book.
  const swipeRef = useRef<(direction: SwipeDirection) => void>(() => {});
  swipeRef.current = (direction) => ((direction === 'left') !== rtl ? next() : prev());
  const tapRef = useRef<(side: 'left' | 'right') => void>(() => {});
  tapRef.current = (side) => ((side === 'right') !== rtl ? next() : prev());
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    return attachSwipe(element, (direction) => swipeRef.current(direction));
  }, [data]);

  const jump = (target: MenuTarget) => {
    const view = rendition.current;
    if (!view) return;
    if (window.matchMedia('(max-width: 642px)').matches) setSheet(null);
    if (target.href) void view.display(target.href);
    else if (target.page && book.current?.locations.length()) void view.display(book.current.locations.cfiFromLocation(target.page - 1));
    else if (target.page) void view.display(target.page - 1);
  };


  if (!data?.epub) {
    return <ProblemScreen problem={problem} bookId={bookId} />;
  }

  const locations = navigation?.locations ?? null;
  const locationsReady = Boolean(locations?.length) && locations!.length === pageCount;
  // Only locations with text take reading time: a picture book has none to estimate.
  const chapterLeft = locationsReady && spineIndex >= 0 && !atEnd ? minutesLeft(textLocations(locations!, page - 1, chapterEnd(locations!, spineIndex)), speed ?? 0) || null : null;
  const bookLeft = locationsReady && !atEnd ? minutesLeft(textLocations(locations!, page - 1, pageCount), speed ?? 0) || null : null;

  return (
    <div className="flex h-full min-w-0 flex-col" data-reader-theme={preferences.theme}>
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
        onTools={(tool) => setSheet((open) => (open && (!tool || tool === open) ? null : (tool ?? 'contents')))}
        toolsOpen={sheet !== null}
        searchTool
      />
      {status === 'error' && <ErrorScreen onReload={() => setAttempt((n) => n + 1)} />}
      {/* The stage's size never depends on the book: epub.js lays pages out for it, not the other way round. */}
      <div className={status === 'error' ? 'hidden' : 'relative flex min-h-0 min-w-0 flex-1 flex-col overflow-clip'}>
        <ReaderFrame>
          <div ref={stage} className="epub-stage bg-base-100 relative min-h-0 min-w-0 flex-1 overflow-clip">
            <div ref={viewer} className="epub-view absolute inset-0 mx-auto max-w-[900px]" lang={data.epub.language ?? undefined} dir={rtl ? 'rtl' : undefined} />
            {/* Over the page, so the page's size (and epub.js's layout) never changes when it shows. */}
            {sheet !== 'search' && <EpubSearchStrip state={search} onOpen={openResult} onResults={() => setSheet('search')} onClear={clearSearch} />}
          </div>
        </ReaderFrame>
        <footer aria-label={t('readerComfort.progress')} className={`bg-base-100 border-base-300 flex h-14 shrink-0 items-center justify-between gap-1 border-t px-1 ${rtl ? 'flex-row-reverse' : ''}`}>
          <button type="button" className="btn btn-ghost btn-square size-11" aria-label={t('reader.previousChapter')} onClick={prev} disabled={status !== 'ready'}>
            <ReaderIcon name={rtl ? 'right' : 'left'} className="size-6" />
          </button>
          <div className="min-w-0 flex-1" aria-live="polite" data-place={place}>
            {locationsReady && <ReadingProgressLabel kind="epub" page={page} total={pageCount} chapterLeft={chapterLeft} bookLeft={bookLeft} last={atEnd} />}
          </div>
          <button type="button" className="btn btn-ghost btn-square size-11" aria-label={t('reader.nextChapter')} onClick={next} disabled={status !== 'ready'}>
            <ReaderIcon name={rtl ? 'left' : 'right'} className="size-6" />
          </button>
        </footer>
        {status === 'loading' && (
          <div className="bg-base-100 absolute inset-0 z-10">
            <LoadingScreen />
          </div>
        )}
      </div>
      {sheet && (
        <ToolsSheet
          active={sheet}
          onSelect={setSheet}
          onClose={() => setSheet(null)}
          tools={[
            { id: 'contents', label: t('reader.tabToc'), icon: 'contents', render: () => <Contents onJump={jump} /> },
            { id: 'bookmarks', label: t('reader.tabBookmarks'), icon: 'bookmark', render: () => <BookmarkList onJump={jump} large /> },
            {
              id: 'search',
              label: t('readerComfort.search'),
              icon: 'search',
              render: () => <EpubSearchPanel state={search} titles={titles} onSearch={(query, options) => void runSearch(query, options)} onCancel={cancelSearch} onClear={clearSearch} onOpen={openResult} />,
            },
            { id: 'display', label: t('readerComfort.display'), icon: 'display', render: () => <ReaderSettings kind={fixedLayout ? 'fixed' : 'epub'} /> },
          ]}
        />
      )}
      <ReaderDialogs readerPath="/read-book-epub" onLeave={() => history.back()} />
    </div>
  );
}

/** The table of contents in the tools sheet. */
function Contents({ onJump }: { onJump: (target: MenuTarget) => void }) {
  const { t } = useTranslation();
  const navigation = useStore($navigation);
  if (navigation === null) return <p className="text-base-content/70 p-2 text-sm">{t('common.loading')}</p>;
  if (navigation.toc.length === 0) return <p className="text-base-content/70 p-2 text-sm">{t('reader.noToc')}</p>;
  return <TocList entries={navigation.toc} onJump={onJump} />;
}
