import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { IngestError } from './errors.ts';
import { COVER_WIDTH } from './cover.ts';

/** One entry of a PDF's outline, with the 1-based page it points to (null when it has none). */
export interface OutlineItem {
  title: string;
  page: number | null;
  items: OutlineItem[];
}

/** What the ingest learns from a PDF. */
export interface PdfFacts {
  pages: number;
  outline: OutlineItem[];
  /** Chunks (of `chunkSize` bytes) pdf.js reads to open the file and draw page 1, ascending. */
  bootChunks: number[];
  title: string | null;
  author: string | null;
  /** The document's Subject, taken as the book's description when none is given. */
  subject: string | null;
  /** Page 1 drawn 400 px wide as a JPEG, or null when it could not be drawn. */
  cover: Uint8Array | null;
  /** Page 1 drawn at the reader's desktop zoom as a WebP, with the page's size in PDF points. */
  preview: { bytes: Uint8Array; width: number; height: number } | null;
}

/** The reader's desktop zoom (spec 02 §9); the preview is drawn for it, at most this wide. */
const PREVIEW_ZOOM = 1.8;
const PREVIEW_MAX_WIDTH = 1100;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfJs> | undefined;
// pdf.js's Node build is large; it loads on the first ingest, never at server start.
const loadPdfJs = () => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function assetDir(name: string): string {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return join(root, name) + '/';
}

/**
 * Opens a PDF the way the reader will (through ranges of `chunkSize`), records which chunks it
 * needs to draw page 1, and reads the page count, outline and document info.
 * @throws IngestError `pdf_password_required`, `pdf_password_wrong` or `pdf_invalid`.
 */
export async function inspectPdf(bytes: Uint8Array, options: { chunkSize: number; password?: string }): Promise<PdfFacts> {
  const pdfjs = await loadPdfJs();
  const { chunkSize } = options;
  const needed = new Set<number>([0]);
  const mark = (begin: number, end: number) => {
    for (let c = Math.floor(begin / chunkSize); c <= Math.floor((end - 1) / chunkSize); c++) needed.add(c);
  };
  class RecordingTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      mark(begin, end);
      queueMicrotask(() => this.onDataRange(begin, bytes.slice(begin, end)));
    }
  }
  const transport = new RecordingTransport(bytes.length, bytes.slice(0, Math.min(chunkSize, bytes.length)));
  const task = pdfjs.getDocument({
    range: transport,
    rangeChunkSize: chunkSize,
    disableAutoFetch: true,
    disableStream: true,
    password: options.password,
    verbosity: 0,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    // JBIG2 and JPEG 2000 images (scans) are decoded by pdf.js's decoders in this folder.
    wasmUrl: assetDir('wasm'),
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      const wrong = (error as { code?: number }).code === pdfjs.PasswordResponses.INCORRECT_PASSWORD;
      throw wrong
        ? new IngestError('pdf_password_wrong', 'The PDF password is wrong.', { cause: error })
        : new IngestError('pdf_password_required', 'The PDF is password-protected: give its password with --password.', { cause: error });
    }
    throw new IngestError('pdf_invalid', `The PDF is damaged or incomplete (${(error as Error).message}).`, { cause: error });
  }
  try {
    if (doc.numPages < 1) throw new IngestError('pdf_invalid', 'The PDF has no pages.');
    const page = await doc.getPage(1);
    // What the reader does before its first paint: draw the page, lay its text and links over it.
    await page.getOperatorList();
    await page.getTextContent();
    await page.getAnnotations();
    const bootChunks = [...needed].sort((a, b) => a - b);
    const outline = await readOutline(doc);
    const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: unknown; Author?: unknown; Subject?: unknown } | undefined;
    const cover = await drawPage(page, COVER_WIDTH, 'jpeg', 82);
    const base = page.getViewport({ scale: 1 });
    const previewBytes = await drawPage(page, Math.min(PREVIEW_MAX_WIDTH, Math.round(base.width * PREVIEW_ZOOM)), 'webp', 65);
    return {
      pages: doc.numPages,
      outline,
      bootChunks,
      title: cleanText(info?.Title),
      author: cleanText(info?.Author),
      subject: cleanText(info?.Subject),
      cover,
      preview: previewBytes ? { bytes: previewBytes, width: base.width, height: base.height } : null,
    };
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('pdf_invalid', `The PDF is damaged or incomplete (${(error as Error).message}).`, { cause: error });
  } finally {
    await task.destroy().catch(() => {});
  }
}

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;
type RawOutline = Awaited<ReturnType<PdfDoc['getOutline']>>;

async function readOutline(doc: PdfDoc): Promise<OutlineItem[]> {
  const raw = await doc.getOutline().catch(() => null);
  if (!raw) return [];
  const walk = async (items: RawOutline): Promise<OutlineItem[]> => {
    const out: OutlineItem[] = [];
    for (const item of items ?? []) {
      out.push({ title: cleanText(item.title) ?? '', page: await destinationPage(doc, item.dest), items: await walk(item.items) });
    }
    return out;
  };
  return walk(raw);
}

async function destinationPage(doc: PdfDoc, dest: string | unknown[] | null): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const target = explicit?.[0];
    if (target == null) return null;
    if (typeof target === 'number') return target + 1;
    return (await doc.getPageIndex(target as { num: number; gen: number })) + 1;
  } catch {
    return null;
  }
}

async function drawPage(page: PdfPage, width: number, format: 'jpeg' | 'webp', quality: number): Promise<Uint8Array | null> {
  try {
    const { createCanvas } = await import('@napi-rs/canvas');
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / base.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    return new Uint8Array(format === 'jpeg' ? await canvas.encode('jpeg', quality) : await canvas.encode('webp', quality));
  } catch {
    // A page pdf.js cannot draw in Node still reads in the browser; the cover falls back to a drawn one.
    return null;
  }
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}
