import type { Resource } from 'i18next';
import id from './locales/id.json';
import en from './locales/en.json';
import { registerTexts, TEXTS_ATTRIBUTE, type Lang, type PageTexts } from './index.ts';

// Server-side translation helpers, for the middleware, pages and tests.
export { createT } from './index.ts';

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

/** The namespaces (top-level keys) of the texts, the same in both languages. */
export const NAMESPACES: readonly string[] = Object.keys(resources.id.translation);

/**
 * A data block that gives a page's islands the `namespaces` of `lang` (every namespace when none
 * are named), safe inside <script>: every `<` is escaped, so neither `</script>` nor `<!--` can end
 * or change it.
 */
export function pageTextsElement(lang: Lang, namespaces: Iterable<string> = NAMESPACES): string {
  const all = resources[lang].translation as Record<string, unknown>;
  const texts: Record<string, unknown> = {};
  for (const name of namespaces) if (name in all) texts[name] = all[name];
  const body: PageTexts = { lang, texts };
  const json = JSON.stringify(body).replace(/</g, '\\u003c');
  return `<script type="application/json" ${TEXTS_ATTRIBUTE}>${json}</script>`;
}
