import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The modules epub.js imports that the browser reader never runs (see the stand-in's comment). */
export const EPUBJS_UNUSED_DEPS = ['jszip/dist/jszip', 'localforage', '@xmldom/xmldom'] as const;

const STAND_IN = fileURLToPath(new URL('../reader/epub-unused-deps.ts', import.meta.url));

/**
 * Vite plugin: in the browser build, epub.js's imports of JSZip, localForage and xmldom resolve to
 * a small stand-in, which keeps about a third of epub.js's weight off the EPUB reader's first load.
 * Server code (the ingest runs epub.js under Node, where xmldom is needed) is left alone.
 */
export function epubjsUnusedDeps(): Plugin {
  return {
    name: 'epustaka:epubjs-unused-deps',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer?.includes('/epubjs/')) return null;
      return (EPUBJS_UNUSED_DEPS as readonly string[]).includes(source) ? STAND_IN : null;
    },
  };
}
