import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync, strFromU8 } from 'fflate';
import { IngestError } from './errors.ts';

/** An entry of an EPUB's table of contents; `href` is relative to the package document's folder. */
export interface TocItem {
  label: string;
  href: string;
  items: TocItem[];
}

/** The reading facts of an EPUB the reader needs before it fetches anything. */
export interface EpubFacts {
  /** Path of the package document (OPF) inside the book. */
  packagePath: string;
  version: string;
  title: string | null;
  author: string | null;
  language: string | null;
  /** `pre-paginated` for fixed-layout books. */
  layout: 'reflowable' | 'pre-paginated';
  spread: string | null;
  /** Page progression: right to left for books that read that way. */
  direction: 'ltr' | 'rtl';
  toc: TocItem[];
  /** Spine items by href (relative to the package folder), with the images and style sheets each shows. */
  spine: { href: string; linear: boolean; assets?: string[] }[];
  /** The navigation document (or NCX) epub.js reads, relative to the package folder. */
  navHref?: string | null;
  navKind?: 'nav' | 'ncx' | null;
  /** Every stored resource of the unpacked book with its size: `path inside the book -> bytes`. */
  resources: Record<string, number>;
}

export interface InspectedEpub {
  facts: EpubFacts;
  /** epub.js locations (CFIs every 1024 characters), as `book.locations.generate(1024)` makes them. */
  locations: string[];
  /** The unpacked files, by path inside the book. */
  files: Map<string, Uint8Array>;
  cover: { bytes: Uint8Array; mediaType: string } | null;
  /** The book's own description (`dc:description`), as plain text. */
  description: string | null;
}

/** Characters per location, as epub.js's `locations.generate(1024)`. */
export const LOCATION_CHARS = 1024;

const EPUB_MIMETYPE = 'application/epub+zip';
const COVER_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'];

interface EpubJsLocations {
  parse(contents: unknown, cfiBase: string, chars: number): string[];
}
interface EpubJsCfi {
  generateChapterComponent(spineNodeIndex: number, position: number, id: string | null): string;
}

// epub.js's own location and CFI code, so the browser can `locations.load()` what we compute here.
const require = createRequire(import.meta.url);
const Locations = (require('epubjs/lib/locations.js') as { default: new () => EpubJsLocations }).default;
const EpubCFI = (require('epubjs/lib/epubcfi.js') as { default: new () => EpubJsCfi }).default;

const invalid = (detail: string, cause?: unknown) =>
  new IngestError('epub_invalid', `The EPUB is damaged or incomplete: ${detail}.`, { cause });

/**
 * Unpacks an EPUB, checks its structure (mimetype, container, package, spine files, navigation),
 * and reads its metadata, table of contents, spine, locations and cover.
 * @throws IngestError `epub_invalid`.
 */
