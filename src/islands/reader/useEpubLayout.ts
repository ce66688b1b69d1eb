import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ReadingPreferences } from '../../lib/reader/preferences-schema.ts';
import { chapterCss, epubGap } from '../../lib/reader/comfort.ts';
import { setFrameSheet } from '../../lib/reader/epub-csp.ts';

/** The settings that change how a chapter is laid out (the theme only recolours it). */
const layoutKey = (p: ReadingPreferences) => `${p.font_size}|${p.font_family}|${p.line_height}|${p.margin}`;

/** What the layout needs of epub.js's rendition: its settings and the chapter frames on screen. */
interface LaidOutRendition {
  settings: unknown;
  getContents(): unknown;
}

/**
 * Keeps epub.js's pages laid out for the stage (`viewer`) and the reader's settings: a change of the
 * stage's size lays the chapter out again at the same place, a change of the settings applies to the
 * chapters on screen at once and re-paginates when it changes the text's size or spacing. `data`
 * is the book on screen: a new one is watched afresh.
 */
export function useEpubLayout(rendition: RefObject<LaidOutRendition | null>, viewer: RefObject<HTMLDivElement | null>, data: unknown, preferences: ReadingPreferences, ready: boolean, fixedLayout: boolean): void {
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;

  // epub.js lays pages out for its frame's size; it follows the window, not the frame, by itself.
  useEffect(() => {
    const element = viewer.current;
    if (!element) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => relayout(false));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [data]);

  /**
   * Lays the chapter out again for the stage's size and the reader's settings, at the same place.
   * `force` re-paginates even when the size has not changed (the text's size or spacing has).
   */
  const relayout = useCallback(
    (force: boolean) => {
      const view = rendition.current as (LaidOutRendition & { manager?: { stage?: unknown; settings: { gap?: number }; _stageSize?: unknown } }) | null;
      const element = viewer.current;
      // Before epub.js has its view manager, or after it was destroyed, there is nothing to lay out.
      if (!view?.manager?.stage || !element || element.clientWidth === 0) return;
      if (!fixedLayout) {
        const gap = epubGap(element.clientWidth, preferencesRef.current.margin);
        view.manager.settings.gap = gap;
        (view.settings as { gap?: number }).gap = gap;
      }
      if (force) view.manager._stageSize = undefined;
      // The place last shown (asking epub.js for the current one fails while it swaps its views).
      const cfi = (view as unknown as { location?: { start?: { cfi?: string } } }).location?.start?.cfi;
      // epub.js's resize takes the place to show again after laying out, which its types leave out.
      (view as unknown as { resize(width: number, height: number, cfi?: string): void }).resize(element.clientWidth, element.clientHeight, force ? cfi : undefined);
    },
    [fixedLayout],
  );

  // A change of the reader's settings applies to the chapters on screen at once.
  const layout = layoutKey(preferences);
  const laidOut = useRef(layout);
  useEffect(() => {
    const view = rendition.current;
    if (!view || !ready) return;
    for (const contents of view.getContents() as unknown as { document: Document }[]) {
      setFrameSheet(contents.document, 'reader-comfort', chapterCss(preferences, fixedLayout));
    }
    if (laidOut.current !== layout) {
      laidOut.current = layout;
      if (!fixedLayout) relayout(true);
    }
  }, [preferences, layout, ready, fixedLayout, relayout]);
}
