import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import { DEFAULT_LANG, LANGUAGES, type Lang } from './lang.ts';

// Kept in their own module so code outside the app (the web server) can use them without i18next.
export { DEFAULT_LANG, LANG_COOKIE, LANGUAGES, normalizeLang, type Lang } from './lang.ts';

/*
 * Where the texts come from. On the server, `texts.server.ts` registers every language's texts when
 * it is first imported (the middleware imports it before any page renders). In the browser nothing
 * is registered: a page that has islands carries the texts of its own language in a data block
 * (`<script type="application/json" id="i18n-texts">` before its first island, added by the
 * middleware), so the JavaScript of an island holds no texts and the other language's never reach
 * the browser.
 */

/** The id of the data block that carries a page's texts. */
export const TEXTS_ELEMENT_ID = 'i18n-texts';

/** What the data block holds. */
export interface PageTexts {
  lang: Lang;
  texts: Record<string, unknown>;
}

let registered: Resource | null = null;
let fromPage: Resource | null = null;

/** Makes `resources` the texts of every instance created from now on (the server's bundle). */
export function registerTexts(resources: Resource): void {
  registered = resources;
}

/** The texts the page carries, read once; none when it carries none. */
function pageResources(): Resource {
  if (fromPage) return fromPage;
  const element = typeof document === 'undefined' ? null : document.getElementById(TEXTS_ELEMENT_ID);
  const page = element?.textContent ? (JSON.parse(element.textContent) as PageTexts) : null;
  fromPage = page ? { [page.lang]: { translation: page.texts } } : {};
  return fromPage;
}

/**
 * A fresh i18next instance for one request or one island, so concurrent requests in different
 * languages never share state. Initialised synchronously: the texts are already at hand.
 */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  const resources = registered ?? pageResources();
  void instance.init({
    lng: lang,
    // In the browser only the page's language is there, and it is the one to use.
    fallbackLng: registered ? 'en' : (Object.keys(resources)[0] ?? DEFAULT_LANG),
    supportedLngs: LANGUAGES,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** A translate function for `lang`. */
export function createT(lang: Lang): TFunction {
  return createI18n(lang).t;
}
