import type { Resource } from 'i18next';
import id from './locales/id.json';
import en from './locales/en.json';
import { registerTexts, type Lang, type PageTexts } from './index.ts';

// Server-side translation helpers, for the middleware, pages and tests.
export { createI18n, createT } from './index.ts';

// Each feature keeps its texts in locales/<lang>/<feature>.json under its own top-level key.
const featureFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

function bundle(lang: Lang, base: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [path, texts] of Object.entries(featureFiles)) {
    if (path.startsWith(`./locales/${lang}/`)) Object.assign(merged, texts);
  }
  return merged;
}

/** Every text of both languages. Never imported by code that runs in the browser. */
export const resources = {
  id: { translation: bundle('id', id) },
  en: { translation: bundle('en', en) },
} satisfies Resource;

registerTexts(resources);

/**
 * The data block that gives a page's islands the texts of `lang`, safe inside <script>: every `<`
 * is escaped, so neither `</script>` nor `<!--` can end or change it.
 */
export function pageTextsElement(lang: Lang): string {
  const body: PageTexts = { lang, texts: resources[lang].translation };
  const json = JSON.stringify(body).replace(/</g, '\\u003c');
  return `<script type="application/json" id="i18n-texts">${json}</script>`;
}
