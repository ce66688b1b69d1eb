/*
 * Search matches highlighted in a chapter frame with the CSS Custom Highlight API: the chapter's
 * markup is never changed, so its layout and locations stay as they are.
 */

const ALL = 'epub-search';
const CURRENT = 'epub-search-current';

/** The frame sheet that colours the highlights (every match, and the one opened more strongly). */
export const SEARCH_HIGHLIGHT_CSS = `::highlight(${ALL}) { background-color: rgb(250 204 21 / 0.45); color: inherit; }\n::highlight(${CURRENT}) { background-color: rgb(234 88 12 / 0.55); color: inherit; }`;

interface FrameContents {
  window: Window;
  range(cfi: string): Range;
}

type HighlightWindow = Window & { Highlight?: new (...ranges: Range[]) => unknown; CSS?: { highlights?: Map<string, unknown> } };

/**
 * Highlights the matches `cfis` of the chapter in `contents`, `current` (one of them, or null) as
 * the one opened. Browsers without the Highlight API show the page without highlights.
 */
export function highlightMatches(contents: FrameContents, cfis: readonly string[], current: string | null): void {
  const view = contents.window as HighlightWindow;
  const registry = view.CSS?.highlights;
  if (!registry || !view.Highlight) return;
  const ranges: Range[] = [];
  let currentRange: Range | null = null;
  for (const cfi of cfis) {
    try {
      const range = contents.range(cfi);
      if (!range) continue;
      if (cfi === current) currentRange = range;
      else ranges.push(range);
    } catch {
      // A match the chapter on screen no longer has (another edition) is left out.
    }
  }
  registry.delete(ALL);
  registry.delete(CURRENT);
  if (ranges.length) registry.set(ALL, new view.Highlight(...ranges));
  if (currentRange) registry.set(CURRENT, new view.Highlight(currentRange));
}
