import { islandExport, type BlockFor } from './inject.server.ts';
import { NAMESPACES, pageTextsElement } from './texts.server.ts';
import type { Lang } from './index.ts';

/*
 * Which texts each island needs, from the `texts` its module sets on the exported component
 * (`withTexts(Grid, ['catalogue', 'common'])`, src/islands/shell/I18nRoot.tsx), by the component's exported name: the name an
 * island's opening tag carries (`component-export`). `namespaces.test.ts` checks every island
 * declares what its code uses.
 */

type Modules = Record<string, Record<string, unknown>>;

/** Exported name → the namespaces it declares (merged if two islands share a name). */
export function islandTexts(modules: Modules): Map<string, readonly string[]> {
  const map = new Map<string, readonly string[]>();
  for (const exports of Object.values(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      const texts = typeof value === 'function' ? (value as { texts?: unknown }).texts : undefined;
      if (!Array.isArray(texts)) continue;
      map.set(name, [...new Set([...(map.get(name) ?? []), ...texts.map(String)])]);
    }
  }
  return map;
}

let declared: Promise<Map<string, readonly string[]>> | null = null;

/**
 * The islands of this app, read once. Loaded, not imported: a static import of every island would
 * keep the bundler from leaving the parts islands load lazily out of the server's first chunk.
 */
export function appIslandTexts(): Promise<Map<string, readonly string[]>> {
  declared ??= (async () => {
    const loaders = import.meta.glob<Record<string, unknown>>('../../islands/**/*.tsx');
    const entries = await Promise.all(Object.entries(loaders).map(async ([path, load]) => [path, await load()] as const));
    return islandTexts(Object.fromEntries(entries));
  })();
  return declared;
}

/**
 * For one page: the block to put before each island, with the namespaces it needs that no earlier
 * block of the page carried. An island that declares nothing gets every namespace still missing.
 */
export function pageTextsFor(lang: Lang, islands: Map<string, readonly string[]>): BlockFor {
  const sent = new Set<string>();
  return (tag) => {
    const name = islandExport(tag);
    const wanted = (name !== null ? islands.get(name) : undefined) ?? NAMESPACES;
    const missing = wanted.filter((namespace) => !sent.has(namespace));
    if (missing.length === 0) return '';
    for (const namespace of missing) sent.add(namespace);
    return pageTextsElement(lang, missing);
  };
}
