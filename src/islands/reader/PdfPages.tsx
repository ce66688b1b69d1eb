import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { PdfJs } from '../../lib/reader/pdf.ts';
import type { PdfSearch } from './usePdfSearch.ts';
import { PdfPageView } from './PdfPageView.tsx';
import { usePinchZoom, type Focus } from './usePinchZoom.ts';
import { useSwipe } from './useSwipe.ts';

export interface PdfPagesHandle {
  /** Scrolls page `n` to the top. */
  goTo(page: number): void;
  focus(): void;
}

interface Props {
  lib: PdfJs;
  doc: PDFDocumentProxy;
  zoom: number;
  firstSize: { width: number; height: number };
  startPage: number;
  search: PdfSearch;
  onPage: (page: number) => void;
  onFirstPaint: () => void;
  /** Page by page: each page snaps into view and a horizontal swipe turns it. */
  paged?: boolean;
  /** A pinch scaled the pages by `factor`; a double tap asks for the other of fit and zoomed in. */
  onPinch?: (factor: number) => void;
  onDoubleTap?: () => void;
  ref?: Ref<PdfPagesHandle>;
}

/**
 * The scrolling column of pages. Every page has a placeholder of its size; only pages on or near
 * the screen are drawn. The page in the upper part of the view is the current page.
 */
export function PdfPages({ lib, doc, zoom, firstSize, startPage, search, onPage, onFirstPaint, paged = false, onPinch, onDoubleTap, ref }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [sizes, setSizes] = useState<Map<number, { width: number; height: number }>>(() => new Map());
  const [visible, setVisible] = useState<Set<number>>(() => new Set([startPage]));
  const current = useRef(startPage);
  const pageCount = doc.numPages;
  const painted = useRef(false);

  const goTo = useCallback((page: number) => {
    const el = container.current?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (el && container.current) container.current.scrollTop = el.offsetTop - 12;
  }, []);

  useImperativeHandle(ref, () => ({ goTo, focus: () => container.current?.focus() }), [goTo]);

  // Opens at the start page, and keeps the current page in view when the zoom changes; after a
  // pinch or a double tap, the point under the fingers stays where it was.
  const anchor = useRef<Focus | null>(null);
  const previousZoom = useRef(zoom);
  useEffect(() => {
    const root = container.current;
    const focus = anchor.current;
    const ratio = zoom / previousZoom.current;
    anchor.current = null;
    previousZoom.current = zoom;
    if (root && focus && ratio !== 1) {
      root.scrollLeft = (root.scrollLeft + focus.x) * ratio - focus.x;
      root.scrollTop = (root.scrollTop + focus.y) * ratio - focus.y;
      return;
    }
    goTo(current.current);
  }, [zoom, goTo]);

  usePinchZoom(container, {
    onPinch: (factor, focus) => {
      anchor.current = focus;
      onPinch?.(factor);
    },
    onDoubleTap: (focus) => {
      anchor.current = focus;
      onDoubleTap?.();
    },
  });
  const turn = useCallback((direction: 'left' | 'right') => goTo(Math.min(pageCount, Math.max(1, current.current + (direction === 'left' ? 1 : -1)))), [goTo, pageCount]);
  useSwipe(container, turn, paged);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setVisible((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        });
      },
      { root, rootMargin: '50% 0px' },
    );
    root.querySelectorAll('[data-page]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [pageCount]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const line = root.scrollTop + root.clientHeight / 3;
        let page = 1;
        for (const el of root.querySelectorAll<HTMLElement>('[data-page]')) {
          if (el.offsetTop > line) break;
          page = Number(el.dataset.page);
        }
        if (page !== current.current) {
          current.current = page;
          onPage(page);
        }
      });
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      root.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [onPage]);

  // The current search match's page comes into view.
  useEffect(() => {
    if (search.currentAt && !visible.has(search.currentAt.page)) goTo(search.currentAt.page);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.currentAt?.page, search.current]);

  const onSize = useCallback((page: number, size: { width: number; height: number }) => {
    setSizes((previous) => new Map(previous).set(page, size));
  }, []);
  const onRendered = useCallback(() => {
    if (painted.current) return;
    painted.current = true;
    onFirstPaint();
  }, [onFirstPaint]);

  const pages = [];
  for (let n = 1; n <= pageCount; n++) {
    const selected = search.currentAt?.page === n ? search.currentAt.index : -1;
    pages.push(
      <PdfPageView
        key={n}
        lib={lib}
        doc={doc}
        number={n}
        zoom={zoom}
        size={sizes.get(n) ?? firstSize}
        visible={visible.has(n)}
        matches={search.matches.get(n)}
        selected={selected}
        onSize={onSize}
        onRendered={onRendered}
      />,
    );
  }
  return (
    <div
      ref={container}
      tabIndex={0}
      role="document"
      aria-label={t('reader.document')}
      data-flow={paged ? 'paged' : 'scroll'}
      className="reader-pages bg-base-300 flex h-full min-h-0 flex-1 touch-pan-x touch-pan-y flex-col gap-3 overflow-auto overscroll-contain p-3 outline-none max-[642px]:px-0 max-[642px]:py-2"
    >
      {pages}
    </div>
  );
}
