import { memo, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** Width of a thumbnail. */
const THUMBNAIL_WIDTH = 150;

/**
 * The thumbnail side panel: 20% of the width, one 150 px thumbnail per page
 * labelled 'Page N', drawn when scrolled into view; a click opens the page.
 */
export function Thumbnails({
  doc,
  current,
  firstSize,
  onOpen,
  layout = 'side',
}: {
  doc: PDFDocumentProxy;
  current: number;
  firstSize: { width: number; height: number };
  onOpen: (page: number) => void;
  /** A side panel beside the pages, or a grid filling the tools sheet on a phone. */
  layout?: 'side' | 'grid';
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLElement>(null);
  const [shown, setShown] = useState<Set<number>>(() => new Set());

  useEffect(() => {
    const panel = root.current;
    if (!panel) return;
    const observer = new IntersectionObserver(
      (entries) =>
        setShown((previous) => {
          const next = new Set(previous);
          for (const entry of entries) if (entry.isIntersecting) next.add(Number((entry.target as HTMLElement).dataset.thumb));
          return next;
        }),
      { root: panel, rootMargin: '200px 0px' },
    );
    panel.querySelectorAll('[data-thumb]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [doc]);

  useEffect(() => {
    root.current?.querySelector(`[data-thumb="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const height = Math.round((THUMBNAIL_WIDTH * firstSize.height) / firstSize.width);
  const items = [];
  for (let n = 1; n <= doc.numPages; n++) {
    items.push(
      <li key={n} data-thumb={n}>
        <button
          type="button"
          className={`flex w-full flex-col items-center gap-1 rounded p-2 ${n === current ? 'bg-primary/15 ring-primary ring-2' : 'hover:bg-base-200'}`}
          aria-current={n === current ? 'page' : undefined}
          onClick={() => onOpen(n)}
        >
          <Thumbnail doc={doc} number={n} draw={shown.has(n)} height={height} fluid={layout === 'grid'} />
          <span className="text-xs">{t('reader.thumbnailLabel', { page: n })}</span>
        </button>
      </li>,
    );
  }
  return (
    <nav
      ref={root}
      aria-label={t('reader.thumbnailPanel')}
      className={layout === 'grid' ? 'max-h-[48dvh] w-full overflow-y-auto' : 'bg-base-100 border-base-300 h-full w-[20%] min-w-[172px] shrink-0 overflow-y-auto border-r'}
    >
      <ul className={layout === 'grid' ? 'grid grid-cols-3 gap-1' : 'flex flex-col gap-1 p-1'}>{items}</ul>
    </nav>
  );
}

const Thumbnail = memo(function Thumbnail({ doc, number, draw, height, fluid }: { doc: PDFDocumentProxy; number: number; draw: boolean; height: number; fluid: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!draw) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void doc.getPage(number).then((page) => {
      if (cancelled || !canvas.current) return;
      const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / page.getViewport({ scale: 1 }).width });
      canvas.current.width = Math.floor(viewport.width);
      canvas.current.height = Math.floor(viewport.height);
      task = page.render({ canvas: canvas.current, viewport });
      task.promise.catch(() => {});
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, draw]);
  if (fluid) return <canvas ref={canvas} width={THUMBNAIL_WIDTH} height={height} className="h-auto w-full max-w-[150px] bg-white shadow-sm" aria-hidden="true" />;
  return <canvas ref={canvas} width={THUMBNAIL_WIDTH} height={height} className="bg-white shadow-sm" style={{ width: THUMBNAIL_WIDTH, height: 'auto' }} aria-hidden="true" />;
});
