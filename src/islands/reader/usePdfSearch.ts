import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pageTextContent } from '../../lib/reader/pdf.ts';
import { buildPageText, findMatches, type Match, type SearchOptions } from '../../lib/reader/search.ts';

/** The state of a search through a PDF. */
export interface PdfSearch {
  query: string;
  options: SearchOptions;
  /** Matches per page, filled in as pages are read. */
  matches: Map<number, Match[]>;
  total: number;
  /** 0-based index of the current match over the whole book, or -1. */
  current: number;
  /** The page and the index on that page of the current match. */
  currentAt: { page: number; index: number } | null;
  running: boolean;
  /** True once every page was searched. */
  done: boolean;
  /** True once every page was searched and none had any text (a scan without a text layer). */
  noText: boolean;
  /** Pages read so far, of `pages`. */
  searched: number;
  pages: number;
}

const EMPTY: PdfSearch = { query: '', options: { matchCase: false, wholeWord: false }, matches: new Map(), total: 0, current: -1, currentAt: null, running: false, done: false, noText: false, searched: 0, pages: 0 };

function locate(matches: Map<number, Match[]>, current: number): { page: number; index: number } | null {
  if (current < 0) return null;
  let seen = 0;
  for (const page of [...matches.keys()].sort((a, b) => a - b)) {
    const count = matches.get(page)!.length;
    if (current < seen + count) return { page, index: current - seen };
    seen += count;
  }
  return null;
}

/**
 * Searches every page's text in order: the count grows as pages are read, the
 * first match is selected as soon as it is found, and previous/next wrap around.
 */
export function usePdfSearch(doc: PDFDocumentProxy | null, pageCount: number, prefetchAll?: () => Promise<void>) {
  const [state, setState] = useState<PdfSearch>(EMPTY);
  const run = useRef(0);

  useEffect(() => () => void (run.current += 1), []);

  const search = useCallback(
    async (query: string, options: SearchOptions) => {
      if (!doc || query.trim() === '') return;
      const id = ++run.current;
      const matches = new Map<number, Match[]>();
      setState({ ...EMPTY, query, options, matches, running: true, pages: pageCount });
      // Searching reads every page: the rest of the file comes in a few large requests, not page by page.
      void prefetchAll?.().catch(() => {});
      let total = 0;
      let anyText = false;
      for (let page = 1; page <= pageCount; page++) {
        const content = await pageTextContent(doc, page).catch(() => null);
        if (id !== run.current) return;
        // The progress shows every few pages, so a long book does not re-render for each one.
        if (page % 5 === 0 || page === pageCount) setState((previous) => ({ ...previous, searched: page }));
        if (!content) continue;
        const { text } = buildPageText(content.items);
        anyText ||= text.trim() !== '';
        const found = findMatches(text, query, options);
        if (found.length === 0) continue;
        matches.set(page, found);
        total += found.length;
        setState((previous) => {
          const current = previous.current >= 0 ? previous.current : 0;
          return { ...previous, matches: new Map(matches), total, current, currentAt: locate(matches, current) };
        });
      }
      setState((previous) => ({ ...previous, running: false, done: true, noText: !anyText }));
    },
    [doc, pageCount, prefetchAll],
  );

  const step = useCallback((direction: 1 | -1) => {
    setState((previous) => {
      if (previous.total === 0) return previous;
      const current = (previous.current + direction + previous.total) % previous.total;
      return { ...previous, current, currentAt: locate(previous.matches, current) };
    });
  }, []);

  const clear = useCallback(() => {
    run.current += 1;
    setState(EMPTY);
  }, []);

  return { state, search, step, clear };
}
