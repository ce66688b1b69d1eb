import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TocEntry } from '../../lib/reader/schema.ts';
import { setFrameSheet } from '../../lib/reader/epub-csp.ts';
import { chapterTitles } from '../../lib/reader/epub-search.ts';
import { highlightMatches, SEARCH_HIGHLIGHT_CSS } from '../../lib/reader/epub-highlights.ts';
import { useEpubSearch, type SearchableBook } from './useEpubSearch.ts';

/** A chapter frame as epub.js hands it over: its document, window and spine position. */
export type SearchFrame = Parameters<typeof highlightMatches>[0] & { document: Document; sectionIndex: number };

/** What the search needs of epub.js's rendition: the frames on screen, and a way to show a place. */
interface SearchRendition {
  getContents(): unknown;
  display(target: string): Promise<unknown>;
}

/** The searchable chapters of an open book, with each chapter's file, for the results' chapter titles. */
export type SearchableChapters = SearchableBook & { hrefs: string[] };

/**
 * The EPUB reader's search wired to its pages: the search through every chapter, the chapter titles
 * of its results, the matches highlighted in the chapters on screen (the one opened most strongly)
 * and the opening of a result. `onResultShown` runs when a result is opened (a phone closes its
 * sheet then, so the page shows).
 */
export function useEpubSearchView(rendition: RefObject<SearchRendition | null>, toc: readonly TocEntry[] | undefined, onResultShown: () => void) {
  const [searchable, setSearchable] = useState<SearchableChapters | null>(null);
  const { state: search, search: run, cancel, clear, select } = useEpubSearch(searchable);
  // The result opened last, kept while the results stay; highlighted more strongly than the others.
  const openedCfi = useRef<string | null>(null);
  openedCfi.current = search.results[search.current]?.cfi ?? openedCfi.current;
  if (search.results.length === 0) openedCfi.current = null;
  // Set on each render, read by epub.js's hook for each chapter frame it lays out.
  const highlightRef = useRef<(contents: SearchFrame) => void>(() => {});
  highlightRef.current = (contents) => {
    highlightMatches(contents, search.results.filter((result) => result.section === contents.sectionIndex).map((result) => result.cfi), openedCfi.current);
  };
  const highlightOnScreen = () => {
    for (const contents of (rendition.current?.getContents() ?? []) as SearchFrame[]) highlightRef.current(contents);
  };
  // The chapters on screen show the search's matches, the one opened most strongly.
  useEffect(highlightOnScreen, [search.results, search.current]);

  /** Gives a chapter frame the highlights' colours and the current search's matches. */
  const prepareFrame = useRef((contents: SearchFrame) => {
    setFrameSheet(contents.document, 'reader-search', SEARCH_HIGHLIGHT_CSS);
    highlightRef.current(contents);
  }).current;

  /** Opens search result `index`, wrapping around the list. */
  const openResult = (index: number) => {
    const count = search.results.length;
    const view = rendition.current;
    if (!view || count === 0) return;
    const wrapped = ((index % count) + count) % count;
    select(wrapped);
    openedCfi.current = search.results[wrapped]!.cfi;
    onResultShown();
    void view.display(openedCfi.current).then(highlightOnScreen);
  };

  const titles = useMemo(() => chapterTitles(toc ?? [], searchable?.hrefs ?? []), [toc, searchable]);

  return { search, run, cancel, clear, openResult, titles, setSearchable, prepareFrame };
}
