import type { BookReadingData } from './schema.ts';
import { neutralizeInlineStyles } from './epub-csp.ts';
import { fetchDrmObject, StreamError } from './source.ts';
import { svgAsPage } from './epub-content.ts';

export type EpubJs = typeof import('epubjs').default;

let epubjs: Promise<EpubJs> | undefined;

/** Loads epub.js (only the EPUB reader needs it). */
export function loadEpubJs(): Promise<EpubJs> {
  epubjs ??= import('epubjs').then((module) => module.default);
  return epubjs;
}

// epub.js asks for this file of books that do not name their layout; ours always know it.
const DISPLAY_OPTIONS = 'META-INF/com.apple.ibooks.display-options.xml';
const XML_TYPES = ['xml', 'opf', 'ncx'];
const EMPTY_NAV = '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>toc</title></head><body><nav epub:type="toc"><ol></ol></nav></body></html>';
const EMPTY_NCX = '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap></navMap></ncx>';

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  css: 'text/css',
  otf: 'font/otf',
  ttf: 'font/ttf',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

function extension(url: string): string {
  const path = new URL(url, 'http://local.invalid').pathname;
  return path.slice(path.lastIndexOf('.') + 1).toLowerCase();
}

/**
 * Fetches the resources of an unpacked EPUB one by one: each sealed on its own through
 * storage/streamobject for a DRM book, plain for an open one. Answers are kept, so a resource
 * fetched ahead (the first chapter) is not fetched again.
 */
export function createEpubFetcher(data: BookReadingData) {
  const base = new URL(data.url_file, window.location.origin);
  const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  function objectOf(url: URL): string | null {
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
    return `epub/${decodeURIComponent(url.pathname.slice(base.pathname.length))}`;
  }

  /** A resource's bytes; `keep` false leaves a resource not fetched before out of the cache (a search reads every chapter once). */
  function bytes(input: string, keep = true): Promise<Uint8Array<ArrayBuffer>> {
    const url = new URL(input, base);
    url.hash = '';
    const key = url.pathname;
    let entry = cache.get(key);
    if (!entry) {
      const object = objectOf(url);
      if (!object) return Promise.reject(new StreamError(404, 'outside_book', `${key} is not part of the book.`));
      if (data.isDrm) {
        if (!data.borrow_key || !data.stream.key_salt) return Promise.reject(new StreamError(403, 'no_active_loan', 'No loan.'));
        entry = fetchDrmObject({
          url: url.pathname,
          object,
          chunkSize: data.stream.chunk_size,
          loan: { bookId: data.bookId, userId: data.userId, epustakaId: data.epustakaId, borrowKey: data.borrow_key, salt: data.stream.key_salt },
        });
      } else {
        entry = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
          if (!response.ok) throw new StreamError(response.status, 'fetch_failed', `${key} could not be fetched (${response.status}).`);
          return new Uint8Array(await response.arrayBuffer());
        });
      }
      if (!keep) return entry;
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  const navUrl = data.epub?.nav_href ? new URL(data.epub.nav_href, new URL(data.epub.package_path, base)).pathname : null;

  /** epub.js's `requestMethod`: the resource parsed as epub.js's own request would. */
  async function request(url: string, type?: string): Promise<unknown> {
    if (url.endsWith(DISPLAY_OPTIONS)) throw new StreamError(404, 'not_found', 'No display options.');
    // The contents come from book-navigation after the first page; epub.js gets an empty one.
    if (navUrl && new URL(url, base).pathname === navUrl) {
      return new DOMParser().parseFromString(data.epub?.nav_kind === 'ncx' ? EMPTY_NCX : EMPTY_NAV, data.epub?.nav_kind === 'ncx' ? 'text/xml' : 'application/xhtml+xml');
    }
    return parse(url, type || extension(url), await bytes(url));
  }

  /** A chapter's document, fetched for a search and not kept: the caller lets it go when done. */
  async function transientDocument(url: string): Promise<Document> {
    return (await parse(url, extension(url), await bytes(url, false))) as Document;
  }

  function parse(url: string, kind: string, body: Uint8Array<ArrayBuffer>): unknown {
    if (kind === 'binary') return body.buffer;
    if (kind === 'blob') return new Blob([body], { type: MEDIA_TYPES[extension(url)] ?? 'application/octet-stream' });
    const text = new TextDecoder().decode(body);
    if (kind === 'json') return JSON.parse(text);
    if (XML_TYPES.includes(kind)) return new DOMParser().parseFromString(text, 'text/xml');
    if (kind === 'xhtml') return new DOMParser().parseFromString(neutralizeInlineStyles(text), 'application/xhtml+xml');
    if (kind === 'html' || kind === 'htm') return new DOMParser().parseFromString(neutralizeInlineStyles(text), 'text/html');
    // Only spine items are asked for as documents: an SVG one is a page of a fixed-layout book.
    if (kind === 'svg') return svgAsPage(neutralizeInlineStyles(text));
    return text;
  }

  return { base, bytes, request, transientDocument };
}

export type EpubFetcher = ReturnType<typeof createEpubFetcher>;

