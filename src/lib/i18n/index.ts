import i18next, { type i18n, type TFunction } from 'i18next';
import id from './locales/id.json';
import en from './locales/en.json';
import { DEFAULT_LANG, LANGUAGES, type Lang } from './lang.ts';

// Kept in their own module so code outside the app (the web server) can use them without i18next.
export { DEFAULT_LANG, LANG_COOKIE, LANGUAGES, normalizeLang, type Lang } from './lang.ts';

// Each feature keeps its texts in locales/<lang>/<feature>.json under its own top-level key.
const featureFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

function bundle(lang: Lang, base: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [path, texts] of Object.entries(featureFiles)) {
    if (path.startsWith(`./locales/${lang}/`)) Object.assign(merged, texts);
  }
  return merged;
}

export const resources = {
  id: { translation: bundle('id', id) },
  en: { translation: bundle('en', en) },
};

/**
 * A fresh i18next instance for one request or one island, so concurrent requests in different
 * languages never share state. Initialised synchronously: resources are bundled.
 */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
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
