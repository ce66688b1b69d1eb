import type { Measure, Row } from '../lib/context.ts';
import { freshDir } from '../lib/context.ts';
import { ACCESS_COOKIE } from '../lib/auth.ts';
import { DEMO_DIR, PORTS } from '../lib/paths.ts';
import { startProduct } from '../lib/server.ts';
import { mb } from '../lib/stats.ts';
import { STOCK_PDF, startStockServer } from '../lib/stock.ts';
import { heapAfterPages, readerTarget } from './reader.ts';

/**
 * 7. Memory: the product's RSS a moment after it starts, on a fresh demo database and on the
 * 100k-book scale database; and the browser's JS heap after reading 100 pages of the 352-page
 * PDF in our reader (with pdf.js's viewer doing the same, for reference).
 */
export const memoryMeasure: Measure = {
  name: 'memory',
  title: 'Memory',
  build: true,
  async run(ctx) {
    const rows: Row[] = [];
    await ctx.stopServer();
    // Demo data: a fresh data directory seeds itself on first start; RSS is taken after a restart.
    freshDir(DEMO_DIR);
    const seeding = await startProduct(DEMO_DIR, PORTS.demo, 'product-demo');
    await seeding.stop();
    const demo = await startProduct(DEMO_DIR, PORTS.demo, 'product-demo');
    await new Promise((r) => setTimeout(r, 2000));
    const demoRss = demo.rss();
    await demo.stop();
    rows.push({ figure: 'server RSS after start, demo data', goal: '', measured: mb(demoRss), pass: null, data: demoRss });

    ctx.productStartRss = null;
    const product = await ctx.product();
    rows.push({ figure: `server RSS after start, ${ctx.manifest.books.toLocaleString('en-US')} books`, goal: '', measured: mb(ctx.productStartRss ?? NaN), pass: null, data: ctx.productStartRss });

    // Bench user 1 reads here, so the pages it turns do not move user 0's place in the reader bench.
    const token = (await ctx.tokens(2))[1];
    const browser = await ctx.chromium();
    const pdf = await readerTarget(ctx, product.origin, token!, 'pdf', STOCK_PDF, 1);
    const pages = ctx.reps(20, 100);
    if (!pdf.url) {
      rows.push({ figure: `browser JS heap after ${pages} pages of the PDF`, goal: '', measured: 'not available', pass: null, note: pdf.problem ?? undefined });
    } else {
      const ours = await heapAfterPages(browser, pdf.url, { [ACCESS_COOKIE]: token! }, pages, 'key');
      const stock = await startStockServer(PORTS.stock);
      let theirs: { heap: number; page: number } | null = null;
      try {
        theirs = await heapAfterPages(browser, `${stock.origin}/pdf.html`, {}, pages, 'pdfjs');
      } catch (error) {
        ctx.log(`memory: pdf.js viewer: ${(error as Error).message}`);
      } finally {
        await stock.close();
      }
      rows.push({
        figure: `browser JS heap after ${pages} pages of the 352-page PDF (ours; pdf.js viewer)`,
        goal: '',
        measured: `${mb(ours.heap)}${Number.isFinite(ours.page) ? ` at page ${ours.page}` : ''}; ${theirs ? mb(theirs.heap) : 'n/a'}`,
        pass: null,
        note: 'main-thread heap after a forced GC; the pdf.js worker is not included',
        data: { ours, theirs },
      });
    }
    return rows;
  },
};