function toDataUrl(body: Uint8Array, type: string): string {
  let binary = '';
  for (let i = 0; i < body.length; i += 0x8000) binary += String.fromCharCode(...body.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** `css` with every `url(...)` that points into the book replaced by a data URL. */
export async function inlineCssUrls(css: string, cssUrl: string, fetcher: EpubFetcher): Promise<string> {
  const found = [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)];
  const replacements = await Promise.all(
    found.map(async (match) => {
      const target = match[2]!;
      if (/^(data|blob|https?):/i.test(target) || target.startsWith('#')) return null;
      try {
        const absolute = new URL(target, cssUrl).toString();
        return [match[0], `url("${toDataUrl(await fetcher.bytes(absolute), MEDIA_TYPES[extension(absolute)] ?? 'application/octet-stream')}")`] as const;
      } catch {
        return null;
      }
    }),
  );
  let out = css;
  for (const pair of replacements) if (pair) out = out.replace(pair[0], pair[1]);
  return out;
}

/** A font of a DRM book's style sheet, loaded after the chapter shows. */
export interface BookFont {
  family: string;
  url: string;
  descriptors: FontFaceDescriptors;
}

/** The styles of a DRM chapter: sheet texts to apply and fonts to load. */
export interface ChapterStyles {
  sheets: string[];
  fonts: BookFont[];
}

/**
 * Takes the `@font-face` rules that point into the book out of `css`: their fonts are loaded later
 * through the FontFace API, so a chapter does not wait for fonts it may not even use.
 */
export function splitFontFaces(css: string, cssUrl: string): { css: string; fonts: BookFont[] } {
  const fonts: BookFont[] = [];
  const rest = css.replace(/@font-face\s*\{([^}]*)\}/gi, (rule, body: string) => {
    const src = /src\s*:\s*url\(\s*(['"]?)([^'")]+)\1\s*\)/i.exec(body)?.[2];
    const family = /font-family\s*:\s*([^;]+)/i.exec(body)?.[1]?.trim().replace(/^['"]|['"]$/g, '');
    if (!src || !family || /^(data|blob|https?):/i.test(src)) return rule;
    const weight = /font-weight\s*:\s*([^;]+)/i.exec(body)?.[1]?.trim();
    const style = /font-style\s*:\s*([^;]+)/i.exec(body)?.[1]?.trim();
    fonts.push({ family, url: new URL(src, cssUrl).toString(), descriptors: { ...(weight ? { weight } : {}), ...(style ? { style } : {}) } });
    return '';
  });
  return { css: rest, fonts };
}

/**
 * For a DRM book, whose resources the chapter frame cannot fetch by address: images become blob
 * URLs and style sheets are taken out and kept (their images inlined, their fonts listed) for
 * {@link adoptStyles}. `urls` collects the blob URLs to revoke later.
 */
export async function replaceDrmResources(doc: Document, sectionUrl: string, fetcher: EpubFetcher, styles: Map<string, ChapterStyles>, urls: string[]): Promise<void> {
  const jobs: Promise<void>[] = [];
  const images = [...doc.querySelectorAll('img[src], image')];
  for (const el of images) {
    const attr = el.hasAttribute('src') ? 'src' : el.hasAttribute('href') ? 'href' : 'xlink:href';
    const value = el.getAttribute(attr) ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (!value || /^(data|blob|https?):/i.test(value)) continue;
    const absolute = new URL(value, sectionUrl).toString();
    jobs.push(
      fetcher.bytes(absolute).then(
        (body) => {
          const url = URL.createObjectURL(new Blob([body], { type: MEDIA_TYPES[extension(absolute)] ?? 'application/octet-stream' }));
          urls.push(url);
          if (attr === 'xlink:href') el.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', url);
          else el.setAttribute(attr, url);
        },
        () => {},
      ),
    );
  }
  const sheets: Promise<{ css: string; fonts: BookFont[] } | null>[] = [];
  for (const link of [...doc.querySelectorAll('link[href]')]) {
    if (!/stylesheet/i.test(link.getAttribute('rel') ?? '') || /alternate/i.test(link.getAttribute('rel') ?? '')) continue;
    const absolute = new URL(link.getAttribute('href')!, sectionUrl).toString();
    link.remove();
    sheets.push(
      fetcher
        .bytes(absolute)
        .then((body) => {
          const split = splitFontFaces(new TextDecoder().decode(body), absolute);
          return inlineCssUrls(split.css, absolute, fetcher).then((css) => ({ css, fonts: split.fonts }));
        })
        .catch(() => null),
    );
  }
  await Promise.all(jobs);
  const loaded = (await Promise.all(sheets)).filter((sheet) => sheet !== null);
  styles.set(sectionUrl, { sheets: loaded.map((sheet) => sheet.css), fonts: loaded.flatMap((sheet) => sheet.fonts) });
}

/** Loads a DRM chapter's fonts into its frame; text shows in a fallback font until they arrive. */
export function loadBookFonts(doc: Document, fonts: BookFont[], fetcher: EpubFetcher): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view) return;
  for (const font of fonts) {
    void fetcher
      .bytes(font.url)
      .then((body) => {
        const face = new view.FontFace(font.family, body.slice().buffer, font.descriptors);
        doc.fonts.add(face);
        return face.load();
      })
      .catch(() => {});
  }
}

/**
 * Applies style sheets and `style` attributes through the CSS object model, which the site's
 * content security policy allows where inline styles in markup are refused.
 */
export function adoptStyles(doc: Document, extra: string[]): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view) return;
  for (const el of doc.querySelectorAll<HTMLElement>('[style]')) {
    const value = el.getAttribute('style');
    if (value) el.style.cssText = value;
  }
  const texts = [...[...doc.querySelectorAll('style')].map((style) => style.textContent ?? ''), ...extra].filter((css) => css.trim() !== '');
  const sheets: CSSStyleSheet[] = [];
  for (const css of texts) {
    try {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.push(sheet);
    } catch {
      // A sheet the browser cannot parse is left out, as it would be anyway.
    }
  }
  if (sheets.length) doc.adoptedStyleSheets = [...sheets, ...doc.adoptedStyleSheets];
}
