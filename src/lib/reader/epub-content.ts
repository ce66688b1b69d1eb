/**
 * What the EPUB reader adds around epub.js 0.3.93 for books it does not handle by itself: SVG
 * pages, a layout per page (`rendition:layout` on a spine item), pages without text, and chapters
 * that fail to load.
 */

import { inertStyleElement } from './epub-csp.ts';

export type PageLayout = 'reflowable' | 'pre-paginated';

const XHTML = 'http://www.w3.org/1999/xhtml';

/** A length of an SVG root (`600`, `600px`), or null for relative or missing ones. */
function svgLength(value: string | null): number | null {
  const match = value ? /^\s*([\d.]+)\s*(px)?\s*$/.exec(value) : null;
  const number = match ? Number(match[1]) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** The size an SVG page is drawn at: its width and height, else its viewBox. */
export function svgPageSize(svg: Element): { width: number; height: number } {
  const box = (svg.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
  const boxWidth = box.length === 4 && box[2]! > 0 ? box[2]! : null;
  const boxHeight = box.length === 4 && box[3]! > 0 ? box[3]! : null;
  const width = svgLength(svg.getAttribute('width'));
  const height = svgLength(svg.getAttribute('height'));
  if (width && height) return { width, height };
  // One side known: the viewBox's proportions; none: the viewBox; nothing at all: a portrait page.
  if (boxWidth && boxHeight) {
    if (width) return { width, height: (width * boxHeight) / boxWidth };
    if (height) return { width: (height * boxWidth) / boxHeight, height };
    return { width: boxWidth, height: boxHeight };
  }
  return { width: 1000, height: 1414 };
}

/**
 * An SVG content document as the page epub.js can lay out: an XHTML page holding the SVG, with a
 * viewport of the SVG's size, so a fixed-layout book scales the whole page into view.
 * @throws Error when the text is not a well-formed SVG document.
 */
export function svgAsPage(text: string): Document {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = parsed.documentElement;
  if (parsed.getElementsByTagName('parsererror').length > 0 || svg.localName !== 'svg') throw new Error('The page is not a well-formed SVG document.');
  const { width, height } = svgPageSize(svg);
  const page = document.implementation.createDocument(XHTML, 'html', null);
  const head = page.createElementNS(XHTML, 'head');
  const title = page.createElementNS(XHTML, 'title');
  title.textContent = svg.querySelector('title')?.textContent ?? '';
  const viewport = page.createElementNS(XHTML, 'meta');
  viewport.setAttribute('name', 'viewport');
  viewport.setAttribute('content', `width=${Math.round(width)}, height=${Math.round(height)}`);
  const style = inertStyleElement(page, XHTML, `html, body { margin: 0; padding: 0; } body > svg { display: block; width: ${width}px; height: ${height}px; }`);
  head.append(title, viewport, style);
  const body = page.createElementNS(XHTML, 'body');
  body.append(page.importNode(svg, true));
  page.documentElement.append(head, body);
  return page;
}

/** A spine item's layout: its own `rendition:layout-*` property, else the book's. */
export function sectionLayout(properties: readonly string[] | undefined, bookLayout: PageLayout): PageLayout {
  if (properties?.includes('rendition:layout-pre-paginated')) return 'pre-paginated';
  if (properties?.includes('rendition:layout-reflowable')) return 'reflowable';
  return bookLayout;
}

interface SectionLike {
  index: number;
  properties?: string[];
  render(request?: unknown): Promise<string>;
}

/** True when some page of the book is laid out differently from the book itself. */
export function hasMixedLayout(sections: readonly SectionLike[], bookLayout: PageLayout): boolean {
  return sections.some((section) => sectionLayout(section.properties, bookLayout) !== bookLayout);
}

interface RenditionLike {
  settings: { globalLayoutProperties: Record<string, unknown> };
  layout(settings: Record<string, unknown>): unknown;
  manager?: { layout?: { name: string }; createView(section: SectionLike, forceRight?: boolean): unknown };
}

/**
 * Lays every page out in its own layout: epub.js 0.3.93 reads `rendition:layout` for the whole
 * book only. Before epub.js makes the view of a page whose layout differs from the current one,
 * the rendition switches layout (epub.js makes one view at a time when spreads are off).
 */
export function followPageLayouts(rendition: RenditionLike, bookLayout: PageLayout): void {
  const manager = rendition.manager;
  if (!manager) return;
  const createView = manager.createView.bind(manager);
  manager.createView = (section, forceRight) => {
    const wanted = sectionLayout(section.properties, bookLayout);
    if (manager.layout?.name !== wanted) rendition.layout({ ...rendition.settings.globalLayoutProperties, layout: wanted });
    return createView(section, forceRight);
  };
}

/**
 * Calls `onFailure` when a chapter cannot be loaded or prepared: epub.js drops such errors when
 * turning pages and leaves the page blank.
 */
export function reportRenderFailures(sections: readonly SectionLike[], onFailure: (error: unknown) => void): void {
  for (const section of sections) {
    const render = section.render.bind(section);
    section.render = (request) =>
      render(request).catch((error: unknown) => {
        onFailure(error);
        throw error;
      });
  }
}

/** The 0-based spine position a location CFI points into (`epubcfi(/6/4!...)` is 1). */
export function spinePositionOf(cfi: string): number | null {
  const match = /^epubcfi\(\/\d+\/(\d+)/.exec(cfi);
  return match ? Number(match[1]) / 2 - 1 : null;
}

/** For each spine position, the first and last index of its locations. */
export function sectionLocationRanges(locations: readonly string[]): Map<number, [number, number]> {
  const ranges = new Map<number, [number, number]>();
  locations.forEach((cfi, index) => {
    const position = spinePositionOf(cfi);
    if (position === null) return;
    const range = ranges.get(position);
    if (range) range[1] = index;
    else ranges.set(position, [index, index]);
  });
  return ranges;
}

/**
 * The location shown for a page of spine position `section`, from epub.js's `locationFromCfi`
 * answer (`found`, which is where the CFI would be inserted, or -1): kept within the section's own
 * locations, so a page without text never takes the next page's number.
 */
export function locationInSection(ranges: Map<number, [number, number]>, section: number, found: number): number {
  const range = ranges.get(section);
  if (!range) return Math.max(found, 0);
  return Math.min(Math.max(found, range[0]), range[1]);
}
