import type { Resource, TFunction } from 'i18next';
import type { Lang } from '../contract/lang.ts';

/*
 * The translate function the islands use, in the browser and when the server renders them: the
 * part of i18next they need (nested keys, `{{name}}` values, plurals by `count` with `_one`/`_other`
 * keys, `defaultValue`, `returnObjects`) in a few hundred bytes instead of i18next's 15 KB on every
 * page. `translate.test.ts` checks it answers like i18next for every text of both languages.
 * The server's own pages keep i18next (`createT` in index.ts).
 */

type Texts = Record<string, unknown>;

/** The attribute that marks a data block of a page's texts. */
export const TEXTS_ATTRIBUTE = 'data-i18n-texts';

/** What one data block holds: some namespaces of one language. */
export interface PageTexts {
  lang: Lang;
  texts: Record<string, unknown>;
}

let registered: Resource | null = null;

/** The texts registered on the server, or null in the browser. */
export function registeredTexts(): Resource | null {
  return registered;
}

/** Makes `resources` the texts of every instance created from now on (the server's bundle). */
export function registerTexts(resources: Resource): void {
  registered = resources;
}

/**
 * The texts the page carries so far, all blocks merged; none when it carries none. Read again for
 * each island: a later island may have brought a block of its own.
 *
 * An island can wake while the page is still arriving. The blocks before it are whole (each comes
 * before the first island that needs it), but the parser may be halfway through a later island's
 * block: that block does not parse yet and is left out; its own island reads it whole.
 */
export function pageResources(): Resource {
  if (typeof document === 'undefined') return {};
  let lang: Lang | null = null;
  const texts: Record<string, unknown> = {};
  for (const element of document.querySelectorAll(`script[${TEXTS_ATTRIBUTE}]`)) {
    if (!element.textContent) continue;
    let block: PageTexts;
    try {
      block = JSON.parse(element.textContent) as PageTexts;
    } catch {
      continue;
    }
    lang = block.lang;
    Object.assign(texts, block.texts);
  }
  return lang ? { [lang]: { translation: texts } } : {};
}

/** One language's texts: all of them on the server, the page's blocks in the browser. */
export function textsOf(lang: Lang): Texts {
  const resources = registered ?? pageResources();
  const bundle = resources[lang] ?? Object.values(resources)[0];
  return (bundle?.translation ?? {}) as Texts;
}


interface Options {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

function lookup(texts: Texts, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const VALUE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function fill(text: string, values: Options): string {
  return text.replace(VALUE, (whole, name: string) => {
    const value = lookup(values, name);
    return value === undefined || value === null ? whole : String(value);
  });
}

/** A translate function over `texts` (one language's texts) that answers like i18next's `t`. */
export function createTranslate(lang: Lang, texts: Texts): TFunction {
  const plurals = new Intl.PluralRules(lang);
  const translate = (key: string, options: Options = {}): unknown => {
    let found: unknown;
    if (typeof options.count === 'number') found = lookup(texts, `${key}_${plurals.select(options.count)}`);
    found ??= lookup(texts, key);
    if (typeof found === 'string') return fill(found, options);
    if (found !== undefined && found !== null && typeof found === 'object' && options.returnObjects) return found;
    if (options.defaultValue !== undefined) return fill(options.defaultValue, options);
    return key;
  };
  return translate as unknown as TFunction;
}