export function inspectEpub(bytes: Uint8Array): InspectedEpub {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw invalid(`it is not a complete ZIP archive (${(error as Error).message})`, error);
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    if (!isSafeEntry(name)) throw invalid(`it holds a file with an unsafe name (${JSON.stringify(name)})`);
    if (name !== 'mimetype') files.set(name, data);
  }
  const mimetype = entries.mimetype;
  if (!mimetype || strFromU8(mimetype).trim() !== EPUB_MIMETYPE) throw invalid('its mimetype entry is missing or wrong');

  const container = parseXml(requireFile(files, 'META-INF/container.xml'), 'META-INF/container.xml');
  const rootfile = byLocalName(container, 'rootfile')[0];
  const packagePath = rootfile?.getAttribute('full-path');
  if (!packagePath) throw invalid('META-INF/container.xml names no package document');
  const opf = parseXml(requireFile(files, packagePath), packagePath);
  const base = posix.dirname(packagePath) === '.' ? '' : `${posix.dirname(packagePath)}/`;
  const packageEl = opf.documentElement!;

  const manifest = new Map<string, { href: string; mediaType: string; properties: string[] }>();
  for (const item of byLocalName(opf, 'item')) {
    const id = item.getAttribute('id');
    const href = item.getAttribute('href');
    if (!id || !href) continue;
    manifest.set(id, {
      href: decodeHref(href),
      mediaType: item.getAttribute('media-type') ?? '',
      properties: (item.getAttribute('properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spineEl = byLocalName(opf, 'spine')[0];
  if (!spineEl) throw invalid('its package document has no spine');
  const spineNodeIndex = elementIndex(spineEl);
  const locations = new Locations();
  const spine: EpubFacts['spine'] = [];
  const allLocations: string[] = [];
  byLocalName(spineEl, 'itemref').forEach((ref, position) => {
    const item = manifest.get(ref.getAttribute('idref') ?? '');
    if (!item) throw invalid(`its spine refers to a missing manifest item (${ref.getAttribute('idref')})`);
    const path = base + item.href;
    const linear = ref.getAttribute('linear') !== 'no';
    spine.push({ href: item.href, linear });
    const doc = parseXml(requireFile(files, path), path, contentType(item.mediaType));
    spine[spine.length - 1]!.assets = chapterAssets(doc, item.href, files, base);
    if (!linear) return;
    const cfiBase = new EpubCFI().generateChapterComponent(spineNodeIndex, position, ref.getAttribute('id'));
    allLocations.push(...chapterLocations(locations, doc, cfiBase, item.href));
  });
  if (spine.length === 0) throw invalid('its spine is empty');

  const meta = readMetadata(opf);
  const toc = readToc(files, manifest, base, spineEl);
  const nav = navigationDocument(manifest, spineEl);
  const resources: Record<string, number> = {};
  for (const [name, data] of files) resources[name] = data.length;

  return {
    facts: {
      packagePath,
      version: packageEl.getAttribute('version') ?? '',
      ...meta,
      direction: spineEl.getAttribute('page-progression-direction') === 'rtl' ? 'rtl' : 'ltr',
      toc,
      spine,
      resources,
      navHref: nav?.href ?? null,
      navKind: nav?.kind ?? null,
    },
    locations: allLocations,
    files,
    cover: readCover(files, manifest, base, opf),
    description: readDescription(opf),
  };
}

/**
 * A chapter's locations as epub.js makes them. A page without text (a picture, an SVG document,
 * which has no body) still gets one location of its own, so it never shares its number with the
 * next page. Anything epub.js throws becomes an ingest error naming the chapter.
 */
function chapterLocations(locations: EpubJsLocations, doc: Document, cfiBase: string, href: string): string[] {
  const body = byLocalName(doc, 'body')[0];
  let found: string[] = [];
  if (body) {
    try {
      found = locations.parse(doc.documentElement, cfiBase, LOCATION_CHARS);
    } catch (error) {
      throw new IngestError('epub_locations_failed', `The EPUB's reading locations could not be made in ${href} (${(error as Error).message}).`, { cause: error });
    }
  }
  if (found.length > 0) return found;
  // The body: the element after the head. The reader shows an SVG page inside an XHTML page whose body is the same step.
  const step = body ? (childElements(doc.documentElement!).indexOf(body) + 1) * 2 : 4;
  return [`epubcfi(${cfiBase}!/${step})`];
}

/** `dc:description` as plain text: some books put escaped HTML in it. */
function readDescription(opf: Document): string | null {
  const raw = byLocalName(opf, 'description')[0]?.textContent ?? '';
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/** The file epub.js takes its navigation from: the EPUB 3 nav document, else the NCX. */
function navigationDocument(
  manifest: Map<string, { href: string; mediaType: string; properties: string[] }>,
  spineEl: Element,
): { href: string; kind: 'nav' | 'ncx' } | null {
  const nav = [...manifest.values()].find((item) => item.properties.includes('nav'));
  if (nav) return { href: nav.href, kind: 'nav' };
  const ncxId = spineEl.getAttribute('toc');
  const ncx = (ncxId && manifest.get(ncxId)) || [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  return ncx ? { href: ncx.href, kind: 'ncx' } : null;
}

/** The images and style sheets a chapter shows, relative to the package folder (those in the book only). */
function chapterAssets(doc: Document, href: string, files: Map<string, Uint8Array>, base: string): string[] {
  const dir = posix.dirname(href);
  const refs: string[] = [];
  for (const el of byLocalName(doc, 'img')) refs.push(el.getAttribute('src') ?? '');
  for (const el of byLocalName(doc, 'image')) refs.push(el.getAttribute('xlink:href') ?? el.getAttribute('href') ?? '');
  for (const el of byLocalName(doc, 'link')) if (/stylesheet/i.test(el.getAttribute('rel') ?? '') && !/alternate/i.test(el.getAttribute('rel') ?? '')) refs.push(el.getAttribute('href') ?? '');
  const assets = new Set<string>();
  for (const ref of refs) {
    if (!ref || /^[a-z]+:/i.test(ref) || ref.startsWith('#')) continue;
    const path = joinHref(dir, ref).split('#')[0]!;
    if (files.has(base + path)) assets.add(path);
  }
  return [...assets];
}

function readMetadata(opf: Document): Pick<EpubFacts, 'title' | 'author' | 'language' | 'layout' | 'spread'> {
  const text = (name: string) => byLocalName(opf, name)[0]?.textContent?.replace(/\s+/g, ' ').trim() || null;
  let layout: EpubFacts['layout'] = 'reflowable';
  let spread: string | null = null;
  for (const meta of byLocalName(opf, 'meta')) {
    const property = meta.getAttribute('property');
    const value = meta.textContent?.trim() ?? '';
    if (property === 'rendition:layout' && value === 'pre-paginated') layout = 'pre-paginated';
    if (property === 'rendition:spread') spread = value || null;
  }
  return { title: text('title'), author: text('creator'), language: text('language'), layout, spread };
}

function readToc(
  files: Map<string, Uint8Array>,
  manifest: Map<string, { href: string; mediaType: string; properties: string[] }>,
  base: string,
  spineEl: Element,
): TocItem[] {
  const nav = [...manifest.values()].find((item) => item.properties.includes('nav'));
  if (nav) {
    const path = base + nav.href;
    const doc = parseXml(requireFile(files, path), path, 'application/xhtml+xml');
    const navs = byLocalName(doc, 'nav');
    const tocNav = navs.find((el) => /\btoc\b/.test(el.getAttribute('epub:type') ?? el.getAttributeNS?.('http://www.idpf.org/2007/ops', 'type') ?? '')) ?? navs[0];
    const list = tocNav && childElements(tocNav).find((el) => el.localName === 'ol');
    if (list) return readNavList(list, posix.dirname(nav.href));
  }
  const ncxId = spineEl.getAttribute('toc');
  const ncx = (ncxId && manifest.get(ncxId)) || [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  if (ncx) {
    const path = base + ncx.href;
    const doc = parseXml(requireFile(files, path), path);
    const navMap = byLocalName(doc, 'navMap')[0];
    if (navMap) return readNavPoints(navMap, posix.dirname(ncx.href));
  }
  return [];
}

function readNavList(list: Element, dir: string): TocItem[] {
  const items: TocItem[] = [];
  for (const li of childElements(list).filter((el) => el.localName === 'li')) {
    const children = childElements(li);
    const link = children.find((el) => el.localName === 'a' || el.localName === 'span');
    const sub = children.find((el) => el.localName === 'ol');
    const href = link?.getAttribute('href');
    items.push({
      label: link?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      href: href ? joinHref(dir, href) : '',
      items: sub ? readNavList(sub, dir) : [],
    });
  }
  return items;
}

function readNavPoints(parent: Element, dir: string): TocItem[] {
  return childElements(parent)
    .filter((el) => el.localName === 'navPoint')
    .map((point) => {
      const label = childElements(point).find((el) => el.localName === 'navLabel');
      const src = childElements(point).find((el) => el.localName === 'content')?.getAttribute('src');
      return {
        label: label?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        href: src ? joinHref(dir, src) : '',
        items: readNavPoints(point, dir),
      };
    });
}

function readCover(
  files: Map<string, Uint8Array>,
  manifest: Map<string, { href: string; mediaType: string; properties: string[] }>,
  base: string,
  opf: Document,
): InspectedEpub['cover'] {
  let item = [...manifest.values()].find((entry) => entry.properties.includes('cover-image'));
  if (!item) {
    const id = byLocalName(opf, 'meta').find((meta) => meta.getAttribute('name') === 'cover')?.getAttribute('content');
    item = id ? manifest.get(id) : undefined;
  }
  if (!item || !COVER_TYPES.includes(item.mediaType)) return null;
  const bytes = files.get(base + item.href);
  return bytes ? { bytes, mediaType: item.mediaType } : null;
}

/** `href` (relative to the folder `dir`, both relative to the package folder), normalised. */
function joinHref(dir: string, href: string): string {
  const [path = '', fragment] = href.split('#', 2);
  const joined = path === '' ? '' : posix.normalize(posix.join(dir === '.' ? '' : dir, decodeHref(path)));
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

function decodeHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

function isSafeEntry(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return !name.split('/').some((segment) => segment === '..');
}

function requireFile(files: Map<string, Uint8Array>, path: string): Uint8Array {
  const data = files.get(path);
  if (!data) throw invalid(`${path} is missing`);
  return data;
}

function contentType(mediaType: string): string {
  return mediaType === 'text/html' ? 'text/html' : mediaType.includes('svg') ? 'image/svg+xml' : 'application/xhtml+xml';
}

function parseXml(data: Uint8Array, path: string, type = 'application/xml'): Document {
  try {
    return new DOMParser().parseFromString(strFromU8(data), type) as unknown as Document;
  } catch (error) {
    throw invalid(`${path} is not well-formed (${(error as Error).message.split('\n')[0]})`, error);
  }
}

function byLocalName(root: Document | Element, name: string): Element[] {
  return Array.from(root.getElementsByTagNameNS('*', name));
}

function childElements(el: Element): Element[] {
  return Array.from(el.childNodes).filter((node): node is Element => node.nodeType === 1);
}

function elementIndex(el: Element): number {
  return el.parentNode ? childElements(el.parentNode as Element).indexOf(el) : 0;
}
