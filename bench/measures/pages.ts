import type { Measure, Row } from '../lib/context.ts';
import { ACCESS_COOKIE } from '../lib/auth.ts';
import { MOBILE } from '../lib/chromium.ts';
import { timedRequest } from '../lib/http.ts';
import { runLighthouse, type LighthouseScores } from '../lib/lighthouse.ts';
import { median } from '../lib/stats.ts';
import { measureWeight, splitRuntime } from '../lib/weight.ts';
import { readSitemaps } from '../lib/sitemap.ts';

const KB = 1024;

/**
 * 2. Page weight and Lighthouse for the public book page, a printed QR code's landing, a public
 * library's page, a public article, the login page, and (with the session
 * cookie) the signed-in book list and book detail: the compressed JS, CSS and HTML bytes Chromium
 * downloads, and Lighthouse's mobile default run (median of several). Signed-in pages report their
 * JS in two parts: the React runtime, one file cached across routes, and the route's own JS. Then
 * the sitemap count: the addresses each sitemap of the index lists, the content sitemap (articles,
 * video, audio) among them, with the public article page measured above.
 */
export const pagesMeasure: Measure = {
  name: 'pages',
  title: 'Page weight and Lighthouse',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const m = ctx.manifest;
    const [token] = await ctx.tokens(1);
    const browser = await ctx.chromium();
    const routes = [
      { name: 'public book page', path: `/book/${m.sampleBookId}`, signedIn: false },
      { name: 'QR landing', path: m.sampleQrPath, signedIn: false },
      { name: 'public library page', path: `/epustaka/${m.benchEpustakaId}`, signedIn: false },
      ...(m.sampleArticlePath ? [{ name: 'public article page', path: m.sampleArticlePath, signedIn: false }] : []),
      { name: 'login page', path: '/login', signedIn: false },
      { name: "visitors' book list", path: '/books', signedIn: false },
      { name: 'signed-in book list', path: '/books', signedIn: true },
      { name: 'signed-in book detail', path: `/book/${m.sampleBookId}`, signedIn: true },
    ];
    const rows: Row[] = [];
    for (const route of routes) {
      const url = product.origin + route.path;
      const cookie = route.signedIn ? `${ACCESS_COOKIE}=${token}` : undefined;
      const weightGoal = route.signedIn ? 'own JS ≤ 40 KB' : '0 KB JS, HTML+CSS ≤ 30 KB';
      const lhGoal = route.signedIn ? '' : '100 in all four, LCP ≤ 1.2 s';
      const probe = await timedRequest(product.origin, 'GET', route.path, { headers: cookie ? { cookie } : {} });
      if (probe.status !== 200) {
        const why = `GET ${route.path} answered ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ''}`;
        rows.push({ figure: `${route.name}: ${route.signedIn ? 'compressed React runtime + own JS' : 'compressed JS'} / CSS / HTML`, goal: weightGoal, measured: 'not available', pass: false, note: why });
        rows.push({ figure: `${route.name}: Lighthouse`, goal: lhGoal, measured: 'not available', pass: route.signedIn ? null : false });
        continue;
      }
      ctx.log(`pages: ${route.name}`);
      const weight = await measureWeight(browser, url, MOBILE, cookie ? { [ACCESS_COOKIE]: token! } : {});
      const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
      const { runtime, own } = splitRuntime(weight);
      const weightPass = route.signedIn ? own <= 40 * KB : weight.js === 0 && weight.html + weight.css <= 30 * KB;
      rows.push({
        figure: `${route.name}: ${route.signedIn ? 'compressed React runtime + own JS' : 'compressed JS'} / CSS / HTML`,
        goal: weightGoal,
        measured: `${route.signedIn ? `${kb(runtime)} + ${kb(own)}` : kb(weight.js)} / ${kb(weight.css)} / ${kb(weight.html)}`,
        pass: weightPass,
        note: weight.encodings.some((e) => e.endsWith(':identity')) ? `sent without compression: ${weight.encodings.filter((e) => e.endsWith(':identity')).join(', ')}` : undefined,
        data: weight,
      });

      const runs: LighthouseScores[] = [];
      // Public pages carry Lighthouse goals: the median of three runs; signed-in ones are reported once.
      for (let r = 0; r < ctx.reps(1, route.signedIn ? 1 : 3); r++) {
        try {
          runs.push(await runLighthouse(url, cookie ? { Cookie: cookie } : {}));
        } catch (error) {
          ctx.log(`lighthouse ${route.name}: ${(error as Error).message}`);
        }
      }
      if (!runs.length) {
        rows.push({ figure: `${route.name}: Lighthouse`, goal: lhGoal, measured: 'error', pass: route.signedIn ? null : false });
        continue;
      }
      const med = (key: keyof Omit<LighthouseScores, 'failed'>) => median(runs.map((x) => x[key]));
      const s = { performance: med('performance'), accessibility: med('accessibility'), bestPractices: med('bestPractices'), seo: med('seo'), fcp: med('fcp'), lcp: med('lcp'), tbt: med('tbt'), cls: med('cls') };
      const all100 = s.performance === 100 && s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100;
      const failed = [...new Set(runs.flatMap((x) => x.failed))];
      rows.push({
        figure: `${route.name}: Lighthouse perf/a11y/BP/SEO; FCP, LCP, TBT, CLS`,
        goal: lhGoal,
        measured: `${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo}; ${(s.fcp / 1000).toFixed(2)} s, ${(s.lcp / 1000).toFixed(2)} s, ${Math.round(s.tbt)} ms, ${s.cls.toFixed(3)}`,
        pass: route.signedIn ? null : all100 && s.lcp <= 1200,
        note: failed.length ? `audits below 1: ${failed.slice(0, 8).join('; ')}` : undefined,
        data: runs,
      });
    }
    rows.push(await sitemapRow(product.origin, m.sampleArticlePath));
    return rows;
  },
};

/** One row: the addresses listed per sitemap; passes when every sitemap answers and the content one lists the sample article. */
async function sitemapRow(origin: string, articlePath: string | null): Promise<Row> {
  const files = await readSitemaps(origin);
  const content = files.find((file) => file.path === '/sitemap-content.xml');
  const total = files.reduce((sum, file) => sum + file.urls.length, 0);
  const broken = files.filter((file) => file.status !== 200);
  const articleListed = articlePath === null || Boolean(content?.urls.includes(articlePath));
  return {
    figure: 'sitemap: addresses listed (per sitemap)',
    goal: 'every public page kind, articles, video and audio included',
    measured: `${total} (${files.map((file) => `${file.path.replace(/^\/sitemap-?|\.xml$/g, '') || 'index'} ${file.urls.length}`).join(', ')})`,
    pass: broken.length === 0 && content !== undefined && content.urls.length > 0 && articleListed,
    note: broken.length
      ? `answered with an error: ${broken.map((file) => `${file.path} ${file.status}`).join(', ')}`
      : !content
        ? 'the index names no content sitemap'
        : articleListed
          ? undefined
          : `${articlePath} is not in the content sitemap`,
    data: files.map((file) => ({ path: file.path, status: file.status, urls: file.urls.length })),
  };
}
