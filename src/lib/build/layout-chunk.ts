import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { valueImports } from '../value-imports.ts';

/*
 * The islands of the signed-in layout (menu, profile menu, toasts, pop-ups, shared dialogs) are on
 * every signed-in page. Left to itself the bundler cuts what they import into a dozen small files,
 * each a request with its own headers; this names those modules so the build puts them in one
 * `layout` chunk, cached across routes. The islands themselves stay entries of their own.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The islands every signed-in page hydrates (src/layouts/DefaultLayout.astro, Header.astro). */
export const LAYOUT_ISLANDS = ['AppMenu', 'ProfileMenu', 'Toaster', 'PopupModal', 'SharedDialogs'].map((name) => resolve(ROOT, 'src/islands/shell', `${name}.tsx`));

/** Packages the layout's islands use besides React (kept with them). */
const LAYOUT_PACKAGES = ['nanostores', '@nanostores/react'];

/** Every source module the layout islands import, directly or not, without the islands themselves. */
export function layoutModules(entries: readonly string[] = LAYOUT_ISLANDS): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const spec of valueImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.') && /\.(ts|tsx)$/.test(spec)) walk(resolve(dirname(file), spec));
    }
  };
  for (const entry of entries) walk(entry);
  for (const entry of entries) seen.delete(entry);
  return seen;
}

/** A code-splitting group test: true for the modules of the layout chunk. */
export function isLayoutModule(modules: Set<string> = layoutModules()): (id: string) => boolean {
  const packages = LAYOUT_PACKAGES.map((name) => `${sep}node_modules${sep}${name.replace('/', sep)}${sep}`);
  return (id) => {
    const path = id.split('?')[0]!;
    return modules.has(path) || packages.some((p) => path.includes(p));
  };
}
