import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import NotInThisBuild, { DOMParser } from '../reader/epub-unused-deps.ts';
import { EPUBJS_UNUSED_DEPS, epubjsUnusedDeps } from './epubjs-unused-deps.ts';

const epubjsSrc = join(dirname(createRequire(import.meta.url).resolve('epubjs/package.json')), 'src');
const importer = join(epubjsSrc, 'archive.js');

function resolve(source: string, from: string | undefined, ssr: boolean): unknown {
  const hook = epubjsUnusedDeps().resolveId as (source: string, importer: string | undefined, options: { ssr: boolean }) => unknown;
  return hook(source, from, { ssr });
}

describe('epub.js in the browser build', () => {
  it('resolves the libraries the reader never runs to the stand-in, only for epub.js in the browser', () => {
    for (const source of EPUBJS_UNUSED_DEPS) {
      expect(resolve(source, importer, false)).toMatch(/epub-unused-deps\.ts$/);
      expect(resolve(source, importer, true)).toBeNull();
      expect(resolve(source, '/app/src/islands/reader/EpubReader.tsx', false)).toBeNull();
    }
    expect(resolve('event-emitter', importer, false)).toBeNull();
  });

  it("names every module epub.js imports from those libraries, so none slips back into the build", () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
    const imported = new Set<string>();
    for (const file of files(epubjsSrc)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^import .* from ["']([^"'.][^"']*)["']/gm)) {
        if (/jszip|localforage|xmldom/.test(m[1]!)) imported.add(m[1]!);
      }
    }
    expect([...imported].sort()).toEqual([...EPUBJS_UNUSED_DEPS].sort());
  });

  it('fails loudly if the reader ever reaches one of them', () => {
    expect(() => new NotInThisBuild()).toThrow(/not included/);
    expect(() => new DOMParser()).toThrow(/not included/);
    expect(() => NotInThisBuild.createInstance()).toThrow(/not included/);
  });
});
