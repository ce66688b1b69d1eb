import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { valueImports } from '../value-imports.ts';

/*
 * The zod schemas check what reaches the API; the browser never needs them. An island that imports
 * a value from a schema module brings zod and every schema into the page's JavaScript (tens of
 * kilobytes on a phone), so plain values live beside the schemas (`schemas/values.ts`,
 * `domain/*.ts`). This walks every island's imports, as the bundler would, and names any path that
 * reaches zod, or the texts of every language, or a module made for the server (`*.server.ts`).
 * Type-only imports are left out: they vanish from the build.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ISLANDS = join(SRC, 'islands');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The first chain of imports from `entry` that reaches the package `target`, or null. */
function pathTo(entry: string, target: string): string[] | null {
  return pathWhere(entry, (spec) => spec === target || spec.startsWith(`${target}/`));
}

/** The first chain of imports from `entry` that reaches a module `found` accepts (its specifier, or its file), or null. */
function pathWhere(entry: string, found: (spec: string) => boolean, seen = new Set<string>()): string[] | null {
  if (seen.has(entry)) return null;
  seen.add(entry);
  for (const spec of valueImports(readFileSync(entry, 'utf8'))) {
    if (found(spec)) return [entry, spec];
    if (!spec.startsWith('.')) continue;
    const next = resolve(dirname(entry), spec);
    if (found(next)) return [entry, next];
    if (!/\.(ts|tsx)$/.test(next)) continue;
    const rest = pathWhere(next, found, seen);
    if (rest) return [entry, ...rest];
  }
  return null;
}

describe('the browser’s JavaScript', () => {
  it('reads type-only imports as such', () => {
    expect(valueImports("import type { A } from './a.ts';\nimport { type B } from './b.ts';\nimport { C, type D } from './c.ts';\nexport * from './e.ts';")).toEqual(['./c.ts', './e.ts']);
  });

  it('finds a path to zod when there is one', () => {
    const server = join(SRC, 'lib/reader/preferences-schema.ts');
    expect(pathTo(server, 'zod')).not.toBeNull();
  });

  // The texts come with the page, in its language only (src/lib/i18n/index.ts).
  const serverOnly = (spec: string) => spec.endsWith('.server.ts') || /\/i18n\/locales\//.test(spec);

  it('finds a path to the bundled texts when there is one', () => {
    expect(pathWhere(join(SRC, 'lib/i18n/texts.server.ts'), serverOnly)).not.toBeNull();
  });

  const islands = sourceFiles(ISLANDS);
  it.each(islands.map((file) => [file.slice(SRC.length + 1), file]))('%s brings no texts and no server module into the page', (_name, file) => {
    const chain = pathWhere(file, serverOnly);
    expect(chain?.map((step) => step.replace(`${SRC}/`, ''))).toBeUndefined();
  });

  it.each(islands.map((file) => [file.slice(SRC.length + 1), file]))('%s does not bring zod into the page', (_name, file) => {
    const chain = pathTo(file, 'zod');
    expect(chain?.map((step) => step.replace(`${SRC}/`, ''))).toBeUndefined();
  });
});
