import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchOptions } from '../../lib/reader/search.ts';
import { searchDocument, type EpubSearchResult, type LoadedSection } from '../../lib/reader/epub-search.ts';

/** The state of a search through an EPUB. */
export interface EpubSearchState {
  query: string;
  options: SearchOptions;
  results: EpubSearchResult[];
  /** 0-based index of the result on screen, or -1. */
  current: number;
  running: boolean;
  /** Chapters searched so far, of `sections`. */
  searched: number;
  sections: number;
  /** True once every chapter was searched; false after a cancel. */
  done: boolean;
  cancelled: boolean;
  /** Chapters that could not be read. */
  failed: number;
}

export const EMPTY_EPUB_SEARCH: EpubSearchState = { query: '', options: { matchCase: false, wholeWord: false }, results: [], current: -1, running: false, searched: 0, sections: 0, done: false, cancelled: false, failed: 0 };

/** What the search needs of the open book: its chapter count and a way to read one chapter. */
export interface SearchableBook {
  sections: number;
  /** Reads spine position `index` for searching (null for a chapter that is not part of the reading order). */
  load(index: number): Promise<LoadedSection | null>;
}

/**
 * Searches every chapter of an EPUB in reading order, one at a time: each is fetched, searched and
 * let go before the next (only the results stay). Results and progress show as chapters are done;
 * a new search or a cancel stops the one running.
 */
export function useEpubSearch(book: SearchableBook | null) {
  const [state, setState] = useState<EpubSearchState>(EMPTY_EPUB_SEARCH);
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);

  const search = useCallback(
    async (query: string, options: SearchOptions) => {
      if (!book || query.trim() === '') return;
      const id = ++run.current;
      const results: EpubSearchResult[] = [];
      let failed = 0;
      setState({ ...EMPTY_EPUB_SEARCH, query, options, running: true, sections: book.sections });
      for (let index = 0; index < book.sections; index++) {
        let found: EpubSearchResult[] = [];
        try {
          const loaded = await book.load(index);
          if (id !== run.current) return;
          if (loaded) found = searchDocument(index, loaded, query, options);
        } catch (error) {
          if (id !== run.current) return;
          failed += 1;
          console.warn(`Chapter ${index + 1} could not be searched`, error);
        }
        results.push(...found);
        const snapshot = [...results];
        setState((previous) => ({ ...previous, results: snapshot, searched: index + 1, failed }));
      }
      if (id === run.current) setState((previous) => ({ ...previous, running: false, done: true }));
    },
    [book],
  );

  const cancel = useCallback(() => {
    run.current += 1;
    setState((previous) => ({ ...previous, running: false, cancelled: previous.running }));
  }, []);

  const clear = useCallback(() => {
    run.current += 1;
    setState(EMPTY_EPUB_SEARCH);
  }, []);

  /** Makes result `index` (already wrapped by the caller) the current one. */
  const select = useCallback((index: number) => setState((previous) => ({ ...previous, current: index })), []);

  return { state, search, cancel, clear, select };
}
