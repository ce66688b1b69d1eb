import type { Browser } from 'playwright';
import type { BenchContext, Measure, Row } from '../lib/context.ts';
import { ACCESS_COOKIE } from '../lib/auth.ts';
import { firstPaint, type FirstPaint } from '../lib/firstpaint.ts';
import { PHONE_SCREENS, phoneLayout } from '../lib/phone-layout.ts';
import { json, timedRequest } from '../lib/http.ts';
import { PORTS } from '../lib/paths.ts';
import { median, sec } from '../lib/stats.ts';
import { STOCK_EPUB, STOCK_PDF, startStockServer } from '../lib/stock.ts';

/** Where our readers open a book, and what counts as book data there. */
export const READER_PATHS = { pdf: '/read-book', epub: '/read-book-epub' } as const;
const ourBookData = (url: string) => new URL(url).pathname.startsWith('/storage/');
const stockBookData = (url: string) => new URL(url).pathname.startsWith('/books/');

export interface ReaderTarget {
  kind: 'pdf' | 'epub';
  file: string;
  bookId: string | null;
  url: string | null;
  problem: string | null;
}

/**
 * The reader URL of a fixture book for bench user `user` (whose `token` is given), who borrows it
 * first (asking again answers the same loan). The user's reading position in the book is set back
 * to the start, since the readers reopen a book where it was left and the bench measures the first
 * page. `url` is null, with the reason, when the book or the reader route is missing.
 */
export async function readerTarget(ctx: BenchContext, origin: string, token: string, kind: 'pdf' | 'epub', file: string, user = 0): Promise<ReaderTarget> {
  const m = ctx.manifest;
  const book = m.readable?.[file];
  const none = (problem: string): ReaderTarget => ({ kind, file, bookId: book?.bookId ?? null, url: null, problem });
  if (!book) return none(`${file} is not in the scale data (shared fixtures missing?)`);
  const cookie = `${ACCESS_COOKIE}=${token}`;
  if (book.drm && m.demoEpustakaId) {
    const res = await timedRequest(origin, 'POST', '/webhook/borrow', {
      headers: { cookie },
      body: { user_id: m.benchUsers[user]!.id, book_id: book.bookId, epustaka_id: m.demoEpustakaId },
    });
    if (res.status !== 200 && res.status !== 201) return none(`borrowing ${file} answered ${res.status}: ${json(res.body)?.errors?.[0]?.code ?? res.body.slice(0, 80)}`);
  }
  const reset = await timedRequest(origin, 'POST', '/webhook/book-reading-progress', {
    headers: { cookie },
    body: { book_id: book.bookId, last_page: 1, total_page: 0, platform_info: 'web', epub_read_locator: null },
  });
  if (reset.status !== 200) return none(`resetting the reading position of ${file} answered ${reset.status}`);
  const path = `${READER_PATHS[kind]}?book=${book.bookId}`;
  const probe = await timedRequest(origin, 'GET', path, { headers: { cookie } });
  if (probe.status !== 200) return none(`GET ${READER_PATHS[kind]} answered ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ''}`);
  return { kind, file, bookId: book.bookId, url: origin + path, problem: null };
}

interface Case {
  name: string;
  url: string | null;
  cookies: Record<string, string>;
  isBookData: (url: string) => boolean;
  /** A PDF reader: also the first page visible and drawn by pdf.js with its text (see firstpaint.ts). */
  pdf?: boolean;
  runs: { empty: FirstPaint[]; cached: FirstPaint[] };
}

const summary = (runs: FirstPaint[]) => {
  const ok = runs.filter((r) => r.ok);
  return {
    ms: ok.length ? median(ok.map((r) => r.ms)) : NaN,
    visibleMs: ok.length ? median(ok.map((r) => r.visibleMs ?? NaN)) : NaN,
    textMs: ok.length ? median(ok.map((r) => r.textMs ?? NaN)) : NaN,
    bytes: ok.length ? median(ok.map((r) => r.bytes)) : NaN,
    bookBytes: ok.length ? median(ok.map((r) => r.bookBytes)) : NaN,
    failed: runs.length - ok.length,
    error: runs.find((r) => !r.ok)?.error,
  };
};
const kb = (n: number) => (Number.isFinite(n) ? `${Math.round(n / 1024)} KB` : 'n/a');
const mb = (n: number) => (Number.isFinite(n) ? `${(n / 1024 / 1024).toFixed(2)} MB` : 'n/a');

/**
 * 6. Reader first page under slow 4G and a 4x slower CPU: our PDF reader on the DRM Free Culture
 * against pdf.js's own viewer component on the same file unencrypted (range requests only), and
 * our EPUB reader on Moby-Dick against epub.js opening the packed file, all in the same run, with
 * an empty cache and with the code cached.
 */
