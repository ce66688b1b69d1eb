// The specifiers a module imports for its values: read by the tests that walk the browser's imports and by the build (src/lib/build/layout-chunk.ts).

/** The specifiers a module imports for their values (not `import type`, not `export type`). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue;
    const names = match[3]!.trim();
    // `import { type A, type B } from` imports nothing at run time.
    const inBraces = /^\{([^}]*)\}$/.exec(names);
    if (inBraces && inBraces[1]!.split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '))) continue;
    found.push(match[4]!);
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}
