/*
 * EPUB chapters under the site's content security policy, which refuses inline styles in markup
 * (no 'unsafe-inline' for style-src). Chapters are shown in srcdoc frames that inherit the policy,
 * so a `style` attribute or a `<style>` element reaching the frame would be refused and logged.
 * Before a chapter is serialized for its frame, its inline styles are set aside in inert
 * attributes and elements; once the frame has the chapter, they are applied through the CSS object
 * model, which the policy allows. epub.js's own inserted styles (image sizing, themes) go to
 * constructed style sheets instead of `<style>` elements.
 */

const STYLE_ATTRIBUTE = 'data-epub-style';
const STYLE_ELEMENT = 'epub-style';

/**
 * A chapter's markup with its inline styles set aside before it is parsed: the browser checks the
 * site's policy even while parsing a chapter with DOMParser, so `style` attributes become
 * `data-epub-style` and `<style>` elements `<epub-style hidden>`, which the policy does not concern.
 */
export function neutralizeInlineStyles(markup: string): string {
  return markup
    // `<style>` and prefixed ones such as `<svg:style>` in SVG pages.
    .replace(/<((?:[\w.-]+:)?)style\b([^>]*)>([\s\S]*?)<\/\1style\s*>/gi, (_match, _prefix: string, attributes: string, css: string) => `<${STYLE_ELEMENT} hidden=""${attributes.replace(/\s*\/$/, '')}>${css}</${STYLE_ELEMENT}>`)
    .replace(/<(?:[\w.-]+:)?style\b([^>]*)\/>/gi, '')
    .replace(/(<[A-Za-z][^<>]*?\s)style(\s*=\s*["'])/g, `$1${STYLE_ATTRIBUTE}$2`);
}

/**
 * A style sheet the reader writes into a chapter it makes itself (an SVG page), in the inert form
 * {@link restoreInlineStyles} applies: a `<style>` element would be refused by the policy even in a
 * document that is never shown.
 */
export function inertStyleElement(doc: Document, namespace: string, css: string): Element {
  const stash = doc.createElementNS(namespace, STYLE_ELEMENT);
  stash.setAttribute('hidden', '');
  stash.textContent = css;
  return stash;
}

/** Moves a chapter's `style` attributes and `<style>` elements out of the policy's way (a spine content hook). */
export function stashInlineStyles(doc: Document): void {
  for (const el of [...doc.querySelectorAll('[style]')]) {
    el.setAttribute(STYLE_ATTRIBUTE, el.getAttribute('style') ?? '');
    el.removeAttribute('style');
  }
  for (const style of [...doc.querySelectorAll('style')]) {
    const stash = doc.createElementNS(style.namespaceURI ?? 'http://www.w3.org/1999/xhtml', STYLE_ELEMENT);
    stash.setAttribute('hidden', '');
    if (style.getAttribute('media')) stash.setAttribute('media', style.getAttribute('media')!);
    stash.textContent = style.textContent;
    style.replaceWith(stash);
  }
}

/** Applies what {@link stashInlineStyles} set aside, in the chapter's frame, through the CSS object model. */
export function restoreInlineStyles(doc: Document): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view) return;
  for (const el of doc.querySelectorAll<HTMLElement>(`[${STYLE_ATTRIBUTE}]`)) {
    // The book's own declarations first: those epub.js has set since (its page columns) win.
    if (el.style) el.style.cssText = `${el.getAttribute(STYLE_ATTRIBUTE) ?? ''};${el.style.cssText}`;
  }
  const sheets: CSSStyleSheet[] = [];
  for (const stash of doc.getElementsByTagName(STYLE_ELEMENT)) {
    try {
      const media = stash.getAttribute('media');
      const sheet = new view.CSSStyleSheet(media ? { media } : undefined);
      sheet.replaceSync(stash.textContent ?? '');
      sheets.push(sheet);
    } catch {
      // A sheet the browser cannot parse is left out, as it would be anyway.
    }
  }
  if (sheets.length) doc.adoptedStyleSheets = [...sheets, ...doc.adoptedStyleSheets];
}

/** A sheet that stands in for a `<style>` element epub.js would insert: its `sheet` is constructed and adopted. */
function adoptedSheet(doc: Document, key: string): CSSStyleSheet | null {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view) return null;
  const sheets = ((doc as Document & { __epubSheets?: Map<string, CSSStyleSheet> }).__epubSheets ??= new Map());
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new view.CSSStyleSheet();
    sheets.set(key, sheet);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
  return sheet;
}

interface ContentsLike {
  document?: Document;
}

let patched = false;

/** Makes epub.js insert its own styles as constructed style sheets (once per page). */
export function patchEpubContents(Contents: { prototype: object }): void {
  if (patched) return;
  patched = true;
  const proto = Contents.prototype as Record<string, unknown>;
  proto._getStylesheetNode = function (this: ContentsLike, key?: string) {
    if (!this.document) return false;
    const sheet = adoptedSheet(this.document, `epubjs-inserted-css-${key ?? ''}`);
    return sheet ? { sheet } : false;
  };
  proto.addStylesheetCss = function (this: ContentsLike, css: string, key?: string) {
    if (!this.document || !css) return false;
    const sheet = adoptedSheet(this.document, `epubjs-inserted-css-${key ?? ''}`);
    sheet?.replaceSync(css);
    return true;
  };
}

/** Sets `css` as the one sheet named `key` of a chapter frame (the reader's comfort settings). */
export function setFrameSheet(doc: Document, key: string, css: string): void {
  adoptedSheet(doc, key)?.replaceSync(css);
}