export const readerMeasure: Measure = {
  name: 'reader',
  title: 'Reader first page',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const [token] = await ctx.tokens(1);
    const browser = await ctx.chromium();
    const pdf = await readerTarget(ctx, product.origin, token!, 'pdf', STOCK_PDF);
    const epub = await readerTarget(ctx, product.origin, token!, 'epub', STOCK_EPUB);
    const stock = await startStockServer(PORTS.stock);
    const cookies = { [ACCESS_COOKIE]: token! };
    const cases: Case[] = [
      { name: 'our PDF reader', url: pdf.url, cookies, isBookData: ourBookData, pdf: true, runs: { empty: [], cached: [] } },
      { name: 'pdf.js viewer', url: `${stock.origin}/pdf.html`, cookies: {}, isBookData: stockBookData, pdf: true, runs: { empty: [], cached: [] } },
      { name: 'our EPUB reader', url: epub.url, cookies, isBookData: ourBookData, runs: { empty: [], cached: [] } },
      { name: 'epub.js', url: `${stock.origin}/epub.html`, cookies: {}, isBookData: stockBookData, runs: { empty: [], cached: [] } },
    ];
    try {
      // Interleaved, so both sides of each ratio see the same machine.
      for (let i = 0; i < ctx.reps(1, 2); i++) {
        for (const mode of ['empty', 'cached'] as const) {
          for (const c of cases) {
            // A case that never painted is not tried again: each try costs the whole time-out.
            if (!c.url || c.runs[mode].some((r) => !r.ok)) continue;
            const result = await firstPaint(browser, c.url, { cached: mode === 'cached', cookies: c.cookies, isBookData: c.isBookData, timeoutMs: 30_000, pdf: c.pdf });
            const pdfTimes = c.pdf && result.ok ? `; visible ${sec(result.visibleMs ?? NaN)}, text ${sec(result.textMs ?? NaN)}` : '';
            ctx.log(`reader: ${c.name}, ${mode} cache: ${result.ok ? `${sec(result.ms)}, ${kb(result.bytes)} (${kb(result.bookBytes)} book)${pdfTimes}` : result.error}`);
            c.runs[mode].push(result);
          }
        }
      }
    } finally {
      await stock.close();
    }

    const rows: Row[] = [];
    const [ourPdf, stockPdf, ourEpub, stockEpub] = cases.map((c) => ({ empty: summary(c.runs.empty), cached: summary(c.runs.cached) }));
    const ratioRow = (label: string, target: ReaderTarget, ours: typeof ourPdf, theirs: typeof ourPdf, stockName: string, reference: string): Row => {
      if (!target.url) return { figure: `${label}, empty cache, vs ${stockName}`, goal: '≤ 0.5× the stock viewer', measured: 'not available', pass: false, note: target.problem ?? undefined };
      const ratio = ours!.empty.ms / theirs!.empty.ms;
      return {
        figure: `${label}, empty cache: ours vs ${stockName}`,
        goal: '≤ 0.5× the stock viewer',
        measured: `${sec(ours!.empty.ms)}, ${mb(ours!.empty.bytes)} vs ${sec(theirs!.empty.ms)}, ${mb(theirs!.empty.bytes)} = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}×`,
        pass: Number.isFinite(ratio) && ratio <= 0.5,
        note: [ours!.empty.error && `ours: ${ours!.empty.error}`, theirs!.empty.error && `stock: ${theirs!.empty.error}`, `reference for the stock viewer here: ${reference}`].filter(Boolean).join('; '),
        data: { ours: ours!.empty, stock: theirs!.empty },
      };
    };
    rows.push(ratioRow('PDF first page', pdf, ourPdf, stockPdf, 'pdf.js viewer', '7.2 s, 1.06 MB'));
    // The PDF's two first-page times, each against the stock viewer in the same run.
    const pdfTimeRow = (figure: string, pick: (s: ReturnType<typeof summary>) => number, goal: string, pass: (ratio: number) => boolean | null): Row => {
      if (!pdf.url) return { figure, goal, measured: 'not available', pass: false, note: pdf.problem ?? undefined };
      const ours = pick(ourPdf!.empty);
      const theirs = pick(stockPdf!.empty);
      const ratio = ours / theirs;
      return {
        figure,
        goal,
        measured: `${sec(ours)} vs ${sec(theirs)} = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}×`,
        pass: Number.isFinite(ratio) ? pass(ratio) : false,
        data: { ours, stock: theirs },
      };
    };
    rows.push(pdfTimeRow('PDF first page visible (page-1 picture at the page’s size and DPR), empty cache: ours vs pdf.js viewer', (x) => x.visibleMs, '≤ 0.5× the stock viewer', (r) => r <= 0.5));
    rows.push(pdfTimeRow('PDF first page drawn by pdf.js (text selectable), empty cache: ours vs pdf.js viewer', (x) => x.textMs, '', () => null));
    if (pdf.url) {
      const c = ourPdf!.cached;
      rows.push({
        figure: 'PDF first page, code cached: time, book data before it',
        goal: '≤ 2 s, ≤ 384 KB',
        measured: `${sec(c.ms)}, ${kb(c.bookBytes)} book data (${kb(c.bytes)} in all)`,
        pass: c.ms <= 2000 && c.bookBytes <= 384 * 1024,
        note: c.error,
        data: { ours: c, stock: stockPdf!.cached },
      });
    } else {
      rows.push({ figure: 'PDF first page, code cached', goal: '≤ 2 s, ≤ 384 KB', measured: 'not available', pass: false });
    }
    rows.push(ratioRow('EPUB first chapter', epub, ourEpub, stockEpub, 'epub.js', '9.4 s, 1.7 MB'));
    if (epub.url) {
      const c = ourEpub!.cached;
      rows.push({ figure: 'EPUB first chapter, code cached', goal: '≤ 1.5 s', measured: `${sec(c.ms)}, ${kb(c.bookBytes)} book data (${kb(c.bytes)} in all)`, pass: c.ms <= 1500, note: c.error, data: { ours: c, stock: stockEpub!.cached } });
    } else {
      rows.push({ figure: 'EPUB first chapter, code cached', goal: '≤ 1.5 s', measured: 'not available', pass: false });
    }
    // On phones, portrait and landscape: each reader fits the screen (no overflow, Next on screen, 44 px).
    const phoneProblems: string[] = [];
    const shares: string[] = [];
    for (const target of [pdf, epub]) {
      if (!target.url) {
        phoneProblems.push(`${target.kind}: ${target.problem ?? 'not available'}`);
        continue;
      }
      for (const screen of PHONE_SCREENS) {
        const layout = await phoneLayout(browser, target.url, cookies, screen);
        ctx.log(`reader: ${target.kind} on a ${screen.name} phone: ${layout.ok ? 'fits' : layout.problem}`);
        if (!layout.ok) phoneProblems.push(`${target.kind} ${screen.name}: ${layout.problem}`);
        if (layout.pageShare !== null) shares.push(`${screen.name} ${Math.round(layout.pageShare * 100)}%`);
        // Portrait phones show the PDF at the page's width.
        if (target.kind === 'pdf' && screen.width < screen.height && layout.pageShare !== null && layout.pageShare < 0.9) {
          phoneProblems.push(`pdf ${screen.name}: page fills ${Math.round(layout.pageShare * 100)}% of the width`);
        }
      }
    }
    rows.push({
      figure: `readers on phones (${PHONE_SCREENS.map((s) => s.name).join(', ')}): fit, Next on screen`,
      goal: 'no overflow, PDF ≥ 90% wide',
      measured: phoneProblems.length ? `${phoneProblems.length} problem(s)` : `all fit; PDF page ${shares.join(', ')} of the width`,
      pass: phoneProblems.length === 0,
      note: phoneProblems.join('; ') || undefined,
    });
    rows.push({
      figure: 'stock viewers, code cached (pdf.js; epub.js)',
      goal: '',
      measured: `${sec(stockPdf!.cached.ms)}, ${kb(stockPdf!.cached.bookBytes)} book; ${sec(stockEpub!.cached.ms)}, ${kb(stockEpub!.cached.bookBytes)} book`,
      pass: null,
    });
    return rows;
  },
};

/**
 * JS heap of the page after turning `pages` pages (ArrowRight) in a reader, after a forced
 * garbage collection, from the DevTools protocol's JSHeapUsedSize.
 */
export async function heapAfterPages(browser: Browser, url: string, cookies: Record<string, string>, pages: number, turn: 'key' | 'pdfjs'): Promise<{ heap: number; page: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: new URL(url).origin })));
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1500);
    for (let i = 0; i < pages; i++) {
      if (turn === 'key') await page.keyboard.press('ArrowRight');
      else await page.evaluate(() => { const v = (globalThis as any).__viewer; v.currentPageNumber = Math.min(v.pagesCount, v.currentPageNumber + 1); });
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(2000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? NaN;
    const current = await page.evaluate(() => {
      const v = (globalThis as any).__viewer;
      if (v) return v.currentPageNumber as number;
      const label = document.querySelector('[aria-current="page"], [data-current-page]');
      return Number(label?.getAttribute('data-current-page') ?? NaN);
    });
    return { heap, page: current };
  } finally {
    await context.close();
  }
}
