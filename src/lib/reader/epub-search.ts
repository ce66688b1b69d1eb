/*
 * Search through an EPUB: each chapter is fetched, searched and let go in turn, so at most one
 * chapter's document is held beyond those on screen. A match is kept as an excerpt of plain text
 * and a CFI, which the reader displays and highlights.
 */
import type { TocEntry } from './schema.ts';
import { findMatches, type SearchOptions } from './search.ts';

/** A chapter's text as one string, and where each of its text nodes starts in it. */
export interface DocumentText {
  text: string;
  nodes: Text[];
  starts: number[];
}

/** Elements whose text is not part of what the reader shows. */
const SKIPPED = new Set(['script', 'style', 'epub-style', 'head', 'title', 'noscript', 'template']);
/** Elements that start a line of their own: their text never runs into the text before it. */
const BLOCKS = new Set(['address', 'article', 'aside', 'blockquote', 'body', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul']);

function blockOf(node: Node): Node | null {
  for (let el = node.parentNode; el; el = el.parentNode) if (el.nodeType === 1 && BLOCKS.has((el as Element).localName)) return el;
  return null;
}

/** The text of a chapter's body, with a line break between blocks (paragraphs, headings, cells). */
export function documentText(doc: Document): DocumentText {
  const root = doc.body ?? doc.getElementsByTagNameNS('*', 'body')[0] ?? doc.documentElement;
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  let lastBlock: Node | null = null;
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const value = child.nodeValue ?? '';
        if (value === '') continue;
        const block = blockOf(child);
        if (nodes.length > 0 && block !== lastBlock) text += '\n';
        lastBlock = block;
        nodes.push(child as Text);
        starts.push(text.length);
        text += value;
      } else if (child.nodeType === 1 && !SKIPPED.has((child as Element).localName)) {
        walk(child);
      }
    }
  };
  if (root) walk(root);
  return { text, nodes, starts };
}

/** The text node holding offset `at` of {@link DocumentText.text}, and the offset within it. */
function pointAt(map: DocumentText, at: number, end: boolean): [Text, number] {
  let low = 0;
  let high = map.starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (map.starts[mid]! < at || (!end && map.starts[mid] === at)) low = mid;
    else high = mid - 1;
  }
  const node = map.nodes[low]!;
  return [node, Math.min(Math.max(0, at - map.starts[low]!), node.length)];
}

/** A DOM range over [from, to) of a chapter's text. */
export function rangeOf(doc: Document, map: DocumentText, from: number, to: number): Range {
  const range = doc.createRange();
  const [startNode, startOffset] = pointAt(map, from, false);
  const [endNode, endOffset] = pointAt(map, to, true);
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  return range;
}

/** The words around a match, on one line: up to `radius` characters each side, cut at a space. */
export function excerptOf(text: string, from: number, to: number, radius = 48): { before: string; match: string; after: string } {
  const flat = (value: string) => value.replace(/\s+/g, ' ');
  let start = Math.max(0, from - radius);
  let end = Math.min(text.length, to + radius);
  if (start > 0) {
    const space = text.slice(start, from).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  if (end < text.length) {
    const space = text.slice(to, end).search(/\s\S*$/);
    if (space >= 0) end = to + space;
  }
  return {
    before: (start > 0 ? '…' : '') + flat(text.slice(start, from)).trimStart(),
    match: flat(text.slice(from, to)),
    after: flat(text.slice(to, end)).trimEnd() + (end < text.length ? '…' : ''),
  };
}

/** A match found in the book. */
export interface EpubSearchResult {
  /** The spine position of its chapter. */
  section: number;
  cfi: string;
  before: string;
  match: string;
  after: string;
}

/** A chapter's document parsed, and the maker of CFIs for ranges in it. */
export interface LoadedSection {
  doc: Document;
  cfiOf: (range: Range) => string;
}

/** Every match in one chapter's document. */
export function searchDocument(section: number, loaded: LoadedSection, query: string, options: SearchOptions): EpubSearchResult[] {
  const map = documentText(loaded.doc);
  if (map.nodes.length === 0) return [];
  return findMatches(map.text, query, options).map(([from, to]) => ({ section, cfi: loaded.cfiOf(rangeOf(loaded.doc, map, from, to)), ...excerptOf(map.text, from, to) }));
}

function pathOf(href: string): string {
  const bare = href.split('#')[0]!;
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/**
 * The chapter title of each spine position from the table of contents: a file's first entry, or
 * the title of the last chapter before it that has one (a chapter split over several files).
 */
export function chapterTitles(toc: readonly TocEntry[], spineHrefs: readonly string[]): (string | null)[] {
  const byFile = new Map<string, string>();
  const visit = (entries: readonly TocEntry[]) => {
    for (const entry of entries) {
      if (entry.href) {
        const file = pathOf(entry.href);
        if (!byFile.has(file) && entry.title.trim() !== '') byFile.set(file, entry.title.trim());
      }
      visit(entry.items);
    }
  };
  visit(toc);
  let last: string | null = null;
  return spineHrefs.map((href) => {
    last = byFile.get(pathOf(href)) ?? last;
    return last;
  });
}
