import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXTURES } from './paths.ts';

/*
 * The stock viewers the readers are compared with, served the way a plain static host would:
 * code gzipped with a long cache lifetime, book files uncompressed, with range requests and no
 * caching (so a "code cached" run still downloads the book).
 *   /pdf.html   pdf.js's own viewer component (web/pdf_viewer.mjs), as in its documented simple
 *               viewer, opening freeculture-352p-outline.pdf by range requests only
 *               (disableAutoFetch, disableStream)
 *   /epub.html  epub.js opening the packed moby-dick.epub by URL
 */

const require = createRequire(import.meta.url);
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));
const EPUBJS = join(dirname(require.resolve('epubjs/package.json')), 'dist');
const JSZIP = join(dirname(require.resolve('jszip/package.json')), 'dist');

export const STOCK_PDF = 'freeculture-352p-outline.pdf';
export const STOCK_EPUB = 'moby-dick.epub';

const PDF_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>pdf.js simple viewer</title>
<link rel="stylesheet" href="/pdfjs/web/pdf_viewer.css">
<style>body{margin:0}#viewerContainer{overflow:auto;position:absolute;inset:0}</style>
</head><body>
<div id="viewerContainer"><div id="viewer" class="pdfViewer"></div></div>
<script type="module">
import * as pdfjsLib from '/pdfjs/build/pdf.min.mjs';
globalThis.pdfjsLib = pdfjsLib;
const { PDFViewer, EventBus, PDFLinkService } = await import('/pdfjs/web/pdf_viewer.mjs');
pdfjsLib.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.min.mjs';
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const container = document.getElementById('viewerContainer');
const viewer = new PDFViewer({ container, eventBus, linkService });
linkService.setViewer(viewer);
eventBus.on('pagesinit', () => { viewer.currentScaleValue = 'page-width'; });
eventBus.on('pagerendered', (e) => { if (e.pageNumber === 1) globalThis.__benchStockRendered?.(); });
globalThis.__viewer = viewer;
const doc = await pdfjsLib.getDocument({
  url: '/books/${STOCK_PDF}', disableAutoFetch: true, disableStream: true,
  cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pdfjs/standard_fonts/',
}).promise;
viewer.setDocument(doc);
linkService.setDocument(doc, null);
</script>
</body></html>`;

const EPUB_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>epub.js</title>
<style>body{margin:0}#viewer{position:absolute;inset:0}</style>
<script src="/epubjs/jszip.min.js"></script>
<script src="/epubjs/epub.min.js"></script>
</head><body>
<div id="viewer"></div>
<script>
const book = ePub('/books/${STOCK_EPUB}');
const rendition = book.renderTo('viewer', { width: '100%', height: '100%' });
rendition.on('rendered', () => globalThis.__benchStockRendered && globalThis.__benchStockRendered());
rendition.display();
</script>
</body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

function resolveFile(pathname: string): { file: string } | { body: string } | null {
  if (pathname === '/pdf.html') return { body: PDF_PAGE };
  if (pathname === '/epub.html') return { body: EPUB_PAGE };
  if (pathname.includes('..')) return null;
  if (pathname.startsWith('/pdfjs/')) return { file: join(PDFJS, pathname.slice(7)) };
  if (pathname === '/epubjs/jszip.min.js') return { file: join(JSZIP, 'jszip.min.js') };
  if (pathname.startsWith('/epubjs/')) return { file: join(EPUBJS, pathname.slice(8)) };
  if (pathname.startsWith('/books/')) return { file: join(FIXTURES, pathname.slice(7)) };
  return null;
}

/** Starts the stock viewers' server on 127.0.0.1:`port`. */
export function startStockServer(port: number): Promise<{ origin: string; close(): Promise<void> }> {
  const gzipped = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const found = resolveFile(url.pathname);
    const ext = url.pathname.slice(url.pathname.lastIndexOf('.'));
    let body: Buffer;
    try {
      body = found && 'body' in found ? Buffer.from(found.body) : found ? readFileSync(found.file) : Buffer.alloc(0);
      if (found && 'file' in found && !statSync(found.file).isFile()) throw new Error('not a file');
    } catch {
      res.writeHead(404).end();
      return;
    }
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[ext] ?? 'application/octet-stream';
    if (url.pathname.startsWith('/books/')) {
      // Book files: plain, range requests, never cached.
      const headers: Record<string, string> = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(body.length - 1, range[2] ? Number(range[2]) : body.length - 1);
        res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': String(end - start + 1) });
        res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { ...headers, 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // Code and pages: gzip when asked, cached for a year (pages for no time).
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable' };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && ['.html', '.mjs', '.js', '.css', '.svg'].includes(ext)) {
      let zipped = gzipped.get(url.pathname);
      if (!zipped) gzipped.set(url.pathname, (zipped = gzipSync(body, { level: 6 })));
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(zipped.length) });
      res.end(zipped);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
