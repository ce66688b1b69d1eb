import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LANG, LANGUAGES, type Lang } from '../contract/lang.ts';
import { pageResources, registeredTexts } from './translate.ts';

// Kept in their own module so code outside the app (the web server) can use them without i18next.
export { LANG_COOKIE, LANGUAGES, normalizeLang, type Lang } from '../contract/lang.ts';
export { registerTexts, TEXTS_ATTRIBUTE, type PageTexts } from './translate.ts';

/*
 * Where the texts come from. On the server, `texts.server.ts` registers every language's texts when
 * it is first imported (the middleware imports it before any page renders). In the browser nothing
 * is registered: a page that has islands carries the texts its islands use, in its own language, in
 * data blocks (`<script type="application/json" data-i18n-texts>`, added by the middleware before
 * the island that first needs them), so the JavaScript of an island holds no texts, and neither the
 * other language's texts nor the namespaces no island of the page uses reach the browser.
 *
 * Each island declares the namespaces (top-level keys) it uses: `withTexts(MyIsland, ['catalogue'])`
 * beside its exported component (checked by `namespaces.test.ts`).
 */

/**
 * A fresh i18next instance for one request or one island, so concurrent requests in different
 * languages never share state. Initialised synchronously: the texts are already at hand.
 */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  const registered = registeredTexts();
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
