import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Measure, Row } from '../lib/context.ts';
import { ACCESS_COOKIE, LANG_COOKIE } from '../lib/auth.ts';
import { timedRequest } from '../lib/http.ts';
import { ROOT } from '../lib/paths.ts';
import { PUBLIC_AUTH_ROUTES, publicVariantOf } from '../../src/lib/site/routes.ts';

/** A page route of src/pages, with its parameters filled from the scale data. */
interface PageRoute {
  pattern: string;
  path: string;
}

/** Every page (.astro, .md, .mdx) under src/pages as a URL path; endpoints (.ts) are not pages. */
export function pageRoutes(fill: (param: string) => string | null): PageRoute[] {
  const dir = join(ROOT, 'src/pages');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(d, entry.name));
      else if (/\.(astro|md|mdx)$/.test(entry.name)) files.push(join(d, entry.name));
    }
  };
  walk(dir);
  const routes: PageRoute[] = [];
  for (const file of files.sort()) {
    let pattern = '/' + relative(dir, file).replace(/\.(astro|md|mdx)$/, '').replace(/(^|\/)index$/, '');
    if (pattern.length > 1 && pattern.endsWith('/')) pattern = pattern.slice(0, -1);
    let ok = true;
    const path = pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => {
      // A catch-all (/book/[...params]) gets one segment, as its first parameter would.
      const value = fill(name);
      void rest;
      if (value === null) ok = false;
      return value ?? '';
    });
    if (ok) routes.push({ pattern, path: path || '/' });
  }
  return routes;
}

interface Violation {
  id: string;
  impact: string;
  nodes: number;
  help: string;
}

/**
 * 9. Accessibility: axe-core over every page route the app has now, in Indonesian and English:
 * serious and critical violations. Sign-in and other auth screens are checked signed out, public
 * variants (book, ePustaka…) both signed out and signed in, everything else signed in.
 */
export const a11yMeasure: Measure = {
  name: 'a11y',
  title: 'Accessibility',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const m = ctx.manifest;
    const [token] = await ctx.tokens(1);
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const fill = (param: string) => (/epustaka/i.test(param) ? m.benchEpustakaId : m.sampleBookId);
    const routes = pageRoutes(fill);
    // Reader pages need a book: the demo PDF the bench users may borrow.
    const queries: Record<string, string> = {};
    const browser = await ctx.chromium();

    const visits: { route: string; url: string; signedIn: boolean }[] = [];
    const skipped: string[] = [];
    for (const route of routes) {
      if (route.pattern === '/404') {
        visits.push({ route: route.pattern, url: '/no-such-page-bench', signedIn: false });
        continue;
      }
      const url = route.path + (queries[route.pattern] ?? (route.pattern.startsWith('/read') ? `?book=${m.sampleBookId}` : ''));
      const auth = PUBLIC_AUTH_ROUTES.includes(route.pattern);
      const variants = auth ? [false] : publicVariantOf(route.path) ? [false, true] : [true];
      for (const signedIn of variants) {
        const res = await timedRequest(product.origin, 'GET', url, { headers: signedIn ? { cookie: `${ACCESS_COOKIE}=${token}` } : {} });
        // Development-only pages answer 404 in production: not a route of the running app.
        if (res.status === 404 || res.status >= 500) {
          skipped.push(`${route.pattern} (${signedIn ? 'signed in' : 'signed out'}: ${res.status})`);
          continue;
        }
        visits.push({ route: route.pattern, url, signedIn });
      }
    }

    const found: { route: string; lang: string; signedIn: boolean; violation: Violation }[] = [];
    for (const lang of ['id', 'en']) {
      for (const visit of visits) {
        const context = await browser.newContext({ bypassCSP: true, locale: lang === 'id' ? 'id-ID' : 'en-US' });
        const cookies = [{ name: LANG_COOKIE, value: lang, url: product.origin }];
        if (visit.signedIn) cookies.push({ name: ACCESS_COOKIE, value: token!, url: product.origin });
        await context.addCookies(cookies);
        try {
          const page = await context.newPage();
          await page.goto(product.origin + visit.url, { waitUntil: 'load', timeout: 30_000 });
          // Islands hydrate after load.
          await page.waitForTimeout(700);
          await page.evaluate(axeSource);
          const violations = (await page.evaluate(async () => {
            const axe = (globalThis as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: unknown[]; help: string }[] }> } }).axe;
            const result = await axe.run(document, { resultTypes: ['violations'] });
            return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
          })) as Violation[];
          for (const violation of violations) found.push({ route: visit.route, lang, signedIn: visit.signedIn, violation });
        } catch (error) {
          ctx.log(`a11y ${visit.url} (${lang}): ${(error as Error).message}`);
        } finally {
          await context.close();
        }
      }
    }

    const bad = found.filter((f) => f.violation.impact === 'serious' || f.violation.impact === 'critical');
    const rank = (f: (typeof found)[number]) => (f.violation.impact === 'critical' ? 1000 : 0) + f.violation.nodes;
    const worst = [...bad].sort((a, b) => rank(b) - rank(a)).slice(0, 6);
    const rows: Row[] = [
      {
        figure: `axe-core serious + critical violations (${visits.length} page views × id, en)`,
        goal: '0',
        measured: `${bad.length} (${bad.filter((f) => f.violation.impact === 'critical').length} critical); ${found.length - bad.length} minor/moderate`,
        pass: bad.length === 0,
        note:
          (worst.length ? `worst: ${worst.map((f) => `${f.violation.id} [${f.violation.impact}, ${f.violation.nodes} nodes] on ${f.route} (${f.lang}${f.signedIn ? ', signed in' : ''})`).join('; ')}` : '') +
          (skipped.length ? `${worst.length ? '. ' : ''}not served: ${skipped.join(', ')}` : '') || undefined,
        data: { visits, skipped, found },
      },
    ];
    return rows;
  },
};
