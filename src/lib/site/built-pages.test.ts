import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUILT_PAGES, builtEntries, builtHref, isBuiltPage } from './built-pages.ts';

describe('built pages', () => {
  test('knows the pages that exist, with their queries and parameters', () => {
    expect(isBuiltPage('/')).toBe(true);
    expect(isBuiltPage('/books?category=abc')).toBe(true);
    expect(isBuiltPage('/book/7a0c')).toBe(true);
    expect(isBuiltPage('/book/7a0c/ep/1')).toBe(true);
    expect(isBuiltPage('/search?q=laskar&tab=books')).toBe(true);
    expect(isBuiltPage('/shelf')).toBe(true);
    expect(isBuiltPage('/profile')).toBe(true);
    expect(isBuiltPage('/profil/user/7a0c')).toBe(true);
    expect(isBuiltPage('/friendship?tab=following')).toBe(true);
    expect(isBuiltPage('/more-history-audio')).toBe(true);
    expect(isBuiltPage('/cart/7a0c/D')).toBe(true);
    expect(isBuiltPage('/detail-order-box/payment?order_box_id=7a0c')).toBe(true);
    expect(isBuiltPage('/tryout?price=free')).toBe(true);
    expect(isBuiltPage('/quiz/detail/7a0c')).toBe(true);
    expect(isBuiltPage('/quiz/exam/7a0c')).toBe(true);
    expect(isBuiltPage('/quiz/result/7a0c')).toBe(true);
  });

  test('refuses pages that are not built yet', () => {
    for (const path of ['/more-edoo-unbuilt', '/book', '/profil/user', '/profil/user/1/2', '/cart/1', '/donation/history']) {
      expect(isBuiltPage(path), path).toBe(false);
    }
  });

  test('leaves other sites and fragments alone', () => {
    expect(isBuiltPage('https://example.org/x')).toBe(true);
    expect(isBuiltPage('#tab-review')).toBe(true);
    expect(builtHref('/more-edoo-unbuilt')).toBeUndefined();
    expect(builtHref('/books')).toBe('/books');
    expect(builtEntries([{ url: '/more-edoo-unbuilt' }, { url: '/books' }])).toEqual([{ url: '/books' }]);
  });

  test('every listed page has its route file', () => {
    const pages = join(process.cwd(), 'src/pages');
    const exists = (p: string) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    };
    const files = new Set<string>();
    const walk = (dir: string, prefix: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`);
        else files.add(`${prefix}/${name}`);
      }
    };
    walk(pages, '');
    const routeFile = (pattern: string): boolean => {
      if (pattern === '/') return exists(join(pages, 'index.astro'));
      if (pattern.startsWith('/book/')) return files.has('/book/[...params].astro');
      if (pattern === '/epustaka/*') return files.has('/epustaka/[id].astro');
      if (pattern.endsWith('/*/**')) return files.has(`${pattern.slice(0, -5)}/[...params].astro`);
      const base = pattern.replace(/\/\*\*$/, '');
      // A `*` segment is a dynamic route file, e.g. /help/doc/[slug].astro.
      if (base.includes('*')) {
        const shape = new RegExp(`^${base.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\[[^\\]/]+\\]')}\\.(astro|ts)$`);
        return [...files].some((file) => shape.test(file));
      }
      return ['.astro', '.ts'].some((ext) => files.has(`${base}${ext}`)) || files.has(`${base}/index.astro`);
    };
    const missing = BUILT_PAGES.filter((p) => !routeFile(p));
    expect(missing).toEqual([]);
  });
});
