import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { valueImports } from '../value-imports.ts';
import { NAMESPACES } from './texts.server.ts';

/*
 * A page sends only the namespaces of texts its islands declare (`withTexts(Island, [...])`, see
 * island-texts.server.ts). This reads every island an .astro file hydrates (`<X client:…>`), walks
 * the island module's imports as the bundler would, collects every string that starts with a
 * namespace and a dot (`t('catalogue.list.title')`, `` `errors.${code}` ``, a key kept in a table),
 * and fails when one of them is not declared: that text would show as its raw key.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const KNOWN = new Set(NAMESPACES);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Namespaces named by the strings of `source`. */
function namespacesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(/['"`]([a-zA-Z]+)\.(?=[a-zA-Z_$])/g)) if (KNOWN.has(match[1]!)) found.add(match[1]!);
  return found;
}

const usedCache = new Map<string, Set<string>>();
/** Namespaces the module `file` and everything it imports for values use. */
function usedBy(file: string, seen = new Set<string>()): Set<string> {
  const cached = usedCache.get(file);
  if (cached) return cached;
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const name of namespacesIn(source)) used.add(name);
  for (const spec of valueImports(source)) {
    if (!spec.startsWith('.') || /\.(css|json)$/.test(spec)) continue;
    for (const name of usedBy(resolve(dirname(file), spec), seen)) used.add(name);
  }
  usedCache.set(file, used);
  return used;
}

/**
 * The namespaces `file` declares for its exported component `name`, or null: the list given to
 * `withTexts` (`export const Name = withTexts(Island, [...])`), or `Name.texts = [...]` for an
 * island that takes no language.
 */
function declared(file: string, name: string): string[] | null {
  const source = readFileSync(file, 'utf8');
  const match =
    new RegExp(`\\nexport const ${name} = withTexts\\(\\w+, \\[([^\\]]*)\\]`).exec(source) ??
    new RegExp(`\\n${name}\\.texts\\s*=\\s*\\[([^\\]]*)\\]`).exec(source);
  return match ? [...match[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]!) : null;
}

/** Every island an .astro file hydrates: its module and exported name. */
function hydratedIslands(): { module: string; name: string; page: string }[] {
  const found: { module: string; name: string; page: string }[] = [];
  for (const page of files(SRC, /\.astro$/)) {
    const source = readFileSync(page, 'utf8');
    const imports = new Map<string, string>();
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]*islands\/[^'"]+\.tsx)['"]/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop()!;
        if (name) imports.set(name, resolve(dirname(page), m[2]!));
      }
    }
    for (const m of source.matchAll(/<([A-Z][A-Za-z0-9]*)\b[^>]*?\sclient:/g)) {
      const module = imports.get(m[1]!);
      if (module) found.push({ module, name: m[1]!, page });
    }
  }
  return found;
}

describe('the texts each island declares', () => {
  const islands = hydratedIslands();

  it('finds the islands of the app', () => {
    expect(islands.length).toBeGreaterThan(30);
  });

  it('cover every namespace the island’s code uses', () => {
    const problems: string[] = [];
    for (const { module, name } of islands) {
      const declaration = declared(module, name);
      const file = module.slice(SRC.length + 1);
      if (!declaration) {
        problems.push(`${file}: ${name} declares no texts (${name}.texts = [...])`);
        continue;
      }
      const unknown = declaration.filter((n) => !KNOWN.has(n));
      if (unknown.length) problems.push(`${file}: ${name}.texts names no such namespace: ${unknown.join(', ')}`);
      const missing = [...usedBy(module)].filter((n) => !declaration.includes(n));
      if (missing.length) problems.push(`${file}: ${name} uses ${missing.join(', ')} without declaring it`);
    }
    expect(problems).toEqual([]);
  });

  it('are told apart by the exported name pages hydrate them by', () => {
    const byName = new Map<string, Set<string>>();
    for (const { module, name } of islands) byName.set(name, (byName.get(name) ?? new Set()).add(module));
    expect([...byName].filter(([, modules]) => modules.size > 1).map(([name]) => name)).toEqual([]);
  });

  it('the scan sees keys in calls, templates and tables', () => {
    expect([...namespacesIn("t('catalogue.list.title'); `errors.${code}`; { key: \"shelf.x\" }; 'not.a.namespace'")].sort()).toEqual(['catalogue', 'errors', 'shelf']);
  });
});
