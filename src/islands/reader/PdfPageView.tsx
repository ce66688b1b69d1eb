import { memo, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { pageTextContent, type PdfJs } from '../../lib/reader/pdf.ts';
import { buildPageText, highlightSegments, type Match } from '../../lib/reader/search.ts';

interface Props {
  lib: PdfJs;
  doc: PDFDocumentProxy;
  number: number;
  zoom: number;
  /** Page size at zoom 1 (PDF points), before the page itself is known. */
  size: { width: number; height: number };
  visible: boolean;
  matches: Match[] | undefined;
  /** Index within `matches` of the current match, or -1. */
  selected: number;
  onSize: (number: number, size: { width: number; height: number }) => void;
  onRendered?: (number: number) => void;
}

/**
 * One page: a placeholder of the right size, drawn (canvas plus a selectable text layer for screen
 * readers) only while it is on or near the screen, and highlighted where the search matched.
 */
export const PdfPageView = memo(function PdfPageView({ lib, doc, number, zoom, size, visible, matches, selected, onSize, onRendered }: Props) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const layer = useRef<{ divs: HTMLElement[]; items: { str?: string; hasEOL?: boolean }[] } | null>(null);
  const rendered = useRef<string | null>(null);
  // Until its picture is drawn, a page shows that it is on its way, never a blank white sheet.
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const key = `${zoom}`;
    if (rendered.current === key) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    let textLayer: InstanceType<PdfJs['TextLayer']> | null = null;
    (async () => {
      const page = await doc.getPage(number);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      if (base.width !== size.width || base.height !== size.height) onSize(number, { width: base.width, height: base.height });
      const viewport = page.getViewport({ scale: zoom });
      const canvas = canvasRef.current;
      const text = textRef.current;
      if (!canvas || !text) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const offscreen = document.createElement('canvas');
      offscreen.width = Math.floor(viewport.width * ratio);
      offscreen.height = Math.floor(viewport.height * ratio);
      if (number === 1) performance.mark('reader:render-start');
      const render = page.render({ canvas: offscreen, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task = render;
      await render.promise;
      if (cancelled) return;
      // Swapped in whole, so a zoom never shows a half-drawn page.
      canvas.width = offscreen.width;
      canvas.height = offscreen.height;
      canvas.getContext('2d')!.drawImage(offscreen, 0, 0);
      rendered.current = key;
      setDrawn(true);
      onRendered?.(number);
      const content = await pageTextContent(doc, number);
      if (cancelled) return;
      text.replaceChildren();
      text.style.setProperty('--scale-factor', String(zoom));
      text.style.setProperty('--total-scale-factor', String(zoom));
      textLayer = new lib.TextLayer({ textContentSource: content, container: text, viewport });
      await textLayer.render();
      if (cancelled) return;
      layer.current = { divs: textLayer.textDivs, items: content.items as { str?: string; hasEOL?: boolean }[] };
      applyHighlights(selectedRef.current >= 0);
    })().catch((error: unknown) => {
      if ((error as { name?: string })?.name !== 'RenderingCancelledException') console.warn(`Page ${number} could not be drawn`, error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, zoom, doc, number]);

  useEffect(() => {
    if (visible) return;
    // Pages off screen give their bitmaps back: a long book would not fit in memory.
    rendered.current = null;
    layer.current = null;
    setDrawn(false);
    if (canvasRef.current) {
      canvasRef.current.width = 0;
      canvasRef.current.height = 0;
    }
    textRef.current?.replaceChildren();
  }, [visible]);

  const applyHighlights = (scroll = false) => {
    const current = layer.current;
    if (!current) return;
    const pageText = buildPageText(current.items);
    const segments = highlightSegments(pageText, matchesRef.current ?? [], selectedRef.current);
    current.divs.forEach((div, index) => {
      const parts = segments[index] ?? [];
      if (parts.every((part) => part.mark === 'none')) {
        if (div.childElementCount > 0) div.textContent = pageText.items[index] ?? '';
        return;
      }
      div.replaceChildren(
        ...parts.map((part) => {
          if (part.mark === 'none') return document.createTextNode(part.text);
          const mark = document.createElement('span');
          mark.className = part.mark === 'selected' ? 'highlight selected' : 'highlight';
          mark.textContent = part.text;
          return mark;
        }),
      );
    });
    if (scroll) current.divs.find((div) => div.querySelector('.selected'))?.querySelector('.selected')?.scrollIntoView({ block: 'center' });
  };
  const matchesRef = useRef(matches);
  const selectedRef = useRef(selected);
  matchesRef.current = matches;
  selectedRef.current = selected;
  useEffect(() => applyHighlights(), [matches]);
  useEffect(() => applyHighlights(true), [selected]);

  const width = size.width * zoom;
  const height = size.height * zoom;
  return (
    <div
      data-page={number}
      role="region"
      aria-label={t('reader.pageLabel', { page: number })}
      className="pdf-page relative mx-auto shrink-0 bg-white shadow-md"
      style={{ width, height }}
    >
      <canvas ref={canvasRef} className="absolute inset-0 h-full w-full" aria-hidden="true" />
      {!drawn && (
        <div className="absolute inset-0 flex items-center justify-center" data-page-drawing="" aria-hidden="true">
          <span className="loading loading-spinner loading-lg text-base-content/40" />
        </div>
      )}
      <div ref={textRef} className="textLayer" />
    </div>
  );
});
